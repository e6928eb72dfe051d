import { and, desc, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { RequestServices, Viewer } from "../../context.ts";
import { users } from "../../db/schema.ts";
import { SUGGESTED_MEMBERS } from "../rules/index.ts";
import { authorVisibleTo, followExists } from "./privacy.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

/** A member an empty Following feed suggests, with how many connections they have posted. */
export interface SuggestedMember extends UserSummary {
  connectionCount: number;
}

/**
 * The members an empty Following feed suggests (decision 031): the most active public members (most connections
 * posted, kept on each member by triggers), leaving out the viewer, whom they follow, anyone a block stands between
 * them and the viewer, and suspended members. Read from the top of `users_most_active`, a partial index of exactly
 * the public, unsuspended members: its conditions are written as literals so SQLite can match them to the index.
 * One read for the caller's batch.
 */
export function suggestedMembersRead({ db }: Pick<RequestServices, "db">, viewer: Viewer) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      pictureKey: users.pictureKey,
      connectionCount: users.connectionCount,
    })
    .from(users)
    .where(
      and(
        sql`${users.isPrivate} = 0 and ${users.suspendedAt} is null and ${users.connectionCount} > 0`,
        sql`${users.id} <> ${viewer.id}`,
        sql`not ${followExists(viewer.id, users.id)}`,
        authorVisibleTo(viewer, users.id),
      ),
    )
    .orderBy(desc(users.connectionCount), users.id)
    .limit(SUGGESTED_MEMBERS);
}

export function toSuggestedMembers(
  origin: string,
  rows: BatchResponse<[ReturnType<typeof suggestedMembersRead>]>[0],
): SuggestedMember[] {
  return rows.map((row) => ({ ...toUserSummary(origin, row), connectionCount: row.connectionCount }));
}
