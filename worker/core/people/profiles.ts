import { eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { favorites, follows, users } from "../../db/schema.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { apiImageUrl, readImageUpload, removeImages, storeImage } from "../images/index.ts";
import { validate } from "../validation.ts";
import { acceptEveryRequestStatements } from "./follow-requests.ts";
import { authorVisibleTo, listedMemberTo, mayViewProfileOf, viewerRelation } from "./privacy.ts";
import { PROFILE_MESSAGES, profileUpdateSchema } from "./schemas.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

/** API.md "Profile": what anyone may know about a member, private or not. */
export interface Profile {
  _id: string;
  username: string;
  displayName: string;
  bio: string;
  location: string;
  profilePictureUrl: string;
  isPrivate: boolean;
  createdAt: string;
  followerCount: number;
  followingCount: number;
}

/** API.md "Me": the viewer's own profile with their e-mail and favorites. */
export interface Me extends Profile {
  email: string;
  favorites: string[];
}

/**
 * The columns of `Profile`, its counts as `viewer` is shown them: members a block stands between them and the
 * viewer are left out, so a count agrees with the list it links to. The member's own counts need no viewer (a
 * block removes follows both ways).
 */
export const profileColumns = (viewer: Viewer | null = null) => ({
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  bio: users.bio,
  location: users.location,
  pictureKey: users.pictureKey,
  isPrivate: users.isPrivate,
  createdAt: users.createdAt,
  followerCount: followCount(viewer, follows.followeeId, follows.followerId),
  followingCount: followCount(viewer, follows.followerId, follows.followeeId),
});

/** How many follows have the member in `side`, counting those whose `otherSide` the viewer may be shown. */
function followCount(viewer: Viewer | null, side: SQLiteColumn, otherSide: SQLiteColumn) {
  const shown = authorVisibleTo(viewer, otherSide);
  return sql<number>`(select count(*) from ${follows} where ${side} = ${users.id}${shown ? sql` and ${shown}` : sql``})`.mapWith(
    Number,
  );
}

interface ProfileRow {
  id: string;
  username: string;
  displayName: string;
  bio: string;
  location: string;
  pictureKey: string | null;
  isPrivate: boolean;
  createdAt: number;
  followerCount: number;
  followingCount: number;
}

export function toProfile(origin: string, row: ProfileRow): Profile {
  return {
    _id: row.id,
    username: row.username,
    displayName: row.displayName,
    bio: row.bio,
    location: row.location,
    profilePictureUrl: apiImageUrl(origin, row.pictureKey),
    isPrivate: row.isPrivate,
    createdAt: new Date(row.createdAt).toISOString(),
    followerCount: row.followerCount,
    followingCount: row.followingCount,
  };
}

/** The two reads behind Me, for the caller's batch; `toMe` reads their answers. */
export function meReads(db: Database, userId: string) {
  return [
    db.select(profileColumns()).from(users).where(eq(users.id, userId)),
    db
      .select({ id: favorites.connectionId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(sql`${favorites.createdAt} desc`),
  ] as const;
}

export function toMe(origin: string, [rows, favoriteRows]: BatchResponse<ReturnType<typeof meReads>>): Me {
  const row = rows[0];
  if (!row) throw notFound("User not found.");
  return {
    ...toProfile(origin, row),
    email: row.email,
    favorites: favoriteRows.map((favorite) => favorite.id),
  };
}

export async function getMe(services: RequestServices, viewer: Viewer): Promise<Me> {
  return toMe(services.origin, await services.db.batch(meReads(services.db, viewer.id)));
}

/** All public members the viewer may see, by username (never private members, nor anyone a block or a suspension hides). */
export async function listPublicUsers({ db, origin, viewer }: RequestServices): Promise<UserSummary[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, pictureKey: users.pictureKey })
    .from(users)
    .where(listedMemberTo(viewer))
    .orderBy(sql`lower(${users.username})`);
  return rows.map((row) => toUserSummary(origin, row));
}

/**
 * A profile's basic info, visible to everyone, private or not, except to members its owner blocked (and a
 * suspended member's, to moderators only).
 */
export async function getProfile(services: RequestServices, id: string): Promise<Profile> {
  if (!isId(id)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db, viewer } = services;
  const [row] = await db
    .select({ ...profileColumns(viewer), ...viewerRelation(viewer) })
    .from(users)
    .where(eq(users.id, id));
  if (!row || !mayViewProfileOf(row, viewer)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return toProfile(services.origin, row);
}

/**
 * Updates the viewer's own profile (absent fields keep their value) and answers Me. Saving it public accepts
 * every pending follow request in the same batch, after the update, so a request racing the save is either
 * accepted here or, arriving later, finds the member public and follows instead.
 */
export async function updateProfile(services: RequestServices, viewer: Viewer, input: unknown): Promise<Me> {
  const update = validate(profileUpdateSchema, input ?? {});
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  if (!Object.keys(changes).length) return getMe(services, viewer);
  const { db } = services;
  const save = db
    .update(users)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(users.id, viewer.id));
  // Turning public accepts every request with a notice naming the member: written once the session check has read
  // their name.
  const member = update.isPrivate === false ? await services.checkedViewer() : null;
  const accepting = member
    ? acceptEveryRequestStatements(db, { ...member, displayName: update.displayName ?? member.displayName })
    : [];
  // Asked right after the save (a batch is sent as it is asked), the profile as saved travels in the save's round
  // trip (decision 040).
  const [, me] = await Promise.all([db.batch([save, ...accepting]), getMe(services, viewer)]);
  return me;
}

/** Replaces the viewer's picture: the new image is stored first, then the row, then the old image removed. */
export async function updateProfilePicture(services: RequestServices, viewer: Viewer, file: unknown): Promise<Me> {
  const field = "profilePicture";
  const image = await readImageUpload(
    file,
    {
      invalidType: PROFILE_MESSAGES.notAnImage,
      tooLarge: PROFILE_MESSAGES.imageTooLarge,
      tooManyPixels: PROFILE_MESSAGES.imageTooManyPixels,
    },
    field,
  );
  if (!image) throw badRequest(PROFILE_MESSAGES.noImage, field);
  const key = await storeImage(services.env.IMAGES, "avatar", image);
  let previous: string | null = null;
  try {
    const [row] = await services.db.select({ pictureKey: users.pictureKey }).from(users).where(eq(users.id, viewer.id));
    previous = row?.pictureKey ?? null;
    await services.db.update(users).set({ pictureKey: key, updatedAt: Date.now() }).where(eq(users.id, viewer.id));
  } catch (error) {
    await removeImages(services.env.IMAGES, [key]);
    throw error;
  }
  if (previous) await removeImages(services.env.IMAGES, [previous]);
  return getMe(services, viewer);
}
