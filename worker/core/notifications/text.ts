import type { NotificationType } from "../../db/schema.ts";

/** The display name, else the username: how a member is named in notifications and on cards. */
export function nameOf(user: { displayName: string; username: string }): string {
  return user.displayName.trim() || user.username;
}

/** API.md "Notifications" (and "Follow requests"): the stored message and link for each type. */
export function notificationText(
  type: NotificationType,
  sender: { id: string; displayName: string; username: string },
  connectionId: string | null,
): { message: string; link: string } {
  const name = nameOf(sender);
  switch (type) {
    case "like":
      return { message: `${name} liked your connection.`, link: `/connections/${connectionId}` };
    case "favorite":
      return { message: `${name} favorited your connection.`, link: `/connections/${connectionId}` };
    case "comment":
      return { message: `${name} commented on your connection.`, link: `/connections/${connectionId}#comments` };
    case "new_follower":
      return { message: `${name} started following you.`, link: `/users/${sender.id}` };
    case "follow_request":
      return { message: `${name} asked to follow you.`, link: "/follow-requests" };
    case "follow_accepted":
      return { message: `${name} accepted your follow request.`, link: `/users/${sender.id}` };
  }
}
