import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { notifications, users } from "../../db/schema.ts";
import { notSuspended } from "../../db/suspended.ts";
import { badRequest } from "../errors.ts";
import { isId } from "../ids.ts";
import {
  NOTIFICATION_LIMIT,
  type NotificationView,
  notificationsQuery,
  shownNotification,
  toNotificationView,
} from "./notifications.ts";
import { groupedText } from "./text.ts";

/**
 * Repeated events on one connection as one entry (decision 033): a member's likes, favorites or comments of the
 * same kind on the same connection are a group, shown as its newest notification with who else did the same
 * ("Ana and 4 others liked your connection."). Every other notification is a group of its own. The API lists
 * groups when asked (`?group=connection`); without it, the contract's one notification per event.
 */
export const GROUPINGS = ["connection"] as const;
export const GROUP_MESSAGES = { unknownGrouping: 'Unknown group. Use "connection".' } as const;

/** A group as the API and the page show it: its newest notification, read only when all of the group is. */
export interface NotificationGroupView extends NotificationView {
  group: {
    /** Notifications in the group (a member commenting twice counts twice). */
    count: number;
    /** Different members in the group. */
    senders: number;
    unread: number;
  };
}

const member = alias(notifications, "group_member");
/** `member` in a FROM clause (an alias interpolated alone names only itself). */
const members = sql`${notifications} as ${sql.identifier("group_member")}`;

/** The notification in `notifications` can share a group: the kinds that repeat on a connection. */
const groupable = sql`(${notifications.type} in ('like', 'favorite', 'comment') and ${notifications.connectionId} is not null)`;

/** `member` is in the same group as the notification in `notifications` (read through `notifications_group`). */
const sameGroup = and(
  eq(member.recipientId, notifications.recipientId),
  eq(member.connectionId, notifications.connectionId),
  eq(member.type, notifications.type),
  notSuspended(member.senderId),
) as SQL;

/**
 * The member's newest `NOTIFICATION_LIMIT` groups, newest first, as one query: each group's newest notification
 * (none newer in its group, one seek of `notifications_group`), with the group's counts and the second newest
 * sender's name for the message.
 */
export function notificationGroupsRead(db: Database, recipientId: string) {
  const secondSender = sql`(select json_object('displayName', ${users.displayName}, 'username', ${users.username})
    from ${members} join ${users} on ${users.id} = ${member.senderId}
    where ${sameGroup} and ${member.senderId} <> ${notifications.senderId}
    order by ${member.createdAt} desc, ${member.id} desc limit 1)`;
  const newer = sql`exists (select 1 from ${members} where ${sameGroup}
    and (${member.createdAt}, ${member.id}) > (${notifications.createdAt}, ${notifications.id}))`;
  return notificationsQuery(db, {
    groupCount: sql<number>`(case when ${groupable} then (select count(*) from ${members} where ${sameGroup}) else 1 end)`,
    groupSenders: sql<number>`(case when ${groupable} then (select count(distinct ${member.senderId}) from ${members} where ${sameGroup}) else 1 end)`,
    groupUnread: sql<number>`(case when ${groupable} then (select count(*) from ${members} where ${sameGroup} and ${member.read} = 0) else ${notifications.read} = 0 end)`,
    secondSender: sql<string | null>`(case when ${groupable} then ${secondSender} end)`,
  })
    .where(and(eq(notifications.recipientId, recipientId), shownNotification, sql`not (${groupable} and ${newer})`))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIMIT);
}

type GroupRow = Awaited<ReturnType<typeof notificationGroupsRead>>[number];

export function toNotificationGroupView(origin: string, row: GroupRow): NotificationGroupView {
  const view = toNotificationView(origin, row);
  const senders = Number(row.groupSenders);
  const unread = Number(row.groupUnread);
  const second = row.secondSender ? (JSON.parse(row.secondSender) as { displayName: string; username: string }) : null;
  const message =
    senders > 1 && (row.type === "like" || row.type === "favorite" || row.type === "comment")
      ? groupedText(row.type, { displayName: row.senderDisplayName, username: row.senderUsername }, second, senders)
      : view.message;
  return { ...view, read: unread === 0, message, group: { count: Number(row.groupCount), senders, unread } };
}

/** The viewer's newest notification groups (at most 50). */
export async function listNotificationGroups({ db, origin }: RequestServices, viewer: Viewer) {
  const rows = await notificationGroupsRead(db, viewer.id);
  return rows.map((row) => toNotificationGroupView(origin, row));
}

/** Reads the API's `group` parameter: absent lists single notifications; "connection" groups them. */
export function readGrouping(value: string | undefined): "connection" | null {
  const asked = value?.trim().toLowerCase();
  if (!asked) return null;
  if (asked === "connection") return asked;
  throw badRequest(GROUP_MESSAGES.unknownGrouping);
}

/**
 * Marks the viewer's notification `id` read, and with `group` every unread notification of its group: the group
 * is read the moment its entry is. Someone else's id changes nothing (count 0).
 */
export async function markNotificationRead(
  { db }: Pick<RequestServices, "db">,
  viewer: Viewer,
  id: string,
  options: { group?: boolean } = {},
) {
  if (!isId(id)) throw badRequest("Invalid Notification ID format");
  const own = and(eq(notifications.recipientId, viewer.id), eq(notifications.read, false));
  const target = alias(notifications, "target");
  const targets = sql`${notifications} as ${sql.identifier("target")}`;
  const inGroup = sql`(${groupable} and (${notifications.connectionId}, ${notifications.type}) =
    (select ${target.connectionId}, ${target.type} from ${targets} where ${target.id} = ${id} and ${target.recipientId} = ${viewer.id}))`;
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(own, options.group ? sql`(${notifications.id} = ${id} or ${inGroup})` : eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return {
    message: "Notifications marked as read" as const,
    count: updated.length,
    updatedIds: updated.map((row) => row.id),
  };
}

/**
 * How many unread entries the notifications page shows (the header's badge): unread groups, each counted once.
 * A correlated scalar for the viewer's query, read through the `notifications_unread` partial index.
 */
export function unreadGroupCount(recipientId: SQL | string): SQL<number> {
  const key = sql`case when ${notifications.type} in ('like', 'favorite', 'comment') and ${notifications.connectionId} is not null
    then ${notifications.type} || ':' || ${notifications.connectionId} else ${notifications.id} end`;
  return sql<number>`(select count(distinct ${key}) from ${notifications}
    where ${notifications.recipientId} = ${recipientId} and ${notifications.read} = 0 and ${shownNotification})`;
}
