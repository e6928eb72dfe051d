import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Viewer } from "../../context.ts";
import { connections, followRequests, follows, users } from "../../db/schema.ts";

/**
 * The one privacy rule (API.md "Privacy"): content owned by a private user is visible only to that user and
 * their followers. Every read that returns connections, their comments or likes, or a user's lists filters
 * with this condition, so a hidden item behaves as if it did not exist.
 *
 * The owner's privacy is read from the connection's own copy (`owner_private`, kept by triggers), so the
 * check costs nothing for public rows and can be answered from an index. A suspended owner's rows are hidden
 * from all but moderators (see "Suspension" below).
 */
export function connectionVisibleTo(viewer: Viewer | null): SQL {
  const ownerIsPublic = sql`${connections.ownerPrivate} = 0`;
  if (!viewer) return ownerIsPublic;
  const byPrivacy = sql`(${ownerIsPublic} or ${connections.userId} = ${viewer.id} or ${followExists(viewer.id, connections.userId)})`;
  return withSuspension(byPrivacy, viewer);
}

/** Whether `followerId` follows `followeeId` (ids or columns), as a SQL condition. */
export function followExists(followerId: string | SQLWrapper | null, followeeId: string | SQLWrapper) {
  return sql<number>`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followeeId} = ${followeeId})`;
}

/**
 * `users.id` with its table name written out. Drizzle leaves the table name off the columns of a one-table
 * select, and inside a subquery over a table that has an `id` of its own (follow_requests) a bare "id" would
 * mean that table's.
 */
const memberId = sql`${users}.${sql.identifier(users.id.name)}`;

/**
 * How the viewer stands towards the member in `users.id`, as columns of a users select: what
 * `maySeeContentOf` reads, and whether the viewer's follow request to them is pending (false for visitors).
 * A pending request is a row of its own table, not a follow, so a requester sees exactly what a visitor sees.
 */
export function viewerRelation(viewer: Viewer | null) {
  const viewerId = viewer?.id ?? null;
  return {
    isPrivate: users.isPrivate,
    suspended: sql<number>`${users.suspendedAt} is not null`,
    viewerFollows: followExists(viewerId, memberId),
    viewerRequested: sql<number>`exists (select 1 from ${followRequests} where ${followRequests.requesterId} = ${viewerId} and ${followRequests.targetId} = ${memberId})`,
  };
}

/** The same rule for one member, read with `viewerRelation` (a users select). */
export function maySeeContentOf(
  owner: { id: string; isPrivate: boolean; viewerFollows: number | boolean; suspended: number | boolean },
  viewer: Viewer | null,
) {
  if (!mayViewProfileOf(owner, viewer)) return false;
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
  if (isModerator(viewer)) return moderatorExtraRows(owners);
  return sql`(${owners}) as private_owners cross join ${connections} on ${connections.userId} = private_owners.id and ${connections.ownerPrivate} = 1`;
}

// ---------------------------------------------------------------------------------------------------------------
// Suspension (decision 017). A suspended member's content is hidden from everyone but moderators, who see it as
// if the member were not suspended (they do not bypass privacy). It is its own term in each projection of the
// rule, beside the privacy terms above: bit 2 of `owner_private` for connections, `authorVisibleTo` for what a
// member leaves on others' content (comments, likes, list entries) and `mayViewProfileOf` for the member.
// ---------------------------------------------------------------------------------------------------------------

export function isModerator(viewer: Viewer | null): boolean {
  return viewer?.role === "moderator";
}

/**
 * The privacy rule's condition for a member viewer, with suspension: others never see a suspended owner's rows
 * (bit 2); moderators also see a suspended public member's rows (exactly 2), and a suspended private one's
 * (3) only as the privacy terms allow.
 */
function withSuspension(byPrivacy: SQL, viewer: Viewer): SQL {
  return isModerator(viewer)
    ? sql`(${byPrivacy} or ${connections.ownerPrivate} = 2)`
    : sql`(${byPrivacy} and (${connections.ownerPrivate} & 2) = 0)`;
}

/**
 * For moderators, the rows beyond the public counts: the private owners' above (whatever their suspension bit)
 * and every suspended public member's. Private and public owners never overlap, so no row is counted twice.
 */
function moderatorExtraRows(privateOwners: SQL): SQL {
  const owners = sql`${privateOwners}
    union select ${users.id} from ${users} where ${users.suspendedAt} is not null and ${users.isPrivate} = 0`;
  return sql`(${owners}) as private_owners cross join ${connections} on ${connections.userId} = private_owners.id and ${connections.ownerPrivate} <> 0`;
}

/** Whether the viewer may see the member at all (profile, follows, reports): a suspended one only if a moderator. */
export function mayViewProfileOf(member: { suspended: number | boolean }, viewer: Viewer | null): boolean {
  return !member.suspended || isModerator(viewer);
}

/**
 * Whether what the member in `userId` left on others' content (a comment, a like, an entry in a follow list or
 * the members list) is shown to the viewer: always, unless the member is suspended and the viewer no moderator.
 * Undefined means no condition. The suspended members are an uncorrelated subquery, which SQLite lists once per
 * statement from the `users_suspended` index.
 */
export function authorVisibleTo(viewer: Viewer | null, userId: SQLWrapper): SQL | undefined {
  if (isModerator(viewer)) return undefined;
  return sql`${userId} not in (select ${users.id} from ${users} where ${users.suspendedAt} is not null)`;
}
