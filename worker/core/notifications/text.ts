import type { NotificationType } from "../../db/schema.ts";
import { memberName } from "../rules/index.ts";

/** API.md "Notifications": the stored message and link for each type. */
export function notificationText(
  type: NotificationType,
  sender: { id: string; displayName: string; username: string },
  connectionId: string | null,
): { message: string; link: string } {
  const name = memberName(sender);
  switch (type) {
    case "like":
      return { message: `${name} liked your connection.`, link: `/connections/${connectionId}` };
    case "favorite":
      return { message: `${name} favorited your connection.`, link: `/connections/${connectionId}` };
    case "comment":
      return { message: `${name} commented on your connection.`, link: `/connections/${connectionId}#comments` };
    case "new_follower":
      return { message: `${name} started following you.`, link: `/users/${sender.id}` };
  }
}
