import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  connectionFacets,
  connections,
  connectionTags,
  counters,
  FACETS,
  facetCounts,
  tagCounts,
} from "../../db/schema.ts";
import { type ConnectionKind, normalizeTags, PERSON_ROLES, personSlug } from "../rules/index.ts";

/** Feed filters (API.md): trimmed, non-blank values; all must hold; tags match any of a comma-separated list. */
export interface FeedFilters {
  movieGenre?: string;
  director?: string;
  actor?: string;
  bookGenre?: string;
  author?: string;
  tags?: string;
  /** API.md "Connection kinds": one kind; a value that is no kind matches nothing. */
  kind?: string;
}

export const FEED_FILTER_NAMES = [...FACETS, "tags", "kind"] as const;

export function readFeedFilters(params: URLSearchParams | Record<string, string | undefined>): FeedFilters {
  const get = (name: string) =>
    (params instanceof URLSearchParams ? params.get(name) : params[name])?.trim() || undefined;
  return Object.fromEntries(
    FEED_FILTER_NAMES.map((name) => [name, get(name)]).filter(([, value]) => value),
  ) as FeedFilters;
}

type Facet = (typeof FACETS)[number];

/** The facets that name people (a person's roles by the same names); the rest (genres) are lower-cased names. */
const PERSON_FACETS: ReadonlySet<Facet> = new Set(PERSON_ROLES);

/**
 * The value a facet's rows hold for what a member typed: a person's slug, so "Gréta  Gerwig" finds Greta Gerwig
 * (decision 021), or a genre lower-cased as its `name_lower` column is.
 */
export function facetValue(facet: Facet, typed: string): string {
  return PERSON_FACETS.has(facet) ? personSlug(typed) : typed.toLowerCase();
}

/** The non-tag filters that are set, each with the value its facet rows hold. */
function facetValues(filters: FeedFilters): Array<{ facet: Facet; value: string }> {
  return FACETS.flatMap((facet) => {
    const value = filters[facet];
    return value ? [{ facet, value: facetValue(facet, value) }] : [];
  });
}

const hasFacet = ({ facet, value }: { facet: Facet; value: string }) =>
  sql`exists (select 1 from ${connectionFacets} where ${connectionFacets.connectionId} = ${connections.id} and ${connectionFacets.facet} = ${facet} and ${connectionFacets.value} = ${value})`;

/**
 * The filters as conditions on `connections`: exact matches after normalising, each a primary-key seek in
 * `connection_facets` (movie and book fields, copied per connection) or `connection_tags`. Rows read from a filter's
 * own index (`walked`) hold that filter by how they were found, so its condition is left out: it would seek the
 * entry just read once more for every row.
 */
export function filterConditions(filters: FeedFilters, walked?: NewestFirstIndex): SQL[] {
  const implied = walked?.implies;
  const conditions = facetValues(filters)
    .filter(
      ({ facet, value }) => !(implied && "facet" in implied && implied.facet === facet && implied.value === value),
    )
    .map(hasFacet);
  if (filters.kind) conditions.push(eq(connections.kind, filters.kind as ConnectionKind));
  const tags = normalizeTags(filters.tags);
  const tagWalked = implied && "tag" in implied && tags.length === 1 && tags[0] === implied.tag;
  if (tags.length && !tagWalked) {
    conditions.push(
      sql`exists (select 1 from ${connectionTags} where ${connectionTags.connectionId} = ${connections.id} and ${inArray(connectionTags.tag, tags)})`,
    );
  }
  return conditions;
}

/** An index that lists the connections matching one filter value newest first (see `newestFirstIndex`). */
export interface NewestFirstIndex {
  table: SQLiteTable;
  connectionId: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
  /** The entry's connection's owner, the index's last column: a condition on it is met without the connection. */
  owner: AnySQLiteColumn;
  /** Conditions that together select the filter value's entries. */
  match: SQL[];
  /** How many public connections it lists, from the kept counts: what a walk of it costs at most. */
  publicEntries: SQL<number>;
  /** The filter every entry meets. */
  implies: { facet: Facet; value: string } | { tag: string };
}

/** Which filter's index a page is read from when several are set: the ones with the fewest connections first. */
const WALK_ORDER: readonly Facet[] = ["author", "director", "actor", "bookGenre", "movieGenre"];

/**
 * Where a filtered page is read newest first straight from an index: one tag (`connection_tags`) or a facet
 * (`connection_facets`). Ten matches then cost about ten index entries, however common or rare the value,
 * instead of a walk over every connection that stops only after ten matches; any other filters are checked on
 * those entries. Undefined without filters, or when several tags are the only filter.
 */
export function newestFirstIndex(filters: FeedFilters): NewestFirstIndex | undefined {
  const facets = facetValues(filters);
  const walked = WALK_ORDER.map((facet) => facets.find((candidate) => candidate.facet === facet)).find(Boolean);
  const tags = normalizeTags(filters.tags);
  if (walked && !(tags.length === 1 && (walked.facet === "movieGenre" || walked.facet === "bookGenre"))) {
    return facetIndex(walked.facet, walked.value);
  }
  const tag = tags.length === 1 ? tags[0] : undefined;
  return tag === undefined ? undefined : tagIndex(tag);
}

/** One facet value's connections (a genre, or a person's slug in one role), newest first, from `connection_facets`. */
export function facetIndex(facet: Facet, value: string): NewestFirstIndex {
  return {
    table: connectionFacets,
    connectionId: connectionFacets.connectionId,
    createdAt: connectionFacets.createdAt,
    owner: connectionFacets.userId,
    match: [eq(connectionFacets.facet, facet), eq(connectionFacets.value, value)],
    publicEntries: facetCount({ facet, value }),
    implies: { facet, value },
  };
}

/** One (normalised) tag's connections, newest first, from `connection_tags_newest`. */
export function tagIndex(tag: string): NewestFirstIndex {
  return {
    table: connectionTags,
    connectionId: connectionTags.connectionId,
    createdAt: connectionTags.createdAt,
    owner: connectionTags.userId,
    match: [eq(connectionTags.tag, tag)],
    publicEntries: tagCount(tag),
    implies: { tag },
  };
}

/** The kept count of one facet value's public connections. */
function facetCount({ facet, value }: { facet: Facet; value: string }): SQL<number> {
  return sql`coalesce((select ${facetCounts.publicConnections} from ${facetCounts} where ${facetCounts.facet} = ${facet} and ${facetCounts.value} = ${value}), 0)`;
}

/** The kept count of one (normalised) tag's public connections. */
function tagCount(tag: string): SQL<number> {
  return sql`coalesce((select ${tagCounts.publicConnections} from ${tagCounts} where ${tagCounts.tag} = ${tag}), 0)`;
}

/**
 * How many public connections match, read from the trigger-maintained counts instead of counting rows: the
 * site total without filters, and per facet value or tag for a single filter. Combined filters, and several
 * tags at once (a connection may carry more than one), return undefined: those are counted row by row.
 */
export function maintainedPublicCount(filters: FeedFilters): SQL | undefined {
  const facets = facetValues(filters);
  const tags = normalizeTags(filters.tags);
  if (filters.kind) return undefined;
  if (!facets.length && !filters.tags) {
    return sql`(select ${counters.value} from ${counters} where ${counters.name} = 'public_connections')`;
  }
  if (facets.length === 1 && !filters.tags) return facetCount(facets[0] as { facet: Facet; value: string });
  if (!facets.length && tags.length === 1) return tagCount(tags[0] as string);
  return undefined;
}
