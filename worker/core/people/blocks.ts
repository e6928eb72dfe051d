import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RequestServices, Viewer } from "../../context.ts";
import {
  blocks,
  connections,
  favorites,
  followRequests,
  follows,
  likes,
  notifications,
  users,
} from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { mayViewProfileOf, profileVisibleTo, viewerRelation } from "./privacy.ts";
import { meReads, toMe } from "./profiles.ts";
import { BLOCK_MESSAGES, PROFILE_MESSAGES } from "./schemas.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

type Db = RequestServices["db"];

/** Rows between members `a` and `b`: `first` names one of them and `second` the other, either way round. */
const betweenPair = (a: string, b: string, first: SQLiteColumn, second: SQLiteColumn) =>
  or(and(eq(first, a), eq(second, b)), and(eq(first, b), eq(second, a)));

/** Deletes the likes or favorites each of `a` and `b` left on the other's connections. */
function reactionsBetween(db: Db, table: typeof likes | typeof favorites, a: string, b: string) {
  const connectionsOf = (owner: string) =>
    db.select({ id: connections.id }).from(connections).where(eq(connections.userId, owner));
  return db
    .delete(table)
    .where(
      or(
        and(eq(table.userId, a), inArray(table.connectionId, connectionsOf(b))),
        and(eq(table.userId, b), inArray(table.connectionId, connectionsOf(a))),
      ),
    );
}

/**
 * POST /blocks/:userId (API.md "Blocks"). One batch, which is one transaction: the pair's follows and follow
 * requests both ways, the likes and favorites each left on the other's connections and the notifications between
 * them go (but not a moderator's notice, which comes from the moderators as a team: were it to go when its member
 * blocks the moderator who acted, it would name them, decision 017), and the block is written last, so a failure anywhere leaves all of them as they were. Comments stay,
 * hidden from the two by the privacy rule (decision 014). Blocking again changes nothing and answers the same;
 * a member may block someone who blocked them.
 */
export async function block({ db }: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  if (userId === viewer.id) throw badRequest(BLOCK_MESSAGES.cannotBlockSelf);
  const [, , , , , , target] = await db.batch([
    db.delete(follows).where(betweenPair(viewer.id, userId, follows.followerId, follows.followeeId)),
    db
      .delete(followRequests)
      .where(betweenPair(viewer.id, userId, followRequests.requesterId, followRequests.targetId)),
    reactionsBetween(db, likes, viewer.id, userId),
    reactionsBetween(db, favorites, viewer.id, userId),
    db
      .delete(notifications)
      .where(
        and(
          betweenPair(viewer.id, userId, notifications.senderId, notifications.recipientId),
          ne(notifications.type, "moderation"),
        ),
      ),
    db
      .insert(blocks)
      .select((qb) =>
        qb
          .select({
            blockerId: sql`${viewer.id}`.as("blocker_id"),
            blockedId: users.id,
            createdAt: sqlNow().as("created_at"),
          })
          .from(users)
          .where(eq(users.id, userId)),
      )
      .onConflictDoNothing(),
    // An unknown member: every statement above found nothing to change.
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
  ]);
  if (!target.length) throw notFound(BLOCK_MESSAGES.userNotFound);
  return { blocked: true as const };
}

/** DELETE /blocks/:userId: visibility comes back; follows, likes and notifications removed by the block do not. */
export async function unblock({ db }: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, userId)))
    .returning({ id: blocks.blockedId });
  if (!removed.length) throw notFound(BLOCK_MESSAGES.notBlocked);
  return { blocked: false as const };
}

/**
 * The members the viewer blocked, most recently blocked first, as a select for a batch or the export. Those the
 * viewer may not see (they blocked the viewer back, or are suspended) are left out, as from every list: their
 * current name and picture are not the viewer's to follow.
 */
export function blockedMembersRead(db: Db, viewer: Viewer) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      pictureKey: users.pictureKey,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, viewer.id), profileVisibleTo(viewer, users.id)))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
}

/** GET /blocks. */
export async function listBlocks({ db, origin }: RequestServices, viewer: Viewer): Promise<UserSummary[]> {
  const rows = await blockedMembersRead(db, viewer);
  return rows.map((row) => toUserSummary(origin, row));
}

/** The viewer's Me and the members they blocked, in one round trip (the settings page). */
export async function meWithBlocks({ db, origin }: RequestServices, viewer: Viewer) {
  const [profileRows, favoriteRows, blockedRows] = await db.batch([
    ...meReads(db, viewer.id),
    blockedMembersRead(db, viewer),
  ]);
  return {
    me: toMe(origin, [profileRows, favoriteRows]),
    blocked: blockedRows.map((row) => toUserSummary(origin, row)),
  };
}

/**
 * The member a block page is about and whether the viewer blocked them; 404 'User not found.' when they do not
 * exist for the viewer (they blocked the viewer).
 */
export async function blockTarget({ db, origin }: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      pictureKey: users.pictureKey,
      ...viewerRelation(viewer),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !mayViewProfileOf(row, viewer)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return { member: toUserSummary(origin, row), blocked: Boolean(row.viewerBlocked) };
}
