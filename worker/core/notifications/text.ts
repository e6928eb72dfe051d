import type { NotificationType } from "../../db/schema.ts";
import { memberName, type ReportTargetType, shortened } from "../rules/index.ts";

/** The types one member's action causes; `moderation` notices are written by `moderationText`. */
export type MemberNotificationType = Exclude<NotificationType, "moderation">;

/** Where a moderation notice leads: what the community guidelines say (the Help page). */
export const MODERATION_LINK = "/help#community-guidelines";

/**
 * Where a notification leads (SPEC.md §4, API.md "Follow requests"): the connection (at its comments for a
 * comment), the member who followed or accepted, the pending requests, or the community guidelines.
 */
export function notificationLink(type: NotificationType, senderId: string, connectionId: string | null): string {
  if (type === "new_follower" || type === "follow_accepted") return `/users/${senderId}`;
  if (type === "follow_request") return "/follow-requests";
  if (type === "moderation") return MODERATION_LINK;
  return `/connections/${connectionId}${type === "comment" ? "#comments" : ""}`;
}

/** API.md "Notifications" (and "Follow requests"): the stored message and link for each type. */
export function notificationText(
  type: MemberNotificationType,
  sender: { id: string; displayName: string; username: string },
  connectionId: string | null,
): { message: string; link: string } {
  const name = memberName(sender);
  const messages: Record<MemberNotificationType, string> = {
    like: `${name} liked your connection.`,
    favorite: `${name} favorited your connection.`,
    comment: `${name} commented on your connection.`,
    new_follower: `${name} started following you.`,
    follow_request: `${name} asked to follow you.`,
    follow_accepted: `${name} accepted your follow request.`,
  };
  return { message: messages[type], link: notificationLink(type, sender.id, connectionId) };
}

/** What a group of likes, favorites or comments on one connection says the members did (decision 033). */
const GROUPED_ACTIONS = {
  like: "liked your connection.",
  favorite: "favorited your connection.",
  comment: "commented on your connection.",
} as const;

/**
 * A group's message, naming its newest member: "Ana and Ben liked your connection." for two members, "Ana and 4
 * others liked your connection." for more (`senders` counts different members, newest included).
 */
export function groupedText(
  type: keyof typeof GROUPED_ACTIONS,
  newest: { displayName: string; username: string },
  second: { displayName: string; username: string } | null,
  senders: number,
): string {
  const others = senders - 1;
  const company = others === 1 && second ? memberName(second) : `${others} ${others === 1 ? "other" : "others"}`;
  return `${memberName(newest)} and ${company} ${GROUPED_ACTIONS[type]}`;
}

/** How much of the removed item a moderation notice quotes. */
const QUOTED = 80;

/**
 * API.md "Reports and moderation": the notice a member gets when a moderator removes their connection or comment,
 * naming what went (as the report case recorded it) and leading to the community guidelines.
 */
export function moderationText(targetType: Exclude<ReportTargetType, "user">, summary: string) {
  const quoted = shortened(summary, QUOTED);
  return { message: `A moderator removed your ${targetType} "${quoted}".`, link: MODERATION_LINK };
}
