import { sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { connections, connectionTags, tagCounts } from "../../db/schema.ts";
import { privateConnectionsVisibleTo } from "../people/index.ts";

const LIMIT = 15;

/**
 * At most 15 tags by how many connections the viewer may see carry them, then alphabetically.
 *
 * Public connections come from the trigger-maintained `tag_counts`; the viewer's visible private ones (their
 * own, and those of private members they follow) are counted from their rows and added. Only the top
 * 15 + n public tags can win, where n is the number of tags the private rows add: any other tag has at least
 * 15 tags that are not among those n ahead of it.
 */
export async function popularTags({ db, viewer }: RequestServices): Promise<Array<{ tag: string; count: number }>> {
  const privateRows = privateConnectionsVisibleTo(viewer);
  const extra = privateRows
    ? sql`select ${connectionTags.tag} as tag, count(*) as n from ${privateRows} join ${connectionTags} on ${connectionTags.connectionId} = ${connections.id} group by ${connectionTags.tag}`
    : sql`select null as tag, 0 as n where 0`;
  const rows = await db.all<{ tag: string; count: number }>(sql`
    with extra as (${extra}),
    top as (
      select ${tagCounts.tag} as tag from ${tagCounts} where ${tagCounts.publicConnections} > 0
      order by ${tagCounts.publicConnections} desc, ${tagCounts.tag} limit ${LIMIT} + (select count(*) from extra)
    ),
    candidates as (select tag from top union select tag from extra)
    select candidates.tag as tag, coalesce(${tagCounts.publicConnections}, 0) + coalesce(extra.n, 0) as count
    from candidates left join ${tagCounts} on ${tagCounts.tag} = candidates.tag left join extra on extra.tag = candidates.tag
    order by count desc, candidates.tag limit ${LIMIT}`);
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}
