import { and, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Viewer } from "../../context.ts";
import { blocks, connections, followRequests, follows, users } from "../../db/schema.ts";

/**
 * The one privacy rule (API.md "Privacy", "Follow requests", "Blocks"). For a viewer V and a member M:
 *
 * - M's basic profile is visible unless M blocked V (`mayViewProfileOf`).
 * - M's content (connections, their lists) is visible when M's profile is, V has not blocked M either, and M is
 *   public, is V, or is followed by V (`maySeeContentOf`; `connectionVisibleTo` per connection row).
 * - What M leaves on others' content (comments, likes, places in follow lists and in the members list) is shown
 *   unless a block stands between V and M, either way (`authorVisibleTo`). Privacy plays no part there.
 *
 * Everything in the app that decides visibility is one of these functions or a projection of them
 * (`viewerRelation`, `visibilityAdjustments`); a hidden item behaves as if it did not exist.
 *
 * The owner's privacy is read from the connection's own copy (`owner_private`, kept by triggers), so the check
 * costs nothing for public rows and can be answered from an index.
 */

/**
 * How a block term reads the blocks: `snapshot` from the ids resolved with the viewer at the start of the request
 * (reads; no condition at all for a member in no block), `live` from the blocks table in the statement itself
 * (writes, which must refuse a pair blocked a moment ago).
 */
export type BlockReading = "snapshot" | "live";

/** The block term: the member in `memberId` (an id column) and the viewer have no block between them. */
export function authorVisibleTo(
  viewer: Viewer | null,
  memberId: SQLWrapper,
  reading: BlockReading = "snapshot",
): SQL | undefined {
  if (!viewer) return undefined;
  if (reading === "live") return noBlockBetween(viewer.id, memberId);
  const hidden = blockedEitherWay(viewer);
  return hidden.length ? sql`${memberId} not in (select value from json_each(${JSON.stringify(hidden)}))` : undefined;
}

/** The block term read live, for writes: no block between `memberId` and `viewerId`, either way. */
export function noBlockBetween(viewerId: string, memberId: SQLWrapper): SQL {
  // Uncorrelated, so SQLite builds the list once per statement from the two indexes on blocks.
  return sql`${memberId} not in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId})`;
}

function blockedEitherWay(viewer: Viewer): string[] {
  return [...viewer.blockedIds, ...viewer.blockedByIds];
}

/** The rule as a condition on `connections` rows: the privacy term and the block term. */
export function connectionVisibleTo(viewer: Viewer | null, reading: BlockReading = "snapshot"): SQL {
  const ownerIsPublic = sql`${connections.ownerPrivate} = 0`;
  if (!viewer) return ownerIsPublic;
  const privacy = sql`(${ownerIsPublic} or ${connections.userId} = ${viewer.id} or ${followExists(viewer.id, connections.userId)})`;
  return and(privacy, authorVisibleTo(viewer, connections.userId, reading)) as SQL;
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
    viewerFollows: followExists(viewerId, memberId),
    viewerRequested: sql<number>`exists (select 1 from ${followRequests} where ${followRequests.requesterId} = ${viewerId} and ${followRequests.targetId} = ${memberId})`,
    /** The viewer blocked the member: they still see the basic profile (to unblock), none of the content. */
    viewerBlocked: blockExists(viewerId, memberId),
    /** The member blocked the viewer: to the viewer the member does not exist. */
    blocksViewer: blockExists(memberId, viewerId),
  };
}

type Relation = { id: string; isPrivate: boolean } & Record<
  "viewerFollows" | "viewerBlocked" | "blocksViewer",
  number | boolean
>;

/** The profile part of the rule for one member, read with `viewerRelation`. */
export function mayViewProfileOf(owner: Relation): boolean {
  return !owner.blocksViewer;
}

/** The content part of the rule for one member, read with `viewerRelation`. */
export function maySeeContentOf(owner: Relation, viewer: Viewer | null): boolean {
  if (!mayViewProfileOf(owner) || owner.viewerBlocked) return false;
  return !owner.isPrivate || viewer?.id === owner.id || (viewer !== null && Boolean(owner.viewerFollows));
}

/**
 * How what the viewer may see differs from the public rows the kept counts cover, as two FROM clauses over
 * `connections` (null when empty):
 * - `added`: the connections of private owners who are the viewer or someone they follow;
 * - `removed`: the public connections of members a block stands between the viewer and.
 * A count the viewer is shown is `public + count(added) − count(removed)` over the same condition. CROSS JOIN
 * keeps SQLite starting from those few owners and their rows (the owner index), whatever other conditions the
 * caller adds. Blocking deletes follows both ways and no follow is written across a block, so the two never
 * share a row.
 */
export function visibilityAdjustments(viewer: Viewer | null): { added: SQL | null; removed: SQL | null } {
  if (!viewer) return { added: null, removed: null };
  const owners = sql`select ${users.id} as id from ${users} where ${users.id} = ${viewer.id} and ${users.isPrivate} = 1
    union select ${follows.followeeId} from ${follows} join ${users} on ${users.id} = ${follows.followeeId}
    where ${follows.followerId} = ${viewer.id} and ${users.isPrivate} = 1`;
  const hidden = blockedEitherWay(viewer);
  return {
    added: sql`(${owners}) as private_owners cross join ${connections} on ${connections.userId} = private_owners.id and ${connections.ownerPrivate} = 1`,
    removed: hidden.length
      ? sql`(select value as id from json_each(${JSON.stringify(hidden)})) as hidden_owners cross join ${connections} on ${connections.userId} = hidden_owners.id and ${connections.ownerPrivate} = 0`
      : null,
  };
}
