import { and, sql } from "drizzle-orm";
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
 * the public, unsuspended members: its conditions are written as literals so SQLite can match them to the index,
 * and INDEXED BY holds SQLite to it (without statistics it seeks the public members by name and sorts them all, a
 * read that grows with the membership). One read for the caller's batch.
 */
export function suggestedMembersRead({ db }: Pick<RequestServices, "db">, viewer: Viewer) {
  // Drizzle's builder cannot name an index, so the read is written out; its columns are named as the builder's are.
  return db.all<SuggestionRow>(sql`select ${users.id} as id, ${users.username} as username,
      ${users.displayName} as displayName, ${users.pictureKey} as pictureKey, ${users.connectionCount} as connectionCount
    from ${users} indexed by users_most_active
    where ${and(
      sql`${users.isPrivate} = 0 and ${users.suspendedAt} is null and ${users.connectionCount} > 0`,
      sql`${users.id} <> ${viewer.id}`,
      sql`not ${followExists(viewer.id, users.id)}`,
      authorVisibleTo(viewer, users.id),
    )}
    order by ${users.connectionCount} desc, ${users.id} limit ${SUGGESTED_MEMBERS}`);
}

interface SuggestionRow {
  id: string;
  username: string;
  displayName: string;
  pictureKey: string | null;
  connectionCount: number;
}

export function toSuggestedMembers(origin: string, rows: SuggestionRow[]): SuggestedMember[] {
  return rows.map((row) => ({ ...toUserSummary(origin, row), connectionCount: Number(row.connectionCount) }));
}
