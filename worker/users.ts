import { eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "./context.ts";
import { favorites, follows, users } from "./db/schema.ts";
import { notFound } from "./errors.ts";
import { imageUrl } from "./image-keys.ts";

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

const profileColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  bio: users.bio,
  location: users.location,
  pictureKey: users.pictureKey,
  isPrivate: users.isPrivate,
  createdAt: users.createdAt,
  followerCount: sql<number>`(select count(*) from ${follows} where ${follows.followeeId} = ${users.id})`.mapWith(Number),
  followingCount: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = ${users.id})`.mapWith(Number),
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

function toProfile(origin: string, row: ProfileRow): Profile {
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
  return { ...toProfile(services.origin, row), email: row.email, favorites: favoriteRows.map((favorite) => favorite.id) };
}
