import { and, asc, count, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { follows, users } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { notificationInsert } from "../notifications/index.ts";
import { maySeeContentOf, viewerFollows } from "./privacy.ts";
import { profileColumns, toProfile, toUserSummary } from "./profiles.ts";
import { PROFILE_MESSAGES } from "./schemas.ts";

export const FOLLOW_MESSAGES = {
  cannotFollowSelf: "Cannot follow yourself",
  cannotUnfollowSelf: "Cannot unfollow yourself",
  followTargetMissing: "User to follow not found",
  alreadyFollowing: "Already following this user",
  notFollowing: "Not following this user",
  userMissing: "User not found",
} as const;

async function followerCount({ db }: RequestServices, userId: string) {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId));
  return row?.n ?? 0;
}

async function userExists({ db }: RequestServices, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/**
 * Follows a member. The (follower, followee) primary key makes this atomic: of two racing follows one edge
 * is created and the other gets 409. The first follow notifies; later ones never do again.
 */
export async function follow(services: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  if (userId === viewer.id) throw badRequest(FOLLOW_MESSAGES.cannotFollowSelf);
  if (!(await userExists(services, userId))) throw notFound(FOLLOW_MESSAGES.followTargetMissing);
  const { db } = services;
  const notify = notificationInsert(db, {
    type: "new_follower",
    sender: viewer,
    recipientId: userId,
    connectionId: null,
  });
  try {
    const insert = db.insert(follows).values({ followerId: viewer.id, followeeId: userId });
    await (notify ? db.batch([insert, notify]) : insert);
  } catch (error) {
    if (isUniqueViolation(error, "follows")) throw new AppError(409, FOLLOW_MESSAGES.alreadyFollowing);
    throw error;
  }
  return { isFollowing: true, followerCount: await followerCount(services, userId) };
}

export async function unfollow(services: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  if (userId === viewer.id) throw badRequest(FOLLOW_MESSAGES.cannotUnfollowSelf);
  const removed = await services.db
    .delete(follows)
    .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, userId)))
    .returning({ id: follows.followeeId });
  if (!removed.length) throw notFound(FOLLOW_MESSAGES.notFollowing);
  return { isFollowing: false, followerCount: await followerCount(services, userId) };
}

export async function followStatus(services: RequestServices, viewer: Viewer, userId: string) {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const [row] = await services.db
    .select({
      id: users.id,
      following: viewerFollows(viewer),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound(FOLLOW_MESSAGES.userMissing);
  return { isFollowing: Boolean(row.following), isSelf: userId === viewer.id };
}

/**
 * A member's followers or the members they follow, with the member's profile, in one round trip. A private
 * member's lists are theirs and their followers' only; to anyone else they do not exist ('User not found.').
 */
export async function followList(services: RequestServices, userId: string, direction: "followers" | "following") {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db, viewer, origin } = services;
  const join = direction === "followers" ? follows.followerId : follows.followeeId;
  const where = direction === "followers" ? follows.followeeId : follows.followerId;
  const [profiles, rows] = await db.batch([
    db
      .select({
        ...profileColumns,
        viewerFollows: viewerFollows(viewer),
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ id: users.id, username: users.username, displayName: users.displayName, pictureKey: users.pictureKey })
      .from(follows)
      .innerJoin(users, eq(users.id, join))
      .where(eq(where, userId))
      .orderBy(asc(sql`lower(${users.username})`)),
  ]);
  const [profile] = profiles;
  if (!profile || !maySeeContentOf(profile, viewer)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return { profile: toProfile(origin, profile), users: rows.map((row) => toUserSummary(origin, row)) };
}
