import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Viewer } from "../../context.ts";
import { blocks, connections, followRequests, follows, users } from "../../db/schema.ts";
import { notSuspended, suspendedMembers } from "../../db/suspended.ts";

/**
 * The one privacy rule (API.md "Privacy", "Follow requests", "Blocks", "Reports and moderation"). For a viewer V
 * and a member M:
 *
 * - M's basic profile is visible unless M blocked V, or M is suspended and V is no moderator
 *   (`mayViewProfileOf`).
 * - M's content (connections, their lists) is visible when M's profile is, V has not blocked M either, and M is
 *   public, is V, or is followed by V (`maySeeContentOf`; `connectionVisibleTo` per connection row).
 * - What M leaves on others' content (comments, likes, places in follow lists and in the members list) is shown
 *   unless a block stands between V and M, either way, or M is suspended and V is no moderator
 *   (`authorVisibleTo`). Privacy plays no part there.
 *
 * Everything in the app that decides visibility is one of these functions or a projection of them
 * (`viewerRelation`, `visibilityAdjustments`); a hidden item behaves as if it did not exist.
 *
 * The owner's privacy is read from the connection's own copy (`owner_private`, kept by triggers: bit 1 private,
 * bit 2 suspended), so the check costs nothing for public rows and can be answered from an index.
 */

/** The rule as a condition on `connections` rows: the privacy term, the suspension term and the block term. */
export function connectionVisibleTo(viewer: Viewer | null): SQL {
  const ownerIsPublic = sql`${connections.ownerPrivate} = 0`;
  if (!viewer) return ownerIsPublic;
  const byPrivacy = sql`(${ownerIsPublic} or ${connections.userId} = ${viewer.id} or ${followExists(viewer.id, connections.userId)})`;
  return and(withSuspension(byPrivacy, viewer), blockTerm(viewer, connections.userId)) as SQL;
}

/**
 * The author term, for what the member in `memberId` (an id column) left on others' content: no block between
 * them and the viewer, and, for all but moderators, not suspended. Undefined means no condition.
 */
export function authorVisibleTo(viewer: Viewer | null, memberId: SQLWrapper): SQL | undefined {
  return and(suspensionTerm(viewer, memberId), blockTerm(viewer, memberId));
}

/**
 * The members the author term hides from the viewer, as a one-column (`id`) subquery: the suspended (for all but
 * moderators) and those a block stands between. A read that counts what everyone left takes theirs off. Null when
 * nobody is hidden.
 */
export function authorsHiddenFrom(viewer: Viewer | null): SQL | null {
  const lists = [isModerator(viewer) ? null : suspendedMembers, viewer ? blockedEitherWay(viewer.id) : null];
  const hidden = lists.filter((list): list is SQL => list !== null);
  return hidden.length ? sql.join(hidden, sql` union `) : null;
}

/**
 * The members the viewer may find listed (the members list, the sitemap), as a condition on `users` rows: public
 * members with whom the author term holds (no block between them and the viewer, not suspended).
 */
export function listedMemberTo(viewer: Viewer | null): SQL {
  return and(eq(users.isPrivate, false), authorVisibleTo(viewer, users.id)) as SQL;
}

/** Whether `followerId` follows `followeeId` (ids or columns), as a SQL condition. */
export function followExists(followerId: string | SQLWrapper | null, followeeId: string | SQLWrapper) {
  return sql<number>`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followeeId} = ${followeeId})`;
}

