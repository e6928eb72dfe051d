import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { followRequests, follows, notifications, users } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { notificationIf, notificationsWhere } from "../notifications/index.ts";
import { followerCountOf } from "./follower-count.ts";
import { authorVisibleTo, followExists, noBlockBetween } from "./privacy.ts";
import { FOLLOW_MESSAGES, PROFILE_MESSAGES } from "./schemas.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

type Db = RequestServices["db"];
type Sender = Pick<Viewer, "id" | "username" | "displayName">;

/**
 * How many pending requests `GET /follows/requests` and /follow-requests show, newest first: a member with more
 * sees the rest as they answer these (decision 014).
 */
export const FOLLOW_REQUESTS_SHOWN = 200;

const pair = (requesterId: string, targetId: string) =>
  sql`${followRequests.requesterId} = ${requesterId} and ${followRequests.targetId} = ${targetId}`;

/** The `follow_request` notification of a pair: it lives exactly as long as the request (decision 014). */
const requestNotification = (requesterId: string, targetId: string) =>
  and(
    eq(notifications.recipientId, targetId),
    eq(notifications.senderId, requesterId),
    eq(notifications.type, "follow_request"),
  );

/**
 * Accepts the member's pending requests that `which` selects: each requester becomes a follower and is told,
 * and the requests and their notifications go. Every statement reads the requests themselves, so requests a
 * racing cancel or decline removed first change nothing. The last statement returns the requests accepted.
 */
function acceptStatements(db: Db, member: Sender, which: SQL) {
  const requests = sql`${followRequests.targetId} = ${member.id} and ${which}`;
  return [
    db
      .insert(follows)
      .select((qb) =>
        qb
          .select({
            followerId: followRequests.requesterId,
            followeeId: followRequests.targetId,
            createdAt: sqlNow().as("created_at"),
          })
          .from(followRequests)
          .where(requests),
      )
      .onConflictDoNothing(),
    notificationsWhere(db, {
      type: "follow_accepted",
      sender: member,
      recipientId: followRequests.requesterId,
      from: followRequests,
      where: requests,
    }),
    db
      .delete(notifications)
      .where(
        and(
          eq(notifications.recipientId, member.id),
          eq(notifications.type, "follow_request"),
          inArray(
            notifications.senderId,
            db.select({ id: followRequests.requesterId }).from(followRequests).where(requests),
          ),
        ),
      ),
    db.delete(followRequests).where(requests).returning({ id: followRequests.id }),
  ] as const;
}

/**
 * A request from the viewer to a member and its notification, as a batch's first two statements. The insert
 * re-reads, in its own statement, that the member is private, not followed by the viewer already and in no
 * block with them, so its RETURNING is empty when any of that changed since the caller looked; a second request
 * of the pair breaks the `follow_requests_pair` index.
 */
export function sendRequestStatements(db: Db, viewer: Sender, targetId: string) {
  const id = newId();
  const insert = db
    .insert(followRequests)
    .select((qb) =>
      qb
        .select({
          id: sql`${id}`.as("id"),
          requesterId: sql`${viewer.id}`.as("requester_id"),
          targetId: users.id,
          createdAt: sqlNow().as("created_at"),
        })
        .from(users)
        .where(
          and(
            eq(users.id, targetId),
            eq(users.isPrivate, true),
            sql`not ${followExists(viewer.id, users.id)}`,
            noBlockBetween(viewer.id, users.id),
          ),
        ),
    )
    .returning({ id: followRequests.id });
  const notify = notificationIf(db, {
    type: "follow_request",
    sender: viewer,
    recipientId: targetId,
    when: sql`exists (select 1 from ${followRequests} where ${followRequests.id} = ${id})`,
  });
  return [insert, notify] as const;
}

/** Withdraws the requester's pending request and its notification; the first statement returns what it removed. */
export function cancelRequestStatements(db: Db, requesterId: string, targetId: string) {
  return [
    db.delete(followRequests).where(pair(requesterId, targetId)).returning({ id: followRequests.id }),
    db.delete(notifications).where(requestNotification(requesterId, targetId)),
  ] as const;
}

/**
 * Turning public accepts every pending request (API.md), as if the member had accepted them one by one.
 * `member` carries the name the member will have after the change (it may change in the same save).
 */
export function acceptEveryRequestStatements(db: Db, member: Sender) {
  return acceptStatements(db, member, sql`1`);
}

export interface FollowRequestView {
  _id: string;
  user: UserSummary;
  createdAt: string;
}

/**
 * GET /follows/requests: the requests waiting for the viewer's answer, newest first (ties by id). A suspended
 * member's request waits unseen, by moderators too: accepting it would change nothing while the suspension holds.
 */
export async function listFollowRequests(
  { db, origin }: RequestServices,
  viewer: Viewer,
): Promise<FollowRequestView[]> {
  const rows = await db
    .select({
      id: followRequests.id,
      createdAt: followRequests.createdAt,
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      pictureKey: users.pictureKey,
    })
    .from(followRequests)
    .innerJoin(users, eq(users.id, followRequests.requesterId))
    .where(and(eq(followRequests.targetId, viewer.id), authorVisibleTo(null, followRequests.requesterId)))
    .orderBy(desc(followRequests.createdAt), desc(followRequests.id))
    .limit(FOLLOW_REQUESTS_SHOWN);
  return rows.map((row) => ({
    _id: row.id,
    user: toUserSummary(origin, { ...row, id: row.userId }),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** Accepts a pending request (API.md); when a cancel, a decline or another accept got there first, 404. */
export async function acceptFollowRequest(services: RequestServices, viewer: Viewer, requesterId: string) {
  if (!isId(requesterId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db } = services;
  // The acceptance's notice names the member: written once the session check has read their name.
  const member = await services.checkedViewer();
  const [, , , accepted, counted] = await db.batch([
    ...acceptStatements(db, member, sql`${followRequests.requesterId} = ${requesterId}`),
    followerCountOf(db, viewer.id, viewer),
  ]);
  if (!accepted.length) throw notFound(FOLLOW_MESSAGES.requestNotFound);
  return { followerCount: counted[0]?.n ?? 0 };
}

/** Declines a pending request: it and its notification go, and nobody is told (API.md). */
export async function declineFollowRequest({ db }: RequestServices, viewer: Viewer, requesterId: string) {
  if (!isId(requesterId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const [removed] = await db.batch(cancelRequestStatements(db, requesterId, viewer.id));
  if (!removed.length) throw notFound(FOLLOW_MESSAGES.requestNotFound);
  return { message: FOLLOW_MESSAGES.requestDeclined };
}
