import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, connectionFacets, connections, facetCounts, movies, users } from "../../db/schema.ts";
import { notFound } from "../errors.ts";
import { connectionVisibleTo, listedMemberTo } from "../people/index.ts";
import { PERSON_ROLES } from "../rules/index.ts";
import { xmlElement } from "../xml.ts";

/**
 * How many rowids one child sitemap covers, and so the most URLs it lists (the protocol allows 50,000). A page
 * is one rowid range of its table: a seek and at most this many rows, whatever its number, with no count and no
 * OFFSET walk. 5,000 keeps a page's database answer (a few hundred KB of JSON from Turso) and its XML (about
 * 600 KB) quick to move and build within a Worker's limits; at a million connections it still means only 200
 * child sitemaps.
 */
export const SITEMAP_PAGE_SIZE = 5_000;

const SITEMAP_MESSAGES = { notFound: "No such sitemap." } as const;

/**
 * One kind of page the sitemap lists. Its child sitemaps are `/sitemaps/<name>-<n>.xml`, page n covering the
 * table's rowids ((n - 1) × size, n × size]. Rowids only grow as rows are added, so a page keeps its rows as the
 * site grows; rows deleted leave a page shorter, never longer. Which rows are listed is the privacy rule for a
 * visitor: only what anyone may see, so no private or suspended member and nothing of theirs.
 */
interface SitemapSource {
  name: string;
  table: SQLiteTable;
  /** Which of the table's rows are listed. */
  listed: SQL;
  /** A listed row's page, as a path. */
  path: SQL<string>;
  /** When that page last changed (ms). */
  lastmod: SQL<number>;
}

/**
 * When the newest connection a visitor may see with `column = id` was posted (null: there is none), read from
 * that column's newest-first index.
 */
function newestVisibleConnection(column: SQLiteColumn, id: SQLiteColumn) {
  return sql<number | null>`(select ${connections.createdAt} from ${connections}
    where ${column} = ${id} and ${connectionVisibleTo(null)} order by ${connections.createdAt} desc limit 1)`;
}

const movieNewest = newestVisibleConnection(connections.movieId, movies.id);
const bookNewest = newestVisibleConnection(connections.bookId, books.id);
const memberNewest = newestVisibleConnection(connections.userId, users.id);

/**
 * People are their filter values (director, actor, author slugs; decision 021), counted per role in
 * `facet_counts` with their public connections. A person is listed once, by their first role row with a public
 * connection (a director who also acts is listed as director only), so a private member's post never puts a
 * name in the sitemap. Their lastmod is that role's newest public connection, from its newest-first index.
 */
const personRoles = sql.join(
  PERSON_ROLES.map((role) => sql`${role}`),
  sql`, `,
);
const personListed = sql`${facetCounts.facet} in (${personRoles}) and ${facetCounts.publicConnections} > 0
  and not exists (select 1 from ${facetCounts} as earlier where earlier.value = ${facetCounts.value}
    and earlier.facet in (${personRoles}) and earlier.public_connections > 0 and earlier.rowid < ${facetCounts}.rowid)`;
const personNewest = sql<number>`(select ${connections.createdAt} from ${connectionFacets}
  cross join ${connections} on ${connections.id} = ${connectionFacets.connectionId}
  where ${connectionFacets.facet} = ${facetCounts.facet} and ${connectionFacets.value} = ${facetCounts.value}
    and ${connectionVisibleTo(null)} order by ${connectionFacets.createdAt} desc limit 1)`;

