import { eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { favorites, follows, users } from "../../db/schema.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { imageUrl, newImageKey, readImageUpload } from "../images/index.ts";
import { validate } from "../validation.ts";
import { PROFILE_MESSAGES, profileUpdateSchema } from "./schemas.ts";

/** API.md "UserSummary". */
export interface UserSummary {
  _id: string;
  username: string;
  displayName: string;
  profilePictureUrl: string;
}

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

export const profileColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  bio: users.bio,
  location: users.location,
  pictureKey: users.pictureKey,
  isPrivate: users.isPrivate,
  createdAt: users.createdAt,
  followerCount: sql<number>`(select count(*) from ${follows} where ${follows.followeeId} = ${users.id})`.mapWith(
    Number,
  ),
  followingCount: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = ${users.id})`.mapWith(
    Number,
  ),
};

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
    profilePictureUrl: imageUrl(origin, row.pictureKey) ?? "",
    isPrivate: row.isPrivate,
    createdAt: new Date(row.createdAt).toISOString(),
    followerCount: row.followerCount,
    followingCount: row.followingCount,
  };
}

export async function getMe(services: RequestServices, viewer: Viewer): Promise<Me> {
  const { db } = services;
  const [rows, favoriteRows] = await db.batch([
    db.select(profileColumns).from(users).where(eq(users.id, viewer.id)),
    db
      .select({ id: favorites.connectionId })
      .from(favorites)
      .where(eq(favorites.userId, viewer.id))
      .orderBy(sql`${favorites.createdAt} desc`),
  ]);
  const row = rows[0];
  if (!row) throw notFound("User not found.");
  return {
    ...toProfile(services.origin, row),
    email: row.email,
    favorites: favoriteRows.map((favorite) => favorite.id),
  };
}

export function toUserSummary(
  origin: string,
  user: { id: string; username: string; displayName: string; pictureKey: string | null },
): UserSummary {
  return {
    _id: user.id,
    username: user.username,
    displayName: user.displayName,
    profilePictureUrl: imageUrl(origin, user.pictureKey) ?? "",
  };
}

/** All public members, by username (private members are never listed). */
export async function listPublicUsers({ db, origin }: RequestServices): Promise<UserSummary[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, pictureKey: users.pictureKey })
    .from(users)
    .where(eq(users.isPrivate, false))
    .orderBy(sql`lower(${users.username})`);
  return rows.map((row) => toUserSummary(origin, row));
}

/** A profile's basic info, visible to everyone, private or not. */
export async function getProfile(services: RequestServices, id: string): Promise<Profile> {
  if (!isId(id)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const [row] = await services.db.select(profileColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound(PROFILE_MESSAGES.userNotFound);
  return toProfile(services.origin, row);
}

/** Updates the viewer's own profile (absent fields keep their value) and answers Me. */
export async function updateProfile(services: RequestServices, viewer: Viewer, input: unknown): Promise<Me> {
  const update = validate(profileUpdateSchema, input ?? {});
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) {
    await services.db
      .update(users)
      .set({ ...changes, updatedAt: Date.now() })
      .where(eq(users.id, viewer.id));
  }
  return getMe(services, viewer);
}

/** Replaces the viewer's picture: the new image is stored first, then the row, then the old image removed. */
export async function updateProfilePicture(services: RequestServices, viewer: Viewer, file: unknown): Promise<Me> {
  if (!(file instanceof File) || (file.size === 0 && !file.name)) throw badRequest(PROFILE_MESSAGES.noImage);
  const image = await readImageUpload(file, {
    invalidType: PROFILE_MESSAGES.notAnImage,
    tooLarge: PROFILE_MESSAGES.imageTooLarge,
  });
  if (!image) throw badRequest(PROFILE_MESSAGES.noImage);
  const key = newImageKey("avatar", image.type);
  await services.env.IMAGES.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  let previous: string | null = null;
  try {
    const [row] = await services.db.select({ pictureKey: users.pictureKey }).from(users).where(eq(users.id, viewer.id));
    previous = row?.pictureKey ?? null;
    await services.db.update(users).set({ pictureKey: key, updatedAt: Date.now() }).where(eq(users.id, viewer.id));
  } catch (error) {
    await services.env.IMAGES.delete(key);
    throw error;
  }
  if (previous) await services.env.IMAGES.delete(previous);
  return getMe(services, viewer);
}
