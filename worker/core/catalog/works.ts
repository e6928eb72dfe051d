import { eq, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { books, movies } from "../../db/schema.ts";
import { newId } from "../ids.ts";
import { apiImageUrl } from "../images/index.ts";
import { personSlug } from "../rules/index.ts";
import {
  type BookExternalIds,
  type BookFields,
  catalogLists,
  type MovieExternalIds,
  type MovieFields,
} from "./catalog.ts";
import { nameKey, titleKey } from "./identity.ts";
import { knownWork, matchWork, type Settled, sameWork, type WorkChoice } from "./matching.ts";
import { bookSearchText, indexBook, indexMovie, movieSearchText } from "./search-index.ts";

/**
 * Movies and books are shared by every connection that features them. A post finds the work it means by an
 * external id, else by its title's key and its year or author (matching.ts, decision 019), or creates it, and
 * fills in fields that are still empty, never erasing or rewriting what earlier posts set (API.md "Create").
 */
export interface MovieInput extends MovieFields {
  posterKey: string | null;
  externalIds: MovieExternalIds;
}

export interface BookInput extends BookFields {
  coverKey: string | null;
  externalIds: BookExternalIds;
}

export type MovieRow = typeof movies.$inferSelect & { genres: string[]; actors: string[] };
export type BookRow = typeof books.$inferSelect & { genres: string[] };

type Named<Ids> = { title: string; externalIds: Ids };

/** An external id of a post: the column that holds it, its name on a row, and the value the post gives. */
interface IdOf<Row> {
  column: AnySQLiteColumn;
  field: keyof Row & string;
  value: string | null;
}

/** A post's external ids, most specific first: the order in which they decide which work it means. */
const movieIds = (ids: MovieExternalIds): IdOf<MovieRow>[] => [
  { column: movies.tmdbId, field: "tmdbId", value: ids.tmdb },
  { column: movies.imdbId, field: "imdbId", value: ids.imdb },
  { column: movies.wikidataId, field: "wikidataId", value: ids.wikidata },
];
const bookIds = (ids: BookExternalIds): IdOf<BookRow>[] => [
  { column: books.openLibraryId, field: "openLibraryId", value: ids.openLibrary },
  { column: books.isbn13, field: "isbn13", value: ids.isbn13 },
  { column: books.wikidataId, field: "wikidataId", value: ids.wikidata },
];

/**
 * Reads, in one round trip, every work a post could mean: those with its titles' keys and those holding one of
 * its external ids (each an index seek).
 */
export async function findWorks(
  db: Database,
  wanted: { movie: Named<MovieExternalIds> | null; book: Named<BookExternalIds> | null },
) {
  const { movie, book } = wanted;
  const movieQuery = db
    .select({ movie: movies, genres: catalogLists.movieGenres, actors: catalogLists.movieActors })
    .from(movies)
    .where(movie ? or(eq(movies.titleKey, titleKey(movie.title)), ...idMatches(movieIds(movie.externalIds))) : sql`0`)
    .orderBy(sql`${movies.year} is null`, movies.year, movies.id);
  const bookQuery = db
    .select({ book: books, genres: catalogLists.bookGenres })
    .from(books)
    .where(book ? or(eq(books.titleKey, titleKey(book.title)), ...idMatches(bookIds(book.externalIds))) : sql`0`)
    .orderBy(sql`${books.authorKey} = ''`, books.authorKey, books.id);
  const [movieRows, bookRows] = await db.batch([movieQuery, bookQuery]);
  return {
    movies: movieRows.map(
      (row): MovieRow => ({ ...row.movie, genres: JSON.parse(row.genres), actors: JSON.parse(row.actors) }),
    ),
    books: bookRows.map((row): BookRow => ({ ...row.book, genres: JSON.parse(row.genres) })),
  };
}

const given = <Row>(ids: IdOf<Row>[]) => ids.filter((id): id is IdOf<Row> & { value: string } => id.value !== null);
const idMatches = <Row>(ids: IdOf<Row>[]) => given(ids).map(({ column, value }) => eq(column, value));
const authorDetail = (row: BookRow) => row.authorKey || null;

/** Which movie a post means (matching.ts): an external id, else its title's key and year. */
export function matchMovie(
  rows: MovieRow[],
  input: Named<MovieExternalIds> & { year: number | null },
  choice: WorkChoice,
) {
  const ids = given(movieIds(input.externalIds));
  const wanted = {
    titleKey: titleKey(input.title),
    detail: input.year,
    known: knownWork(rows, ids),
    hasExternalIds: ids.length > 0,
  };
  return matchWork(rows, wanted, (row) => row.year, choice);
}

/** Which book a post means (matching.ts): an external id, else its title's key and author's key. */
export function matchBook(rows: BookRow[], input: Named<BookExternalIds> & { author: string }, choice: WorkChoice) {
  const ids = given(bookIds(input.externalIds));
  const wanted = {
    titleKey: titleKey(input.title),
    detail: nameKey(input.author) || null,
    known: knownWork(rows, ids),
    hasExternalIds: ids.length > 0,
  };
  return matchWork(rows, wanted, authorDetail, choice);
}

/** The book with exactly this title and author, else a new one: an edit never joins or changes another book. */
export function sameBook(rows: BookRow[], title: string, author: string): Settled<BookRow> {
  return sameWork(rows, { titleKey: titleKey(title), detail: nameKey(author) || null }, authorDetail);
}

/**
 * The statements that write the movie a post means and an SQL expression for its id. A new work is looked up
 * again inside the same transaction (by its external ids, then its title's key and year), so posts racing to
 * create it share one row: the unique indexes decide which insert lands. Year and external ids fill only when
 * no other work holds them (`fillOnce`).
 */
export function writeMovie(db: Database, input: MovieInput, match: Settled<MovieRow>) {
  const key = titleKey(input.title);
  const ids = input.externalIds;
  const { existing, claim, known, id } = target(
    movies,
    match,
    movieIds(ids),
    sql`(select ${movies.id} from ${movies} where ${movies.titleKey} = ${key} and ${movies.year} is ${input.year})`,
  );
  const statements: BatchItem<"sqlite">[] = [];
  if (claim) statements.push(...fillOnce(db, movies, sql`${claim.id}`, [[movies.year, input.year]]));
  if (!existing) {
    statements.push(
      db
        .insert(movies)
        .values({
          id: newId(),
          title: input.title,
          titleKey: key,
          year: input.year,
          director: input.director,
          directorSlug: personSlug(input.director),
          synopsis: input.synopsis,
          posterKey: input.posterKey,
          tmdbId: ids.tmdb,
          imdbId: ids.imdb,
          wikidataId: ids.wikidata,
        })
        .onConflictDoNothing(),
    );
  }
  statements.push(
    db
      .update(movies)
      .set({
        director: sql`case when ${movies.director} = '' then ${input.director} else ${movies.director} end`,
        directorSlug: sql`case when ${movies.director} = '' then ${personSlug(input.director)} else ${movies.directorSlug} end`,
        synopsis: sql`case when ${movies.synopsis} = '' then ${input.synopsis} else ${movies.synopsis} end`,
        posterKey: sql`coalesce(${movies.posterKey}, ${input.posterKey})`,
      })
      .where(sql`${movies.id} = ${id}`),
    ...fillOnce(db, movies, id, [
      [movies.year, input.year],
      ...given(movieIds(ids)).map((i) => [i.column, i.value] as const),
    ]),
  );
  const merged = {
    title: known?.title ?? input.title,
    director: known?.director || input.director,
    synopsis: known?.synopsis || input.synopsis,
    genres: known?.genres.length ? known.genres : input.genres,
    actors: known?.actors.length ? known.actors : input.actors,
  };
  if (!known?.genres.length) statements.push(...listInserts(db, "movie_genres", "movie_id", id, input.genres));
  if (!known?.actors.length) statements.push(...listInserts(db, "movie_actors", "movie_id", id, input.actors, true));
  const searchText = movieSearchText(merged);
  statements.push(...indexMovie(db, id, searchText));
  return { id, statements, searchText };
}

/** As writeMovie, for the book a post means; its author fills in only while it has none (`fillAuthor`). */
export function writeBook(db: Database, input: BookInput, match: Settled<BookRow>) {
  const key = titleKey(input.title);
  const author = nameKey(input.author);
  const ids = input.externalIds;
  const { existing, claim, known, id } = target(
    books,
    match,
    bookIds(ids),
    sql`(select ${books.id} from ${books} where ${books.titleKey} = ${key} and ${books.authorKey} = ${author})`,
  );
  const statements: BatchItem<"sqlite">[] = [];
  if (claim) statements.push(fillAuthor(db, sql`${claim.id}`, input.author, author));
  if (!existing) {
    statements.push(
      db
        .insert(books)
        .values({
          id: newId(),
          title: input.title,
          titleKey: key,
          author: input.author,
          authorKey: author,
          authorSlug: personSlug(input.author),
          publicationYear: input.publicationYear,
          isbn: input.isbn,
          synopsis: input.synopsis,
          coverKey: input.coverKey,
          openLibraryId: ids.openLibrary,
          isbn13: ids.isbn13,
          wikidataId: ids.wikidata,
        })
        .onConflictDoNothing(),
    );
  }
  statements.push(
    db
      .update(books)
      .set({
        publicationYear: sql`coalesce(${books.publicationYear}, ${input.publicationYear})`,
        isbn: sql`case when ${books.isbn} = '' then ${input.isbn} else ${books.isbn} end`,
        synopsis: sql`case when ${books.synopsis} = '' then ${input.synopsis} else ${books.synopsis} end`,
        coverKey: sql`coalesce(${books.coverKey}, ${input.coverKey})`,
      })
      .where(sql`${books.id} = ${id}`),
    ...fillOnce(
      db,
      books,
      id,
      given(bookIds(ids)).map((i) => [i.column, i.value] as const),
    ),
  );
  if (author && !claim) statements.push(fillAuthor(db, id, input.author, author));
  const merged = {
    title: known?.title ?? input.title,
    author: known?.author || input.author,
    synopsis: known?.synopsis || input.synopsis,
    genres: known?.genres.length ? known.genres : input.genres,
  };
  if (!known?.genres.length) statements.push(...listInserts(db, "book_genres", "book_id", id, input.genres));
  const searchText = bookSearchText(merged);
  statements.push(...indexBook(db, id, searchText));
  return { id, statements, searchText };
}

/**
 * The work a settled match writes: an existing row's id, or else the row a new work turns out to be once the
 * batch's insert has run (the one holding the post's external ids, else the one with its identity).
 */
function target<Row extends { id: string }>(
  table: typeof movies | typeof books,
  match: Settled<Row>,
  ids: IdOf<Row>[],
  byIdentity: SQL,
) {
  const existing = "row" in match ? match.row : null;
  const claim = "create" in match ? match.create.claim : null;
  const lookups = [
    ...given(ids).map(({ column, value }) => sql`(select ${table.id} from ${table} where ${column} = ${value})`),
    byIdentity,
  ];
  // SQLite's coalesce needs two arguments or more.
  const found = lookups.length > 1 ? sql`coalesce(${sql.join(lookups, sql`, `)})` : byIdentity;
  return { existing, claim, known: existing ?? claim, id: existing ? sql`${existing.id}` : found };
}

/**
 * Fills each column that is still null on the work `id`, one statement each: a value another work already holds
 * (a year taken by the title's other film, an external id) is skipped (`OR IGNORE`), and the rest still fill.
 */
function fillOnce(
  db: Database,
  table: typeof movies | typeof books,
  id: SQL,
  values: ReadonlyArray<readonly [AnySQLiteColumn, string | number | null]>,
) {
  return values.flatMap(([column, value]) =>
    value === null
      ? []
      : [
          db.run(
            sql`update or ignore ${table} set ${sql.identifier(column.name)} = ${value} where ${table.id} = ${id} and ${column} is null`,
          ),
        ],
  );
}

/** A book without an author takes this one, unless another book of its title already has it. */
function fillAuthor(db: Database, id: SQL, author: string, key: string) {
  return db.run(
    sql`update or ignore ${books} set author = ${author}, author_key = ${key}, author_slug = ${personSlug(author)}
      where ${books.id} = ${id} and ${books.authorKey} = ''`,
  );
}

/** One row per list item, in order; actors (`slugged`) also get their slug, as people with pages. */
function listInserts(db: Database, table: string, key: string, id: SQL, items: string[], slugged = false) {
  return items.map((name, position) => {
    const [slugColumn, slug] = slugged ? [sql`, slug`, sql`, ${personSlug(name)}`] : [sql``, sql``];
    return db.run(
      sql`insert or ignore into ${sql.identifier(table)} (${sql.identifier(key)}, position, name, name_lower${slugColumn}) select ${id}, ${position}, ${name}, ${name.toLowerCase()}${slug}`,
    );
  });
}

/** A work offered in the create page's question: enough to tell the candidates apart. */
export const movieCandidate = (origin: string, row: MovieRow) => ({
  _id: row.id,
  title: row.title,
  year: row.year,
  director: row.director,
  posterUrl: apiImageUrl(origin, row.posterKey),
});

export const bookCandidate = (origin: string, row: BookRow) => ({
  _id: row.id,
  title: row.title,
  author: row.author,
  publicationYear: row.publicationYear,
  coverUrl: apiImageUrl(origin, row.coverKey),
});

export type MovieCandidate = ReturnType<typeof movieCandidate>;
export type BookCandidate = ReturnType<typeof bookCandidate>;
