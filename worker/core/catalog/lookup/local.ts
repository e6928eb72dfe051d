import { and, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { Database } from "../../../db/client.ts";
import { books, movies } from "../../../db/schema.ts";
import { apiImageUrl } from "../../images/index.ts";
import { LOOKUP_MAX_RESULTS } from "../../rules/index.ts";
import { bookExternalIds, catalogLists, movieExternalIds } from "../catalog.ts";
import { titleKey } from "../identity.ts";
import { ftsPhrase } from "../search-index.ts";
import type { BookSuggestion, LookupQuery, LookupSource, MovieSuggestion } from "./types.ts";

/** How many full-text hits are checked for the term inside a title: a bound on the work, whatever the term. */
const FTS_CANDIDATES = 200;

/**
 * The two ways a title matches, both on indexes: its key starts with the text's key (a range on the identity
 * index, so "the mart" finds "Martian, The"),
 * or, from three characters, contains it (the work's trigram index, then the title itself is checked, so a match
 * in a synopsis does not count). A given year keeps works of that year or of none.
 */
function titleMatches(
  q: string,
  columns: { id: AnySQLiteColumn; title: AnySQLiteColumn; titleKey: AnySQLiteColumn; year: AnySQLiteColumn },
  index: { table: string; key: string },
  year: number | null,
): [SQL, ...SQL[]] {
  const sameYear = year === null ? undefined : sql`(${columns.year} is null or ${columns.year} = ${year})`;
  const key = titleKey(q);
  const startsWith = sql`${columns.titleKey} >= ${key} and ${columns.titleKey} < ${key} || char(1114111)`;
  const contains = sql`${columns.id} in (select ${sql.identifier(index.key)} from ${sql.identifier(index.table)}
    where body match ${ftsPhrase(q)} limit ${FTS_CANDIDATES}) and instr(lower(${columns.title}), lower(${q})) > 0`;
  const conditions: [SQL, ...SQL[]] = [and(startsWith, sameYear) as SQL];
  if ([...q].length >= 3) conditions.push(and(contains, sameYear) as SQL);
  return conditions;
}

/** Exact titles first, then titles that start with the text, then the rest; each work once. */
function ranked<T extends { _id?: string; title: string }>(q: string, found: T[]): T[] {
  const wanted = titleKey(q);
  const seen = new Set<string>();
  return found
    .filter((work) => !seen.has(work._id ?? "") && seen.add(work._id ?? ""))
    .sort((a, b) => Number(titleKey(b.title) === wanted) - Number(titleKey(a.title) === wanted))
    .slice(0, LOOKUP_MAX_RESULTS);
}

/** The rows of one select per condition (a dynamic query built afresh each time), in one round trip. */
async function rowsMatching<Query extends SQLiteSelect>(
  db: Database,
  [first, ...rest]: [SQL, ...SQL[]],
  select: () => Query,
): Promise<Awaited<Query>> {
  const query = (where: SQL) => select().where(where).limit(LOOKUP_MAX_RESULTS);
  return (await db.batch([query(first), ...rest.map(query)])).flat() as Awaited<Query>;
}

async function localMovies(db: Database, origin: string, query: LookupQuery): Promise<MovieSuggestion[]> {
  const conditions = titleMatches(query.q, movies, { table: "movie_search", key: "movie_id" }, query.year);
  const found = await rowsMatching(db, conditions, () =>
    db
      .select({
        id: movies.id,
        title: movies.title,
        year: movies.year,
        director: movies.director,
        posterKey: movies.posterKey,
        tmdbId: movies.tmdbId,
        imdbId: movies.imdbId,
        wikidataId: movies.wikidataId,
        genres: catalogLists.movieGenres,
        actors: catalogLists.movieActors,
      })
      .from(movies)
      .$dynamic(),
  );
  const candidate = (row: (typeof found)[number]): MovieSuggestion => ({
    source: "local",
    _id: row.id,
    title: row.title,
    year: row.year,
    director: row.director,
    posterUrl: apiImageUrl(origin, row.posterKey),
    externalIds: movieExternalIds(row),
    genres: JSON.parse(row.genres),
    actors: JSON.parse(row.actors),
  });
  return ranked(query.q, found.map(candidate));
}

async function localBooks(db: Database, origin: string, query: LookupQuery): Promise<BookSuggestion[]> {
  const columns = { id: books.id, title: books.title, titleKey: books.titleKey, year: books.publicationYear };
  const conditions = titleMatches(query.q, columns, { table: "book_search", key: "book_id" }, query.year);
  const found = await rowsMatching(db, conditions, () =>
    db
      .select({
        id: books.id,
        title: books.title,
        year: books.publicationYear,
        author: books.author,
        coverKey: books.coverKey,
        openLibraryId: books.openLibraryId,
        isbn13: books.isbn13,
        wikidataId: books.wikidataId,
        genres: catalogLists.bookGenres,
      })
      .from(books)
      .$dynamic(),
  );
  const candidate = (row: (typeof found)[number]): BookSuggestion => ({
    source: "local",
    _id: row.id,
    title: row.title,
    year: row.year,
    author: row.author,
    coverUrl: apiImageUrl(origin, row.coverKey),
    externalIds: bookExternalIds(row),
    genres: JSON.parse(row.genres),
  });
  return ranked(query.q, found.map(candidate));
}

/** The works already in the catalog: one round trip, indexed reads only. */
export function localSource(db: Database, origin: string): LookupSource {
  return {
    name: "local",
    handles: () => true,
    search: (query) => (query.type === "movie" ? localMovies(db, origin, query) : localBooks(db, origin, query)),
  };
}
