import { type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { bookGenres, books, FACETS, facetCounts, movieActors, movieGenres, movies } from "../../db/schema.ts";
import { badRequest } from "../errors.ts";
import { facetValue } from "./feed-filters.ts";

/**
 * What the feed's filter fields suggest (decision 021): values of the filter as the catalog spells them, most
 * featured first, read from the kept counts of public connections (`facet_counts`), so a name that only private
 * posts feature is never offered. Without JavaScript the form offers each filter's most featured values as a
 * datalist; with it, a combobox asks for the values starting with what was typed.
 */
export type FilterName = (typeof FACETS)[number];

/** Values per filter in the form's datalists, and per answer while typing. */
export const POPULAR_SHOWN = 12;
export const TYPED_SHOWN = 8;

export const SUGGESTION_MESSAGES = { unknownFilter: `Filter must be one of ${FACETS.join(", ")}.` } as const;

/** How a filter's stored value (`facet_counts.value`) is spelled in the catalog: one index seek. */
function spelled(filter: FilterName, value: SQL): SQL<string> {
  const spellings: Record<FilterName, SQL> = {
    movieGenre: sql`select ${movieGenres.name} from ${movieGenres} where ${movieGenres.nameLower} = ${value}`,
    director: sql`select ${movies.director} from ${movies} where ${movies.directorSlug} = ${value}`,
    actor: sql`select ${movieActors.name} from ${movieActors} where ${movieActors.slug} = ${value}`,
    bookGenre: sql`select ${bookGenres.name} from ${bookGenres} where ${bookGenres.nameLower} = ${value}`,
    author: sql`select ${books.author} from ${books} where ${books.authorSlug} = ${value}`,
  };
  return sql<string>`(${spellings[filter]} limit 1)`;
}

/**
 * One filter's most featured values, or with `range` those in a key range: the values are chosen first and only
 * those looked up for their spelling. Without a range, `facet_counts_popular` is read from the top; with one, the
 * key range is walked and its matches sorted (the unary plus keeps SQLite off the popularity index, which would
 * walk every value of the filter to find a rare prefix).
 */
function valuesOf(filter: FilterName, range: SQL | null, limit: number): SQL {
  const count = range ? sql`+${facetCounts.publicConnections}` : sql`${facetCounts.publicConnections}`;
  const top = sql`select ${facetCounts.value} as value, ${count} as n from ${facetCounts}
    where ${facetCounts.facet} = ${filter} and ${count} > 0 ${range ? sql`and ${range}` : sql``}
    order by ${count} desc, ${facetCounts.value} limit ${limit}`;
  return sql`select ${filter} as filter, ${spelled(filter, sql`top.value`)} as name, top.n as n, top.value as value
    from (${top}) as top`;
}

/** Every filter's most featured values, as one statement for the caller's batch. */
export function popularValuesRead(db: Database) {
  const arms = FACETS.map((filter) => valuesOf(filter, null, POPULAR_SHOWN));
  return db.all<{ filter: FilterName; name: string | null }>(
    sql`${sql.join(arms, sql` union all `)} order by filter, n desc, value`,
  );
}

export type PopularValues = Record<FilterName, string[]>;

export function toPopularValues(rows: Array<{ filter: FilterName; name: string | null }>): PopularValues {
  const popular = Object.fromEntries(FACETS.map((filter) => [filter, [] as string[]])) as PopularValues;
  for (const row of rows) if (row.name) popular[row.filter].push(row.name);
  return popular;
}

/**
 * A filter's values starting with what was typed, normalised as the filter matches it (a person's slug, a
 * genre lower-cased): "gre" and "Gré" both find Greta Gerwig. Blank text answers the most featured values.
 */
export async function filterSuggestions({ db }: RequestServices, filter: string, typed: string): Promise<string[]> {
  if (!(FACETS as readonly string[]).includes(filter)) throw badRequest(SUGGESTION_MESSAGES.unknownFilter);
  const name = filter as FilterName;
  const prefix = facetValue(name, typed.trim());
  const range = prefix
    ? // Every value that starts with the prefix sorts between it and the prefix followed by the last code point.
      sql`${facetCounts.value} >= ${prefix} and ${facetCounts.value} < ${`${prefix}\u{10FFFF}`}`
    : null;
  const values = valuesOf(name, range, prefix ? TYPED_SHOWN : POPULAR_SHOWN);
  const rows = await db.all<{ name: string | null }>(sql`${values} order by n desc, value`);
  return rows.flatMap((row) => (row.name ? [row.name] : []));
}
