import { type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { ownerTagCounts, tagCounts } from "../../db/schema.ts";
import { visibilityAdjustmentOwners } from "../people/index.ts";

const LIMIT = 15;
/**
 * The most seeks (tags above the line × members) the bounded count may take; past it, summing the members' own
 * rows is the cheaper read. The member who follows the most takes 900 at 1M connections (decision 042).
 */
const SEEK_BUDGET = 20_000;

/**
 * Popular tags as one read for the caller's batch (`toPopularTags` reads its answer): at most 15 tags by how many
 * connections the viewer may see carry them, then alphabetically.
 *
 * Public connections come from the trigger-maintained `tag_counts`. For a member, the rows they see beyond them
 * (their own private ones, those of private members they follow) are added from those members' kept counts per tag
 * (`owner_tag_counts`), and the public rows a block hides from them are taken off the same way
 * (`visibilityAdjustmentOwners`).
 *
 * Which tags can win is bounded first, so the read does not grow with how much those members post (decision 042,
 * addendum). The 15 most used public tags, each counted for the viewer, give a floor: the 15th tag has at least the
 * smallest of their counts. No member adds more to any other tag than their own largest count of one, so a tag
 * whose public count is below that floor less those largest counts summed cannot reach it. The winners are among
 * the 15 and the tags above that line, each counted with one seek per member. When the line reaches 0 (few public
 * tags, or members whose counts outweigh them), or when the tags above it times the members would take more than
 * `SEEK_BUDGET` seeks, the read counts every tag those members touch instead, plus the 15 most used others.
 */
export function popularTagsRead({ db, viewer }: Pick<RequestServices, "db" | "viewer">) {
  const { added, removed } = visibilityAdjustmentOwners(viewer);
  if (!added || !removed) {
    return db.all<{ tag: string; count: number }>(sql`
      select ${tagCounts.tag} as tag, ${tagCounts.publicConnections} as count from ${tagCounts}
      where ${tagCounts.publicConnections} > 0 order by ${tagCounts.publicConnections} desc, ${tagCounts.tag} limit ${LIMIT}`);
  }
  // The members' kept counts for one tag, added or taken off: one seek per member.
  const countsFor = (members: string, tag: SQL) =>
    sql`coalesce((select sum(${ownerTagCounts.connections}) from ${sql.raw(members)} cross join ${ownerTagCounts}
      on ${ownerTagCounts.userId} = ${sql.raw(members)}.id and ${ownerTagCounts.tag} = ${tag}), 0)`;
  const seen = (tag: SQL) => sql`${countsFor("added", tag)} - ${countsFor("removed", tag)}`;
  // Every tag those members touch, summed: one range of `owner_tag_counts` per member.
  const rowsOf = (members: string, sign: SQL) =>
    sql`select ${ownerTagCounts.tag} as tag, ${sign} * ${ownerTagCounts.connections} as n from ${sql.raw(members)}
      cross join ${ownerTagCounts} on ${ownerTagCounts.userId} = ${sql.raw(members)}.id`;
  const bounded = sql`(select bounded from plan)`;
  // Each side runs only when it is needed: a LIMIT is checked once before its loop, a WHERE on every row.
  const onlyIf = (condition: SQL, limit: SQL) => sql`(case when ${condition} then ${limit} else 0 end)`;
  return db.all<{ tag: string; count: number }>(sql`
    with added(id) as materialized (${added}),
    removed(id) as materialized (${removed}),
    head(tag, count) as materialized (
      select top.tag, top.n + ${seen(sql`top.tag`)} from (select ${tagCounts.tag} as tag,
        ${tagCounts.publicConnections} as n from ${tagCounts} where ${tagCounts.publicConnections} > 0
        order by ${tagCounts.publicConnections} desc, ${tagCounts.tag} limit ${LIMIT}) as top
    ),
    line(n) as materialized (
      select case when count(*) = ${LIMIT} then min(count) - (select coalesce(sum((select ${ownerTagCounts.connections}
        from ${ownerTagCounts} indexed by owner_tag_counts_top
        where ${ownerTagCounts.userId} = added.id and ${ownerTagCounts.tag} not in (select tag from head)
        order by ${ownerTagCounts.connections} desc limit 1)), 0) from added) else 0 end
      from head where count > 0
    ),
    seekers(n) as materialized (select (select count(*) from added) + (select count(*) from removed) + 1),
    plan(bounded) as materialized (
      select case when (select n from line) > 0 then (select count(*) from (select 1 from ${tagCounts}
          indexed by tag_counts_popular where ${tagCounts.publicConnections} >= (select n from line)
          limit cast(${SEEK_BUDGET} / (select n from seekers) as integer) + 1)) * (select n from seekers) <= ${SEEK_BUDGET} else 0 end
    ),
    above as materialized (
      select tag, count from head where ${bounded}
      union all
      select * from (select ${tagCounts.tag} as tag, ${tagCounts.publicConnections} + ${seen(sql`${tagCounts.tag}`)}
        from ${tagCounts} indexed by tag_counts_popular
        where ${tagCounts.publicConnections} >= (select n from line) and ${tagCounts.tag} not in (select tag from head)
        limit ${onlyIf(bounded, sql`-1`)})
    ),
    extra as materialized (
      select tag, sum(n) as n from (select * from (${rowsOf("added", sql`1`)} union all ${rowsOf("removed", sql`-1`)})
        limit ${onlyIf(sql`not ${bounded}`, sql`-1`)}) group by tag
    ),
    untouched as (
      select ${tagCounts.tag} as tag, ${tagCounts.publicConnections} as count from ${tagCounts}
      where ${tagCounts.publicConnections} > 0 and ${tagCounts.tag} not in (select tag from extra)
      order by ${tagCounts.publicConnections} desc, ${tagCounts.tag} limit ${onlyIf(sql`not ${bounded}`, sql`${LIMIT}`)}
    ),
    touched as (
      select extra.tag as tag, coalesce(${tagCounts.publicConnections}, 0) + extra.n as count
      from extra left join ${tagCounts} on ${tagCounts.tag} = extra.tag
    )
    select tag, count from (select tag, count from above union all select tag, count from untouched
      union all select tag, count from touched)
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
