import type { NotificationType } from "../../db/schema.ts";
import { memberName } from "../rules/index.ts";

/**
 * Where a notification leads (SPEC.md §4, API.md "Follow requests"): the connection (at its comments for a
 * comment), the member who followed or accepted, or the pending requests.
 */
export function notificationLink(type: NotificationType, senderId: string, connectionId: string | null): string {
  if (type === "new_follower" || type === "follow_accepted") return `/users/${senderId}`;
  if (type === "follow_request") return "/follow-requests";
  return `/connections/${connectionId}${type === "comment" ? "#comments" : ""}`;
}

/** API.md "Notifications" (and "Follow requests"): the stored message and link for each type. */
export function notificationText(
  type: NotificationType,
  sender: { id: string; displayName: string; username: string },
  connectionId: string | null,
): { message: string; link: string } {
  const name = memberName(sender);
  const messages: Record<NotificationType, string> = {
    like: `${name} liked your connection.`,
    favorite: `${name} favorited your connection.`,
    comment: `${name} commented on your connection.`,
    new_follower: `${name} started following you.`,
    follow_request: `${name} asked to follow you.`,
    follow_accepted: `${name} accepted your follow request.`,
  };
  return { message: messages[type], link: notificationLink(type, sender.id, connectionId) };
}
