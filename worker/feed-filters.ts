import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  bookGenres,
  books,
  connectionGenres,
  connections,
  connectionTags,
  counters,
  movieActors,
  movieGenres,
  movies,
  tagCounts,
} from "./db/schema.ts";
import { normalizeTags } from "./tags.ts";

/** Feed filters (API.md): trimmed, non-blank values; all must hold; tags match any of a comma-separated list. */
export interface FeedFilters {
  movieGenre?: string;
  director?: string;
  actor?: string;
  bookGenre?: string;
  author?: string;
  tags?: string;
}

export const FEED_FILTER_NAMES = ["movieGenre", "director", "actor", "bookGenre", "author", "tags"] as const;

export function readFeedFilters(params: URLSearchParams | Record<string, string | undefined>): FeedFilters {
  const get = (name: string) =>
    (params instanceof URLSearchParams ? params.get(name) : params[name])?.trim() || undefined;
  return Object.fromEntries(
    FEED_FILTER_NAMES.map((name) => [name, get(name)]).filter(([, value]) => value),
  ) as FeedFilters;
}

const lower = (value: string) => value.toLowerCase();

/**
 * The filters as conditions on `connections`; each is an index seek on a lower-cased column. Directors, actors
 * and authors are many, each with few connections, so they are written as `IN` lists that lead SQLite from the
 * filter's index to its few movies or books. Tags and genres are checks per connection; a page filtered by
 * them is read from their newest-first index (`newestFirstIndex`).
 */
export function filterConditions(filters: FeedFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.movieGenre) {
    conditions.push(
      sql`exists (select 1 from ${movieGenres} where ${movieGenres.movieId} = ${connections.movieId} and ${movieGenres.nameLower} = ${lower(filters.movieGenre)})`,
    );
  }
  if (filters.director) {
    conditions.push(
      sql`${connections.movieId} in (select ${movies.id} from ${movies} where lower(${movies.director}) = ${lower(filters.director)})`,
    );
  }
  if (filters.actor) {
    conditions.push(
      sql`${connections.movieId} in (select ${movieActors.movieId} from ${movieActors} where ${movieActors.nameLower} = ${lower(filters.actor)})`,
    );
  }
  if (filters.bookGenre) {
    conditions.push(
      sql`exists (select 1 from ${bookGenres} where ${bookGenres.bookId} = ${connections.bookId} and ${bookGenres.nameLower} = ${lower(filters.bookGenre)})`,
    );
  }
  if (filters.author) {
    conditions.push(
      sql`${connections.bookId} in (select ${books.id} from ${books} where lower(${books.author}) = ${lower(filters.author)})`,
    );
  }
  const tags = normalizeTags(filters.tags);
  if (tags.length) {
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
  /** Selects the filter value's entries. */
  match: SQL;
}

/**
 * Where a filtered page can be read newest first straight from an index: one tag (`connection_tags`), else a
 * movie or book genre (`connection_genres`). Ten matches then cost ten index entries, however common or rare
 * the value, instead of a walk over every connection that stops only after ten matches.
 */
export function newestFirstIndex(filters: FeedFilters): NewestFirstIndex | undefined {
  const tags = normalizeTags(filters.tags);
  if (tags.length === 1) {
    return { table: connectionTags, connectionId: connectionTags.connectionId, createdAt: connectionTags.createdAt, match: eq(connectionTags.tag, tags[0]!) };
  }
  const genre = filters.movieGenre ? { kind: "movie" as const, name: filters.movieGenre } : filters.bookGenre ? { kind: "book" as const, name: filters.bookGenre } : undefined;
  if (!genre) return undefined;
  return {
    table: connectionGenres,
    connectionId: connectionGenres.connectionId,
    createdAt: connectionGenres.createdAt,
    match: and(eq(connectionGenres.kind, genre.kind), eq(connectionGenres.nameLower, lower(genre.name)))!,
  };
}

/**
 * How many public connections match, read from the trigger-maintained counts instead of counting rows: the
 * site total without filters, and per movie, book or tag for a single filter (summed over the movies or books
 * it matches). Combined filters, and several tags at once (a connection may carry more than one), return
 * undefined: those are counted row by row.
 */
export function maintainedPublicCount(filters: FeedFilters): SQL | undefined {
  const set = FEED_FILTER_NAMES.filter((name) => filters[name]);
  if (set.length === 0) return sql`(select ${counters.value} from ${counters} where ${counters.name} = 'public_connections')`;
  if (set.length > 1) return undefined;
  const sum = (column: AnySQLiteColumn) => sql`coalesce(sum(${column}), 0)`;
  const { movieGenre, director, actor, bookGenre, author, tags } = filters;
  if (movieGenre) {
    return sql`(select ${sum(movies.publicConnections)} from ${movieGenres} join ${movies} on ${movies.id} = ${movieGenres.movieId} where ${movieGenres.nameLower} = ${lower(movieGenre)})`;
  }
  if (director) return sql`(select ${sum(movies.publicConnections)} from ${movies} where lower(${movies.director}) = ${lower(director)})`;
  if (actor) {
    return sql`(select ${sum(movies.publicConnections)} from ${movieActors} join ${movies} on ${movies.id} = ${movieActors.movieId} where ${movieActors.nameLower} = ${lower(actor)})`;
  }
  if (bookGenre) {
    return sql`(select ${sum(books.publicConnections)} from ${bookGenres} join ${books} on ${books.id} = ${bookGenres.bookId} where ${bookGenres.nameLower} = ${lower(bookGenre)})`;
  }
  if (author) return sql`(select ${sum(books.publicConnections)} from ${books} where lower(${books.author}) = ${lower(author)})`;
  const normalized = normalizeTags(tags);
  if (normalized.length !== 1) return undefined;
  return sql`(select ${sum(tagCounts.publicConnections)} from ${tagCounts} where ${tagCounts.tag} = ${normalized[0]})`;
}
