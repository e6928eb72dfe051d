import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Viewer } from "./context.ts";
import { follows, users } from "./db/schema.ts";

/**
 * The one privacy rule (API.md "Privacy"): content owned by a private user is visible only to that user and
 * their followers. Every read that returns connections, their comments or likes, or a user's lists filters
 * with this condition, so a hidden item behaves as if it did not exist.
 *
 * `ownerId` is the column holding the owner's user id (for example `connections.userId`).
 */
export function visibleTo(viewer: Viewer | null, ownerId: AnySQLiteColumn): SQL {
  const ownerIsPublic = sql`not exists (select 1 from ${users} where ${users.id} = ${ownerId} and ${users.isPrivate} = 1)`;
  if (!viewer) return ownerIsPublic;
  return sql`(${ownerId} = ${viewer.id} or ${ownerIsPublic} or exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followeeId} = ${ownerId}))`;
}
