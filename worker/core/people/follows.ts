import { and, asc, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { follows, users } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import { AppError, badRequest, forbidden, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { notificationIf } from "../notifications/index.ts";
import { cancelRequestStatements, sendRequestStatements } from "./follow-requests.ts";
import { followerCountOf } from "./follower-count.ts";
import {
  authorVisibleTo,
  followExists,
  maySeeContentOf,
  mayViewProfileOf,
  noBlockBetween,
  viewerRelation,
} from "./privacy.ts";
import { profileColumns, toProfile } from "./profiles.ts";
import { FOLLOW_MESSAGES, PROFILE_MESSAGES } from "./schemas.ts";
import { toUserSummary } from "./user-summary.ts";

async function followTarget({ db }: RequestServices, viewer: Viewer, userId: string) {
  const [row] = await db
    .select({ id: users.id, ...viewerRelation(viewer) })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !mayViewProfileOf(row, viewer)) throw notFound(FOLLOW_MESSAGES.followTargetMissing);
  if (row.viewerBlocked) throw forbidden(FOLLOW_MESSAGES.unblockToFollow);
  if (row.viewerFollows) throw new AppError(409, FOLLOW_MESSAGES.alreadyFollowing);
  if (row.isPrivate && row.viewerRequested) throw new AppError(409, FOLLOW_MESSAGES.requestAlreadySent);
  return row;
}

/**
 * Follows a public member at once (201), or asks a private one (202, API.md "Follow requests"). Each write
 * re-reads the member's privacy in its own statement, so a member who changes it between the read and the write
 * gets neither a follower they did not approve nor a request they would never see; the call then starts again
 * from the new setting; a block written in between is found the same way, by the next read. The (follower, followee) key and the one-request-per-pair index make racing calls
 * create one edge or one request and answer the rest 409; the first follow or request notifies, repeats never.
 */
export async function follow(
  services: RequestServices,
  viewer: Viewer,
  userId: string,
): Promise<
  | { status: 201; body: { isFollowing: true; followerCount: number } }
  | { status: 202; body: { isFollowing: false; requested: true; followerCount: number } }
> {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  if (userId === viewer.id) throw badRequest(FOLLOW_MESSAGES.cannotFollowSelf);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const target = await followTarget(services, viewer, userId);
    const followerCount = target.isPrivate
      ? await sendRequest(services, viewer, userId)
      : await followPublic(services, viewer, userId);
    if (followerCount === null) continue;
    return target.isPrivate
      ? { status: 202, body: { isFollowing: false, requested: true, followerCount } }
      : { status: 201, body: { isFollowing: true, followerCount } };
  }
  throw new AppError(409, FOLLOW_MESSAGES.privacyChanged);
}

/** The follow edge and its notification, if the member is still public; the follower count, or null if not. */
async function followPublic(services: RequestServices, viewer: Viewer, userId: string) {
  const { db } = services;
  const insert = db
    .insert(follows)
    .select((qb) =>
      qb
        .select({
          followerId: sql`${viewer.id}`.as("follower_id"),
          followeeId: users.id,
          createdAt: sqlNow().as("created_at"),
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isPrivate, false), noBlockBetween(viewer.id, users.id))),
    )
    .returning({ id: follows.followeeId });
  const notify = notificationIf(db, {
    type: "new_follower",
    sender: viewer,
    recipientId: userId,
    when: followExists(viewer.id, userId),
  });
  try {
    const [inserted, , counted] = await db.batch([insert, notify, followerCountOf(db, userId, viewer)]);
    return inserted.length ? (counted[0]?.n ?? 0) : null;
  } catch (error) {
    if (isUniqueViolation(error, "follows")) throw new AppError(409, FOLLOW_MESSAGES.alreadyFollowing);
    throw error;
  }
}

/** The request and its notification, if the member is still private; the follower count, or null if not. */
async function sendRequest(services: RequestServices, viewer: Viewer, userId: string) {
  try {
    const [inserted, , counted] = await services.db.batch([
      ...sendRequestStatements(services.db, viewer, userId),
      followerCountOf(services.db, userId, viewer),
    ]);
    return inserted.length ? (counted[0]?.n ?? 0) : null;
  } catch (error) {
    if (isUniqueViolation(error, "follow_requests")) throw new AppError(409, FOLLOW_MESSAGES.requestAlreadySent);
    throw error;
  }
}

/**
 * DELETE /follows/:userId: stops following the member, or withdraws a pending request to them (API.md). Both
 * deletes run in one batch and whichever found a row decides the answer, so it is right whatever an accept
 * racing it did first.
 */
export async function unfollow(services: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  if (userId === viewer.id) throw badRequest(FOLLOW_MESSAGES.cannotUnfollowSelf);
  const { db } = services;
  const [unfollowed, withdrawn, , counted] = await db.batch([
    db
      .delete(follows)
      .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, userId)))
      .returning({ id: follows.followeeId }),
    ...cancelRequestStatements(db, viewer.id, userId),
    followerCountOf(db, userId, viewer),
  ]);
  const followerCount = counted[0]?.n ?? 0;
  if (unfollowed.length) return { isFollowing: false as const, followerCount };
  if (withdrawn.length) return { isFollowing: false as const, requested: false as const, followerCount };
  throw notFound(FOLLOW_MESSAGES.notFollowing);
}

export async function followStatus(services: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const [row] = await services.db
    .select({ id: users.id, ...viewerRelation(viewer) })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !mayViewProfileOf(row, viewer)) throw notFound(FOLLOW_MESSAGES.userMissing);
  return {
    isFollowing: Boolean(row.viewerFollows),
    isSelf: userId === viewer.id,
    requested: Boolean(row.viewerRequested),
  };
}

/** Takes a member off the viewer's followers (API.md); they are not told, and may follow or ask again. */
export async function removeFollower(services: RequestServices, viewer: Viewer, followerId: string) {
  if (!isId(followerId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db } = services;
  const [removed, counted] = await db.batch([
    db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, viewer.id)))
      .returning({ id: follows.followerId }),
    followerCountOf(db, viewer.id, viewer),
  ]);
  if (!removed.length) throw notFound(FOLLOW_MESSAGES.notAFollower);
  return { followerCount: counted[0]?.n ?? 0 };
}

/**
 * A member's followers or the members they follow, with the member's profile, in one round trip. The lists are
 * part of the member's content: a private member's are theirs and their followers' only, and to anyone else
 * they do not exist ('User not found.'). Members a block stands between the viewer and are left out.
 */
export async function followList(services: RequestServices, userId: string, direction: "followers" | "following") {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db, viewer, origin } = services;
  const join = direction === "followers" ? follows.followerId : follows.followeeId;
  const where = direction === "followers" ? follows.followeeId : follows.followerId;
  const [profiles, rows] = await db.batch([
    db
      .select({ ...profileColumns(viewer), ...viewerRelation(viewer) })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ id: users.id, username: users.username, displayName: users.displayName, pictureKey: users.pictureKey })
      .from(follows)
      .innerJoin(users, eq(users.id, join))
      .where(and(eq(where, userId), authorVisibleTo(viewer, join)))
      .orderBy(asc(sql`lower(${users.username})`)),
  ]);
  const [profile] = profiles;
  if (!profile || !maySeeContentOf(profile, viewer)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return { profile: toProfile(origin, profile), users: rows.map((row) => toUserSummary(origin, row)) };
}
