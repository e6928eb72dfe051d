import { type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { connections, connectionTags, tagCounts } from "../../db/schema.ts";
import { visibilityAdjustments } from "../people/index.ts";

const LIMIT = 15;

/**
 * Popular tags as one read for the caller's batch (`toPopularTags` reads its answer): at most 15 tags by how many
 * connections the viewer may see carry them, then alphabetically.
 *
 * Public connections come from the trigger-maintained `tag_counts`; the rows the viewer sees beyond them (their
 * own private ones, those of private members they follow) are counted from their rows and added, and the public
 * rows a block hides from them are counted and taken off (`visibilityAdjustments`). Only the top 15 + n public
 * tags can win, where n is the number of tags those rows touch: any other tag keeps its public count and has at
 * least 15 tags ahead of it that are not among those n, whose counts did not change either.
 */
export function popularTagsRead({ db, viewer }: Pick<RequestServices, "db" | "viewer">) {
  const { added, removed } = visibilityAdjustments(viewer);
  const tagsOf = (rows: SQL, each: SQL) =>
    sql`select ${connectionTags.tag} as tag, ${each} as n from ${rows} join ${connectionTags} on ${connectionTags.connectionId} = ${connections.id}`;
  const changes = [added && tagsOf(added, sql`1`), removed && tagsOf(removed, sql`-1`)].filter(
    (part): part is SQL => part !== null,
  );
  const extra = changes.length
    ? sql`select tag, sum(n) as n from (${sql.join(changes, sql` union all `)}) group by tag`
    : sql`select null as tag, 0 as n where 0`;
  return db.all<{ tag: string; count: number }>(sql`
    with extra as (${extra}),
    top as (
      select ${tagCounts.tag} as tag from ${tagCounts} where ${tagCounts.publicConnections} > 0
      order by ${tagCounts.publicConnections} desc, ${tagCounts.tag} limit ${LIMIT} + (select count(*) from extra)
    ),
    candidates as (select tag from top union select tag from extra),
    counted as (
      select candidates.tag as tag, coalesce(${tagCounts.publicConnections}, 0) + coalesce(extra.n, 0) as count
      from candidates left join ${tagCounts} on ${tagCounts.tag} = candidates.tag left join extra on extra.tag = candidates.tag
    )
    select tag, count from counted where count > 0 order by count desc, tag limit ${LIMIT}`);
}

export interface PopularTag {
  tag: string;
  count: number;
}

/** The answer of `popularTagsRead`, which the caller may have put in a batch of its own. */
export function toPopularTags(rows: Array<{ tag: string; count: number }>): PopularTag[] {
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

export async function popularTags(services: RequestServices): Promise<PopularTag[]> {
  return toPopularTags(await popularTagsRead(services));
}
