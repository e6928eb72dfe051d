import { eq, type SQL, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, movies } from "../../db/schema.ts";
import { jsonList } from "../../db/sql.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { apiImageUrl } from "../images/index.ts";
import { personSlug } from "../rules/index.ts";
import { pairVerdictsColumn, toPairVerdicts } from "../verdicts/index.ts";

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

/** A movie's ids elsewhere (decision 019): digits for TMDB, `tt…` for IMDb, `Q…` for Wikidata; null when unknown. */
export interface MovieExternalIds {
  tmdb: string | null;
  imdb: string | null;
  wikidata: string | null;
}

/** A book's ids elsewhere: an Open Library work or edition (`OL…W`, `OL…M`), its ISBN-13, Wikidata. */
export interface BookExternalIds {
  openLibrary: string | null;
  isbn13: string | null;
  wikidata: string | null;
}

/** API.md's `externalIds`: only the ids a work has (absent keys are left out). */
function presentIds<Ids extends object>(ids: Ids): Partial<{ [Key in keyof Ids]: string }> {
  return Object.fromEntries(Object.entries(ids).filter(([, value]) => value !== null)) as Partial<{
    [Key in keyof Ids]: string;
  }>;
}

export const movieExternalIds = (movie: { tmdbId: string | null; imdbId: string | null; wikidataId: string | null }) =>
  presentIds({ tmdb: movie.tmdbId, imdb: movie.imdbId, wikidata: movie.wikidataId });

export const bookExternalIds = (book: {
  openLibraryId: string | null;
  isbn13: string | null;
  wikidataId: string | null;
}) => presentIds({ openLibrary: book.openLibraryId, isbn13: book.isbn13, wikidata: book.wikidataId });

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
export function movieRead(db: Database, id: string | SQL, viewer: Viewer | null) {
  return db
    .select({
      movie: movies,
      genres: catalogLists.movieGenres,
      actors: catalogLists.movieActors,
      actorSlugs: catalogLists.movieActorSlugs,
      verdicts: pairVerdictsColumn({ movieId: movies.id }, viewer),
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
    externalIds: movieExternalIds(movie),
    createdAt: new Date(movie.createdAt).toISOString(),
    verdicts: toPairVerdicts(verdicts),
  };
}

/** As `movieRead`, for API.md's "Book"; `toBook` shapes its rows. */
export function bookRead(db: Database, id: string | SQL, viewer: Viewer | null) {
  return db
    .select({
      book: books,
      genres: catalogLists.bookGenres,
      verdicts: pairVerdictsColumn({ bookId: books.id }, viewer),
    })
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
    externalIds: bookExternalIds(book),
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
export async function getMovie({ db, origin, viewer }: RequestServices, id: string) {
  if (!isId(id)) throw badRequest(CATALOG_MESSAGES.invalidMovieId);
  const [row] = await movieRead(db, id, viewer);
  if (!row) throw notFound(CATALOG_MESSAGES.movieNotFound);
  return toMovie(origin, row);
}

/** API.md "Book". */
export async function getBook({ db, origin, viewer }: RequestServices, id: string) {
  if (!isId(id)) throw badRequest(CATALOG_MESSAGES.invalidBookId);
  const [row] = await bookRead(db, id, viewer);
  if (!row) throw notFound(CATALOG_MESSAGES.bookNotFound);
  return toBook(origin, row);
}
