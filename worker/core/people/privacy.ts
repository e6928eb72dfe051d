import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../../context.ts";
import { connections, follows, users } from "../../db/schema.ts";

/**
 * The one privacy rule (API.md "Privacy"): content owned by a private user is visible only to that user and
 * their followers. Every read that returns connections, their comments or likes, or a user's lists filters
 * with this condition, so a hidden item behaves as if it did not exist.
 *
 * The owner's privacy is read from the connection's own copy (`owner_private`, kept by triggers), so the
 * check costs nothing for public rows and can be answered from an index.
 */
export function connectionVisibleTo(viewer: Viewer | null): SQL {
  const ownerIsPublic = sql`${connections.ownerPrivate} = 0`;
  if (!viewer) return ownerIsPublic;
  return sql`(${ownerIsPublic} or ${connections.userId} = ${viewer.id} or exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followeeId} = ${connections.userId}))`;
}

/** Whether the viewer follows the member in `users.id` (false for visitors), as a column of a users select. */
export function viewerFollows(viewer: Viewer | null): SQL<number> {
  return sql<number>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer?.id ?? null} and ${follows.followeeId} = ${users.id})`;
}

/** The same rule for one member, read with their privacy and `viewerFollows` (a users select). */
export function maySeeContentOf(
  owner: { id: string; isPrivate: boolean; viewerFollows: number | boolean },
  viewer: Viewer | null,
) {
  return !owner.isPrivate || viewer?.id === owner.id || (viewer !== null && Boolean(owner.viewerFollows));
}

/**
 * The part of what the viewer may see that public counts leave out, as a FROM clause over `connections`: the
 * connections of private owners who are the viewer or someone they follow. CROSS JOIN keeps SQLite starting
 * from those few owners and their rows (the owner index), whatever other conditions the caller adds. Null for
 * visitors, who see no private rows.
 */
export function privateConnectionsVisibleTo(viewer: Viewer | null): SQL | null {
  if (!viewer) return null;
  const owners = sql`select ${users.id} as id from ${users} where ${users.id} = ${viewer.id} and ${users.isPrivate} = 1
    union select ${follows.followeeId} from ${follows} join ${users} on ${users.id} = ${follows.followeeId}
    where ${follows.followerId} = ${viewer.id} and ${users.isPrivate} = 1`;
  return sql`(${owners}) as private_owners cross join ${connections} on ${connections.userId} = private_owners.id and ${connections.ownerPrivate} = 1`;
}
