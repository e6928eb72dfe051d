import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, connections, movies, type NotificationType, notifications, users } from "../../db/schema.ts";
import { sqlNewId, sqlNow } from "../../db/sql.ts";
import { notSuspended } from "../../db/suspended.ts";
import { memberPictureFields } from "../images/index.ts";
import { type MemberNotificationType, moderationText, notificationLink, notificationText } from "./text.ts";

/** API.md "Notification". */
export interface NotificationView {
  _id: string;
  type: NotificationType;
  read: boolean;
  createdAt: string;
  link: string;
  message: string;
  senderRef: { _id: string; username: string; profilePictureUrl: string; profileImageUrl: string };
  connectionRef: {
    _id: string;
    movieRef: { _id: string; title: string } | null;
    bookRef: { _id: string; title: string } | null;
  } | null;
}

export const NOTIFICATION_LIMIT = 50;

const sender = alias(users, "sender");

/** The columns of a notification with who sent it and what it is about (API.md "Notification"). */
const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  read: notifications.read,
  createdAt: notifications.createdAt,
  link: notifications.link,
  message: notifications.message,
  senderId: sender.id,
  senderUsername: sender.username,
  senderDisplayName: sender.displayName,
  senderPicture: sender.pictureKey,
  connectionId: connections.id,
  movieId: movies.id,
  movieTitle: movies.title,
  bookId: books.id,
  bookTitle: books.title,
};

/**
 * The notification in `notifications` is shown: it is the moderators' (their notices always are), or its sender is
 * not suspended. A suspended member's likes, comments and follows are hidden everywhere, and so is what they sent;
 * it comes back if the suspension is lifted (decision 017's addendum).
 */
export const shownNotification = sql`(${notifications.type} = 'moderation' or ${notSuspended(notifications.senderId)})`;

/**
 * A member's notifications, newest first, with who sent them and what they are about, as one query (the
 * notifications page reads the newest 50, the data export all of them).
 */
export function notificationsRead(db: Database, recipientId: string, limit?: number) {
  const query = notificationsQuery(db, {})
    .where(and(eq(notifications.recipientId, recipientId), shownNotification))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/** Notifications with who sent them and what connection they are about, and any `extra` columns. */
export function notificationsQuery<Extra extends Record<string, SQL | SQLiteColumn>>(db: Database, extra: Extra) {
  return db
    .select({ ...notificationColumns, ...extra })
    .from(notifications)
    .innerJoin(sender, eq(sender.id, notifications.senderId))
    .leftJoin(connections, eq(connections.id, notifications.connectionId))
    .leftJoin(movies, eq(movies.id, connections.movieId))
    .leftJoin(books, eq(books.id, connections.bookId));
}

type NotificationRow = Awaited<ReturnType<typeof notificationsRead>>[number];

export function toNotificationView(origin: string, row: NotificationRow) {
  return {
    _id: row.id,
    type: row.type,
    read: row.read,
    createdAt: new Date(row.createdAt).toISOString(),
    link: row.link,
    message: row.message,
    senderRef:
      row.type === "moderation"
        ? MODERATORS
        : {
            _id: row.senderId,
            username: row.senderUsername,
            ...memberPictureFields(origin, row.senderPicture),
          },
    connectionRef: row.connectionId
      ? {
          _id: row.connectionId,
          movieRef: row.movieId ? { _id: row.movieId, title: row.movieTitle ?? "" } : null,
          bookRef: row.bookId ? { _id: row.bookId, title: row.bookTitle ?? "" } : null,
        }
      : null,
  } satisfies NotificationView;
}

/**
 * Who a moderation notice is from, as members see it: the moderators as a team. The row names the acting
 * moderator (the audit log does too), but members are never told which one, so nobody is singled out for a removal.
 */
const MODERATORS = { _id: "", username: "moderators", ...memberPictureFields("", null) };

/** The viewer's newest notifications (at most 50). */
export async function listNotifications({ db, origin }: RequestServices, viewer: Viewer): Promise<NotificationView[]> {
  const rows = await notificationsRead(db, viewer.id, NOTIFICATION_LIMIT);
  return rows.map((row) => toNotificationView(origin, row));
}

export async function markAllNotificationsRead({ db }: RequestServices, viewer: Viewer) {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.recipientId, viewer.id), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return { message: "All notifications marked as read" as const, count: updated.length };
}