/** Whether `blockerId` blocked `blockedId` (ids or columns), as a SQL condition read in the statement. */
export function blockExists(blockerId: string | SQLWrapper | null, blockedId: string | SQLWrapper | null) {
  return sql<number>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${blockedId})`;
}

/**
 * `users.id` with its table name written out. Drizzle leaves the table name off the columns of a one-table
 * select, and inside a subquery over a table that has an `id` of its own (follow_requests) a bare "id" would
 * mean that table's.
 */
const memberId = sql`${users}.${sql.identifier(users.id.name)}`;

/**
 * How the viewer stands towards the member in `users.id`, as columns of a users select: what the rule's
 * functions below read, and whether the viewer's follow request to them is pending (false for visitors). A
 * pending request is a row of its own table, not a follow, so a requester sees exactly what a visitor sees.
 */
export function viewerRelation(viewer: Viewer | null) {
  const viewerId = viewer?.id ?? null;
  return {
    isPrivate: users.isPrivate,
    suspended: sql<number>`${users.suspendedAt} is not null`,
    viewerFollows: followExists(viewerId, memberId),
    viewerRequested: sql<number>`exists (select 1 from ${followRequests} where ${followRequests.requesterId} = ${viewerId} and ${followRequests.targetId} = ${memberId})`,
    /** The viewer blocked the member: they still see the basic profile (to unblock), none of the content. */
    viewerBlocked: blockExists(viewerId, memberId),
    /** The member blocked the viewer: to the viewer the member does not exist. */
    blocksViewer: blockExists(memberId, viewerId),
  };
}

type Flag = number | boolean;
type Relation = { id: string; isPrivate: boolean } & Record<
  "suspended" | "viewerFollows" | "viewerBlocked" | "blocksViewer",
  Flag
>;

/** The profile part of the rule for one member, read with `viewerRelation`. */
export function mayViewProfileOf(member: Pick<Relation, "suspended" | "blocksViewer">, viewer: Viewer | null): boolean {
  return !member.blocksViewer && (!member.suspended || isModerator(viewer));
}

/**
 * `mayViewProfileOf` as a condition on the member in `memberId` (an id column), for a list of members read without
 * `viewerRelation`: they did not block the viewer and, for all but moderators, are not suspended.
 */
export function profileVisibleTo(viewer: Viewer, memberId: SQLWrapper): SQL {
  return and(suspensionTerm(viewer, memberId), sql`not ${blockExists(memberId, viewer.id)}`) as SQL;
}

/** The content part of the rule for one member, read with `viewerRelation`. */
export function maySeeContentOf(owner: Relation, viewer: Viewer | null): boolean {
  if (!mayViewProfileOf(owner, viewer) || owner.viewerBlocked) return false;
  return !owner.isPrivate || viewer?.id === owner.id || (viewer !== null && Boolean(owner.viewerFollows));
}

/**
 * `users` as a FROM item for reading members by id where the viewer is shown only some of them (`shown`): for all but
 * moderators, the unsuspended ones, read through `users_shown`, which holds their privacy and kept connection count.
 * A member's row is wide: for the 500 members the heaviest follower follows, the rows cost ten times the index at
 * 1M connections (decision 045). Without statistics SQLite would not choose the index here, and would choose it
 * for reads it does not suit, so it is named, and only here.
 */
export function membersShownTo(viewer: Viewer | null): { members: SQL; shown: SQL } {
  return isModerator(viewer)
    ? { members: sql`${users}`, shown: sql`1` }
    : { members: sql`${users} indexed by users_shown`, shown: sql`${users.suspendedAt} is null` };
}

/**
 * Whose connections make what the viewer may see differ from the public rows the kept counts cover, as two
 * one-column (`id`) subqueries of members, all of whose connections count (each connection carries its owner's
 * privacy and suspension, `owner_private`, kept by triggers); null for a visitor, who sees exactly the public rows:
 * - `added`: private members who are the viewer or someone they follow, unless suspended (for moderators, whether
 *   suspended or not, and every suspended public member);
 * - `removed`: public members a block stands between the viewer and, unless suspended (for moderators, whether
 *   suspended or not).
 * Blocking deletes follows both ways and no follow is written across a block, so the two never share a member.
 */
export function visibilityAdjustmentOwners(viewer: Viewer | null): { added: SQL | null; removed: SQL | null } {
  if (!viewer) return { added: null, removed: null };
  const moderator = isModerator(viewer);
  const { members, shown } = membersShownTo(viewer);
  const privateOwners = sql`select ${users.id} as id from ${members} where ${users.id} = ${viewer.id} and ${users.isPrivate} = 1 and ${shown}
    union select ${follows.followeeId} from ${follows} join ${members} on ${users.id} = ${follows.followeeId}
    where ${follows.followerId} = ${viewer.id} and ${users.isPrivate} = 1 and ${shown}`;
  return {
    added: moderator
      ? sql`${privateOwners} union select ${users.id} from ${users} where ${users.suspendedAt} is not null and ${users.isPrivate} = 0`
      : privateOwners,
    // From the few blocked members to their rows in `users`: asked as `users.id in (…)`, SQLite walks every public member.
    removed: sql`select ${users.id} as id from (${blockedEitherWay(viewer.id)}) as blocked
      cross join ${users} on ${users.id} = blocked.id where ${users.isPrivate} = 0 and ${shown}`,
  };
}

/**
 * The same as two FROM clauses over `connections`: a count the viewer is shown is
 * `public + count(added) − count(removed)` over the same condition. CROSS JOIN keeps SQLite starting from those
 * few owners and their rows (the owner index), whatever other conditions the caller adds.
 */
export function visibilityAdjustments(viewer: Viewer | null): { added: SQL | null; removed: SQL | null } {
  const owners = visibilityAdjustmentOwners(viewer);
  const rowsOf = (members: SQL | null, alias: SQL) =>
    members && sql`(${members}) as ${alias} cross join ${connections} on ${connections.userId} = ${alias}.id`;
  return {
    added: rowsOf(owners.added, sql.raw("private_owners")),
    removed: rowsOf(owners.removed, sql.raw("hidden_owners")),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Blocks (decision 014). A block hides two members from each other, either way, in every read and write.
// ---------------------------------------------------------------------------------------------------------------

/**
 * The block term: the member in `memberId` (an id column) and the viewer have no block between them. Read in the
 * statement itself, for reads and writes alike: the viewer's blocks are not known before the request's one round
 * trip (decision 040), and a write must refuse a pair blocked a moment ago.
 */
function blockTerm(viewer: Viewer | null, memberId: SQLWrapper): SQL | undefined {
  return viewer ? noBlockBetween(viewer.id, memberId) : undefined;
}

/** No block between `memberId` (an id column) and `viewerId`, either way. */
export function noBlockBetween(viewerId: string, memberId: SQLWrapper): SQL {
  // Uncorrelated, so SQLite builds the list once per statement from the two indexes on blocks.
  return sql`${memberId} not in (${blockedEitherWay(viewerId)})`;
}

/** The members a block stands between `viewerId` and, either way, as a one-column (`id`) subquery. */
function blockedEitherWay(viewerId: string): SQL {
  return sql`select ${blocks.blockedId} as id from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Suspension (decision 017). A suspended member's content is hidden from everyone but moderators, who see it as
// if the member were not suspended (they do not bypass privacy): bit 2 of `owner_private` for connections, the
// suspension term for what a member leaves on others' content, and `mayViewProfileOf` for the member.
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
 * The suspension term for what the member in `memberId` left on others' content. The suspended members are an
 * uncorrelated subquery, which SQLite lists once per statement from the `users_suspended` index.
 */
function suspensionTerm(viewer: Viewer | null, memberId: SQLWrapper): SQL | undefined {
  if (isModerator(viewer)) return undefined;
  return notSuspended(memberId);
}
