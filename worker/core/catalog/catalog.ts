import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, movies } from "../../db/schema.ts";
import { jsonList } from "../../db/sql.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { apiImageUrl } from "../images/index.ts";
import { personSlug } from "../rules/index.ts";
import { pairVerdictsColumn, toPairVerdicts } from "../verdicts/index.ts";
import { bookSearchText, indexBook, indexMovie, movieSearchText } from "./search-index.ts";

/** A movie's own fields: what a post enters and what API.md's Movie and MovieRef show. */
export interface MovieFields {
  title: string;
  year: number | null;
  director: string;
  genres: string[];
  actors: string[];
  synopsis: string;
}

/** A book's own fields: what a post enters and what API.md's Book and BookRef show. */
export interface BookFields {
  title: string;
  author: string;
  publicationYear: number | null;
  genres: string[];
  isbn: string;
  synopsis: string;
}

/**
 * Movies and books are shared by every connection that features them. A post finds them by title
 * (case-insensitively; a book also by author when both have one) or creates them, and fills in fields that
 * are still empty, never erasing or rewriting what earlier posts set (API.md "Create").
 */
export interface MovieInput extends MovieFields {
  posterKey: string | null;
}

export interface BookInput extends BookFields {
  coverKey: string | null;
}

type MovieRow = typeof movies.$inferSelect & { genres: string[]; actors: string[] };
type BookRow = typeof books.$inferSelect & { genres: string[] };

/** A movie's genres and actors and a book's genres as JSON arrays in their entered order (an index seek each). */
export const catalogLists = {
  movieGenres: jsonList(sql`select name as value from movie_genres where movie_id = ${movies.id} order by position`),
  movieActors: jsonList(sql`select name as value from movie_actors where movie_id = ${movies.id} order by position`),
  /** In the same order as `movieActors`. */
  movieActorSlugs: jsonList(
    sql`select slug as value from movie_actors where movie_id = ${movies.id} order by position`,
  ),
  bookGenres: jsonList(sql`select name as value from book_genres where book_id = ${books.id} order by position`),
};

/** Reads what already exists for these titles, in one round trip. */
export async function findExisting(db: Database, movieTitle: string | null, bookTitle: string | null) {
  const movieQuery = db
    .select({
      movie: movies,
      genres: catalogLists.movieGenres,
      actors: catalogLists.movieActors,
    })
    .from(movies)
    .where(sql`lower(${movies.title}) = lower(${movieTitle ?? ""})`);
  const bookQuery = db
    .select({
      book: books,
      genres: catalogLists.bookGenres,
    })
    .from(books)
    .where(sql`lower(${books.title}) = lower(${bookTitle ?? ""})`)
    .orderBy(asc(books.createdAt), asc(books.id));
  const [movieRows, bookRows] = await db.batch([movieQuery, bookQuery]);
  const movie: MovieRow | null = movieRows[0]
    ? { ...movieRows[0].movie, genres: JSON.parse(movieRows[0].genres), actors: JSON.parse(movieRows[0].actors) }
    : null;
  const bookCandidates: BookRow[] = bookRows.map((row) => ({ ...row.book, genres: JSON.parse(row.genres) }));
  return { movie, bookCandidates };
}

/** Which existing book a post means: same author, else one without an author, else (no author given) the first. */
export function chooseBook(candidates: BookRow[], author: string): BookRow | null {
  const wanted = author.toLowerCase();
  if (wanted) {
    return (
      candidates.find((book) => book.author.toLowerCase() === wanted) ??
      candidates.find((book) => book.author === "") ??
      null
    );
  }
  return candidates[0] ?? null;
}

/**
 * Statements that make sure the movie exists with every field it can have, plus an SQL expression for its id.
 * The id is looked up by title inside the same transaction, so two posts racing to create the same movie end
 * up sharing one row (the unique title index decides) instead of failing.
 */
export function upsertMovie(db: Database, input: MovieInput, existing: MovieRow | null) {
  const id = sql`(select id from ${movies} where lower(${movies.title}) = lower(${input.title}))`;
  const merged = {
    title: existing?.title ?? input.title,
    year: existing?.year ?? input.year,
    director: existing?.director || input.director,
    synopsis: existing?.synopsis || input.synopsis,
    posterKey: existing?.posterKey ?? input.posterKey,
    genres: existing?.genres.length ? existing.genres : input.genres,
    actors: existing?.actors.length ? existing.actors : input.actors,
  };
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(movies)
      .values({
        id: newId(),
        title: input.title,
        year: input.year,
        director: input.director,
        directorSlug: personSlug(input.director),
        synopsis: input.synopsis,
        posterKey: input.posterKey,
      })
      .onConflictDoNothing(),
    db
      .update(movies)
      .set({
        year: sql`coalesce(${movies.year}, ${input.year})`,
        director: sql`case when ${movies.director} = '' then ${input.director} else ${movies.director} end`,
        directorSlug: sql`case when ${movies.director} = '' then ${personSlug(input.director)} else ${movies.directorSlug} end`,
        synopsis: sql`case when ${movies.synopsis} = '' then ${input.synopsis} else ${movies.synopsis} end`,
        posterKey: sql`coalesce(${movies.posterKey}, ${input.posterKey})`,
      })
      .where(sql`lower(${movies.title}) = lower(${input.title})`),
  ];
  if (!existing?.genres.length) statements.push(...listInserts(db, "movie_genres", "movie_id", id, input.genres));
  if (!existing?.actors.length) statements.push(...listInserts(db, "movie_actors", "movie_id", id, input.actors, true));
  statements.push(...indexMovie(db, id, movieSearchText(merged)));
  return { id, statements };
}

