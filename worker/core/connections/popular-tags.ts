import { type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { ownerTagCounts, tagCounts } from "../../db/schema.ts";
import { visibilityAdjustmentOwners } from "../people/index.ts";

const LIMIT = 15;

/**
 * Popular tags as one read for the caller's batch (`toPopularTags` reads its answer): at most 15 tags by how many
 * connections the viewer may see carry them, then alphabetically.
 *
 * Public connections come from the trigger-maintained `tag_counts`; the rows the viewer sees beyond them (their
 * own private ones, those of private members they follow) are added from those members' kept counts per tag
 * (`owner_tag_counts`), and the public rows a block hides from them are taken off the same way
 * (`visibilityAdjustmentOwners`). The winners are among the tags those counts touch, each counted, and the 15 most
 * used of the others, which keep their public count: any other untouched tag has those 15 ahead of it. The touched
 * tags are read once (MATERIALIZED), and the 15 are the top of `tag_counts_popular` with the touched ones skipped.
 */
export function popularTagsRead({ db, viewer }: Pick<RequestServices, "db" | "viewer">) {
  const { added, removed } = visibilityAdjustmentOwners(viewer);
  // Those members' kept counts per tag: one range of `owner_tag_counts` per member.
  const tagsOf = (members: SQL, sign: SQL) =>
    sql`select ${ownerTagCounts.tag} as tag, ${sign} * ${ownerTagCounts.connections} as n from (${members}) as owners
      cross join ${ownerTagCounts} on ${ownerTagCounts.userId} = owners.id`;
  const changes = [added && tagsOf(added, sql`1`), removed && tagsOf(removed, sql`-1`)].filter(
    (part): part is SQL => part !== null,
  );
  const extra = changes.length
    ? sql`select tag, sum(n) as n from (${sql.join(changes, sql` union all `)}) group by tag`
    : sql`select null as tag, 0 as n where 0`;
  return db.all<{ tag: string; count: number }>(sql`
    with extra as materialized (${extra}),
    untouched as (
      select ${tagCounts.tag} as tag, ${tagCounts.publicConnections} as count from ${tagCounts}
      where ${tagCounts.publicConnections} > 0 and ${tagCounts.tag} not in (select tag from extra)
      order by ${tagCounts.publicConnections} desc, ${tagCounts.tag} limit ${LIMIT}
    ),
    touched as (
      select extra.tag as tag, coalesce(${tagCounts.publicConnections}, 0) + extra.n as count
      from extra left join ${tagCounts} on ${tagCounts.tag} = extra.tag
    )
    select tag, count from (select tag, count from untouched union all select tag, count from touched)
    where count > 0 order by count desc, tag limit ${LIMIT}`);
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