/**
 * Where clicking a notification goes (SPEC.md §4): its stored link, else the connection (plus #comments for
 * a comment), else the sender's profile for a new follower.
 */
export function notificationTarget(
  notification: Pick<NotificationView, "link" | "type" | "connectionRef" | "senderRef">,
): string {
  if (notification.link) return notification.link;
  const { type, senderRef, connectionRef } = notification;
  if (!connectionRef && type !== "new_follower") return "/notifications";
  return notificationLink(type, senderRef._id, connectionRef?._id ?? null);
}

/**
 * Comments and moderation notices may come again; every other type at most once per sender and target (see
 * `notificationsWhere`).
 */
function dedupeKeyOf(type: NotificationType, connectionId: string | null): string | null {
  if (type === "comment" || type === "moderation") return null;
  if (type === "new_follower") return "follow";
  if (type === "follow_request" || type === "follow_accepted") return type;
  return `${type}:${connectionId}`;
}

/**
 * Statement that records a notification (API.md) for each recipient a query finds: the `recipientId` column of
 * `from`'s rows that match `where`; never for one's own action, and, for every type but comments, at most once
 * per sender and target ever (the dedupe key's unique index turns a repeat into a no-op, so unliking and liking
 * again notifies once). The condition is read in the same statement as the insert, so a notification is written
 * only if what it tells of holds when it is written (a request still pending, a like that was written), and one
 * statement can notify every requester at once.
 */
export function notificationsWhere(
  db: RequestServices["db"],
  input: {
    type: MemberNotificationType;
    sender: Pick<Viewer, "id" | "username" | "displayName">;
    recipientId: SQLiteColumn;
    from: SQLiteTable;
    where: SQL;
    /** What a like, favorite or comment is about. */
    connectionId?: string;
    commentId?: string;
  },
) {
  const connectionId = input.connectionId ?? null;
  return insertWhere(db, { ...input, connectionId, text: notificationText(input.type, input.sender, connectionId) });
}

/**
 * Statement that tells the member in `recipientId` that a moderator removed their connection or comment, if
 * `when` holds as it runs (the case is still open and the item still there, say). No connection is attached: it
 * is about to be deleted, and its cascade would take the notice with it.
 */
export function moderationNotice(
  db: RequestServices["db"],
  input: {
    moderator: Pick<Viewer, "id">;
    recipientId: string;
    targetType: "connection" | "comment";
    summary: string;
    when: SQL;
  },
) {
  return insertWhere(db, {
    type: "moderation",
    sender: input.moderator,
    text: moderationText(input.targetType, input.summary),
    recipientId: users.id,
    from: users,
    where: sql`${users.id} = ${input.recipientId} and ${input.when}`,
    connectionId: null,
  });
}

function insertWhere(
  db: RequestServices["db"],
  input: {
    type: NotificationType;
    sender: Pick<Viewer, "id">;
    text: { message: string; link: string };
    recipientId: SQLiteColumn;
    from: SQLiteTable;
    where: SQL;
    connectionId: string | null;
    commentId?: string;
  },
) {
  const { connectionId } = input;
  const { message, link } = input.text;
  return db
    .insert(notifications)
    .select((qb) =>
      qb
        .select({
          id: sqlNewId().as("id"),
          recipientId: input.recipientId,
          senderId: sql`${input.sender.id}`.as("sender_id"),
          type: sql`${input.type}`.as("type"),
          connectionId: sql`${connectionId}`.as("connection_id"),
          commentId: sql`${input.commentId ?? null}`.as("comment_id"),
          dedupeKey: sql`${dedupeKeyOf(input.type, connectionId)}`.as("dedupe_key"),
          link: sql`${link}`.as("link"),
          message: sql`${message}`.as("message"),
          read: sql`0`.as("read"),
          createdAt: sqlNow().as("created_at"),
        })
        .from(input.from)
        .where(and(input.where, ne(input.recipientId, input.sender.id))),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
}

/** `notificationsWhere` for one member: notifies `recipientId` if `when` holds as the statement runs. */
export function notificationIf(
  db: RequestServices["db"],
  input: Pick<Parameters<typeof notificationsWhere>[1], "type" | "sender" | "connectionId" | "commentId"> & {
    recipientId: string;
    when: SQL;
  },
) {
  const { recipientId, when, ...notification } = input;
  return notificationsWhere(db, {
    ...notification,
    recipientId: users.id,
    from: users,
    where: sql`${users.id} = ${recipientId} and ${when}`,
  });
}