/** As upsertMovie, for the book the post means (see chooseBook). */
export function upsertBook(db: Database, input: BookInput, existing: BookRow | null) {
  const author = existing?.author || input.author;
  const id = sql`(select id from ${books} where lower(${books.title}) = lower(${input.title}) and lower(${books.author}) = lower(${author}))`;
  const merged = {
    title: existing?.title ?? input.title,
    author,
    synopsis: existing?.synopsis || input.synopsis,
    genres: existing?.genres.length ? existing.genres : input.genres,
  };
  const statements: BatchItem<"sqlite">[] = existing
    ? [
        db
          .update(books)
          .set({
            author: sql`case when ${books.author} = '' then ${input.author} else ${books.author} end`,
            authorSlug: sql`case when ${books.author} = '' then ${personSlug(input.author)} else ${books.authorSlug} end`,
            publicationYear: sql`coalesce(${books.publicationYear}, ${input.publicationYear})`,
            isbn: sql`case when ${books.isbn} = '' then ${input.isbn} else ${books.isbn} end`,
            synopsis: sql`case when ${books.synopsis} = '' then ${input.synopsis} else ${books.synopsis} end`,
            coverKey: sql`coalesce(${books.coverKey}, ${input.coverKey})`,
          })
          .where(eq(books.id, existing.id)),
      ]
    : [
        db
          .insert(books)
          .values({
            id: newId(),
            title: input.title,
            author: input.author,
            authorSlug: personSlug(input.author),
            publicationYear: input.publicationYear,
            isbn: input.isbn,
            synopsis: input.synopsis,
            coverKey: input.coverKey,
          })
          .onConflictDoNothing(),
      ];
  if (!existing?.genres.length) statements.push(...listInserts(db, "book_genres", "book_id", id, input.genres));
  statements.push(...indexBook(db, id, bookSearchText(merged)));
  return { id, statements };
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

/**
 * The slugs beside people's names in API answers (API.md "Catalog with identity"): the stored ones, or for a row
 * an older Worker wrote while this one's backfill had not yet run, the same function's answer.
 */
export function slugOf(stored: string | null, name: string): string {
  return stored ?? personSlug(name);
}

/** As `slugOf`, for a list of names and the JSON list of their stored slugs in the same order. */
export function slugsOf(names: string[], storedJson: string): string[] {
  const stored = JSON.parse(storedJson) as Array<string | null>;
  return names.map((name, index) => slugOf(stored[index] ?? null, name));
}

/** The read behind API.md's "Movie" (one id, or the movies `where` picks), for the caller's batch; `toMovie` shapes its rows. */
export function movieRead(db: Database, id: string | SQL) {
  return db
    .select({
      movie: movies,
      genres: catalogLists.movieGenres,
      actors: catalogLists.movieActors,
      actorSlugs: catalogLists.movieActorSlugs,
      verdicts: pairVerdictsColumn({ movieId: movies.id }),
    })
    .from(movies)
    .where(typeof id === "string" ? eq(movies.id, id) : id);
}

export function toMovie(
  origin: string,
  { movie, genres, actors, actorSlugs, verdicts }: Awaited<ReturnType<typeof movieRead>>[number],
) {
  const actorNames = JSON.parse(actors) as string[];
  return {
    _id: movie.id,
    title: movie.title,
    year: movie.year,
    genres: JSON.parse(genres) as string[],
    director: movie.director,
    directorSlug: slugOf(movie.directorSlug, movie.director),
    actors: actorNames,
    actorSlugs: slugsOf(actorNames, actorSlugs),
    synopsis: movie.synopsis,
    posterPath: apiImageUrl(origin, movie.posterKey),
    createdAt: new Date(movie.createdAt).toISOString(),
    verdicts: toPairVerdicts(verdicts),
  };
}

/** As `movieRead`, for API.md's "Book"; `toBook` shapes its rows. */
export function bookRead(db: Database, id: string | SQL) {
  return db
    .select({ book: books, genres: catalogLists.bookGenres, verdicts: pairVerdictsColumn({ bookId: books.id }) })
    .from(books)
    .where(typeof id === "string" ? eq(books.id, id) : id);
}

export function toBook(origin: string, { book, genres, verdicts }: Awaited<ReturnType<typeof bookRead>>[number]) {
  return {
    _id: book.id,
    title: book.title,
    author: book.author,
    authorSlug: slugOf(book.authorSlug, book.author),
    publicationYear: book.publicationYear,
    genres: JSON.parse(genres) as string[],
    isbn: book.isbn,
    synopsis: book.synopsis,
    coverPath: apiImageUrl(origin, book.coverKey),
    createdAt: new Date(book.createdAt).toISOString(),
    verdicts: toPairVerdicts(verdicts),
  };
}

export const CATALOG_MESSAGES = {
  invalidMovieId: "Invalid Movie ID format",
  movieNotFound: "Movie not found",
  invalidBookId: "Invalid Book ID format",
  bookNotFound: "Book not found",
} as const;

/** API.md "Movie". */
export async function getMovie({ db, origin }: RequestServices, id: string) {
  if (!isId(id)) throw badRequest(CATALOG_MESSAGES.invalidMovieId);
  const [row] = await movieRead(db, id);
  if (!row) throw notFound(CATALOG_MESSAGES.movieNotFound);
  return toMovie(origin, row);
}

/** API.md "Book". */
export async function getBook({ db, origin }: RequestServices, id: string) {
  if (!isId(id)) throw badRequest(CATALOG_MESSAGES.invalidBookId);
  const [row] = await bookRead(db, id);
  if (!row) throw notFound(CATALOG_MESSAGES.bookNotFound);
  return toBook(origin, row);
}