/** The sources, in the index's order. */
const SOURCES: readonly SitemapSource[] = [
  {
    name: "connections",
    table: connections,
    listed: connectionVisibleTo(null),
    path: sql`'/connections/' || ${connections.id}`,
    lastmod: sql`coalesce(${connections.updatedAt}, ${connections.createdAt})`,
  },
  {
    // Movies and books that a visible connection features: one only private members wrote about is not listed.
    name: "movies",
    table: movies,
    listed: sql`${movieNewest} is not null`,
    path: sql`'/movies/' || ${movies.id}`,
    lastmod: sql`max(${movies.createdAt}, ${movieNewest})`,
  },
  {
    name: "books",
    table: books,
    listed: sql`${bookNewest} is not null`,
    path: sql`'/books/' || ${books.id}`,
    lastmod: sql`max(${books.createdAt}, ${bookNewest})`,
  },
  {
    name: "members",
    table: users,
    listed: listedMemberTo(null),
    path: sql`'/users/' || ${users.id}`,
    lastmod: sql`max(coalesce(${users.updatedAt}, ${users.createdAt}), coalesce(${memberNewest}, 0))`,
  },
  {
    name: "people",
    table: facetCounts,
    listed: personListed,
    path: sql`'/people/' || ${facetCounts.value}`,
    lastmod: personNewest,
  },
];

const rowid = (table: SQLiteTable) => sql`${table}.rowid`;

/**
 * The table read by rowid only. NOT INDEXED keeps SQLite from choosing an index for a source's condition (the
 * members' `is_private = 0` matches `users_public_by_username`) and walking every listed row for one page.
 */
const byRowid = (table: SQLiteTable) => sql`${table} not indexed`;

/** The rows of one page: rowids in ((page - 1) × size, page × size], in the primary key's own order. */
function inPage(table: SQLiteTable, page: SQL | number): SQL {
  return sql`${rowid(table)} > (${page} - 1) * ${SITEMAP_PAGE_SIZE} and ${rowid(table)} <= ${page} * ${SITEMAP_PAGE_SIZE}`;
}

/**
 * The numbers of a source's pages that list at least one URL. The last rowid bounds them (a lookup at the end of
 * the table's b-tree); each page is then probed until its first listed row, which is usually its first row.
 */
function pagesRead(db: Database, source: SitemapSource) {
  const { table } = source;
  return db.all<{ n: number }>(sql`with recursive page(n) as (
      select 1 union all select n + 1 from page
      where n < (select (coalesce(max(${rowid(table)}), 0) + ${SITEMAP_PAGE_SIZE} - 1) / ${SITEMAP_PAGE_SIZE} from ${table}))
    select n from page where exists (select 1 from ${byRowid(table)} where ${inPage(table, sql`page.n`)} and ${source.listed})`);
}

/** `/sitemap.xml`: the index of every child sitemap that lists something, in one round trip. */
export async function sitemapIndex({ db, origin }: RequestServices): Promise<string> {
  const [first, ...others] = SOURCES.map((source) => pagesRead(db, source));
  const pages = first ? await db.batch([first, ...others]) : [];
  const children = SOURCES.flatMap((source, index) =>
    (pages[index] ?? []).map(
      ({ n }) => `<sitemap>${xmlElement("loc", `${origin}/sitemaps/${source.name}-${n}.xml`)}</sitemap>`,
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...children,
    "</sitemapindex>",
    "",
  ].join("\n");
}

const CHILD_NAME = /^([a-z]+)-([1-9][0-9]{0,8})\.xml$/;

/** `/sitemaps/<name>-<n>.xml`: one page of a source; 404 for an unknown source, or a page with nothing to list. */
export async function sitemapPage({ db, origin }: RequestServices, file: string): Promise<string> {
  const [, name, number] = CHILD_NAME.exec(file) ?? [];
  const source = SOURCES.find((candidate) => candidate.name === name);
  if (!source || number === undefined) throw notFound(SITEMAP_MESSAGES.notFound);
  const { table } = source;
  const rows = await db.all<{
    path: string;
    lastmod: number;
  }>(sql`select ${source.path} as path, ${source.lastmod} as lastmod
    from ${byRowid(table)} where ${inPage(table, Number(number))} and ${source.listed} order by ${rowid(table)}`);
  if (!rows.length) throw notFound(SITEMAP_MESSAGES.notFound);
  const urls = rows.map(
    ({ path, lastmod }) =>
      `<url>${xmlElement("loc", origin + encodeURI(path))}${xmlElement("lastmod", new Date(lastmod).toISOString())}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
