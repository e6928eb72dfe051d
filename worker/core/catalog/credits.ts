import { asc, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, movieActors, movies } from "../../db/schema.ts";
import { notFound } from "../errors.ts";
import { apiImageUrl } from "../images/index.ts";
import { COUNT_LIMIT, isPersonSlug, PERSON_MESSAGES, PERSON_ROLES, type PersonRole } from "../rules/index.ts";
import { bookRead, movieRead, toBook, toMovie } from "./catalog.ts";

/**
 * The people of the catalog (directors, actors, authors), found by the slugs stored beside their names (decision
 * 021). Not members: those are the people domain's.
 */

/** The API's person lists at most this many films and this many books: the newest by year, unknown years last. */
export const PERSON_WORKS_SHOWN = 50;

const movieOrder = [sql`${movies.year} desc nulls last`, asc(movies.title), asc(movies.id)];
const bookOrder = [sql`${books.publicationYear} desc nulls last`, asc(books.title), asc(books.id)];

/** Which part of a person's list of films or of books: the first `limit` after skipping `offset`. */
export interface WorksWindow {
  limit: number;
  offset: number;
}

/**
 * A person's films as (id, year, title), directed or acted in, newest year first: each role's entries come from an
 * index kept in that order (migration 0025), and SQLite merges the two as it reads them (a film both directed and
 * acted in is one row), so a window or a count reads only as far as it needs, whatever the person's credits.
 * SQLite sorts NULL below every year, so `desc` leaves unknown years last, as pages list them.
 */
function filmsNewestFirst(slug: string, tail: SQL): SQL {
  return sql`select ${movies.id} as id, ${movies.year} as year, ${movies.title} as title from ${movies}
      where ${movies.directorSlug} = ${slug}
    union
    select ${movieActors.movieId}, ${movieActors.movieYear}, ${movieActors.movieTitle} from ${movieActors}
      where ${movieActors.slug} = ${slug}
    order by 2 desc, 3, 1 ${tail}`;
}

/** The ids of a window of the person's films. */
function filmIds(slug: string, { limit, offset }: WorksWindow): SQL {
  return sql`select id from (${filmsNewestFirst(slug, sql`limit ${limit} offset ${offset}`)})`;
}

/** As `filmIds`, for the books the person wrote. */
function bookIds(slug: string, { limit, offset }: WorksWindow): SQL {
  return sql`select ${books.id} from ${books} where ${books.authorSlug} = ${slug}
    order by ${books.publicationYear} desc, ${books.title}, ${books.id} limit ${limit} offset ${offset}`;
}

/**
 * The person's name as the earliest film or book with this slug spells it (else an actor's credit), and their
 * roles; each term is one index seek, on the slug indexes, which keep a slug's rows in the order they were written.
 */
function personRead(db: Database, slug: string) {
  return db.get<{ name: string | null } & Record<(typeof PERSON_ROLES)[number], number>>(sql`select coalesce(
      (select ${movies.director} from ${movies} where ${movies.directorSlug} = ${slug} order by rowid limit 1),
      (select ${movieActors.name} from ${movieActors} where ${movieActors.slug} = ${slug} limit 1),
      (select ${books.author} from ${books} where ${books.authorSlug} = ${slug} order by rowid limit 1)) as name,
    exists (select 1 from ${movies} where ${movies.directorSlug} = ${slug}) as director,
    exists (select 1 from ${movieActors} where ${movieActors.slug} = ${slug}) as actor,
    exists (select 1 from ${books} where ${books.authorSlug} = ${slug}) as author`);
}

const FIRST_SHOWN: WorksWindow = { limit: PERSON_WORKS_SHOWN, offset: 0 };

/**
 * The reads behind API.md's person, for the caller's batch; `toPerson` reads the answers. The ids are chosen first
 * and only the works shown are built into Movie and Book shapes.
 */
export function personReads(db: Database, slug: string, viewer: Viewer | null) {
  return [
    personRead(db, slug),
    movieRead(db, sql`${movies.id} in (${filmIds(slug, FIRST_SHOWN)})`, viewer).orderBy(...movieOrder),
    bookRead(db, sql`${books.id} in (${bookIds(slug, FIRST_SHOWN)})`, viewer).orderBy(...bookOrder),
  ] as const;
}

export type PersonAnswers = BatchResponse<ReturnType<typeof personReads>>;

/** The person, or null when no work credits anyone with the slug. */
export function toPerson(origin: string, slug: string, [person, movieRows, bookRows]: PersonAnswers) {
  if (!person?.name) return null;
  return {
    name: person.name,
    slug,
    roles: PERSON_ROLES.filter((role) => Number(person[role]) === 1),
    movies: movieRows.map((row) => toMovie(origin, row)),
    books: bookRows.map((row) => toBook(origin, row)),
  };
}

/** A film or book as a person's pages show it: poster or cover, title, year, and the person's part in a film. */
export interface Credit {
  _id: string;
  title: string;
  year: number | null;
  image: string;
  /** The person's part in a film; none for a book, whose only credit is its author. */
  roles: PersonRole[];
}

/** How many films or books credit the person, counted up to `COUNT_LIMIT` ("1,000+" past it). */
export interface CreditCount {
  count: number;
  capped: boolean;
}

/** No works of that kind: a window the read answers at once. */
export const NO_WORKS: WorksWindow = { limit: 0, offset: 0 };

/** Works on one page of a person's films or books (decision 044): full rows of a shelf 2, 3, 4 or 6 wide. */
export const WORKS_PAGE_SIZE = 48;

/**
 * The window of a page of a person's films or books. The count stops at `COUNT_LIMIT`, and so do the pages: past it
 * nothing is read, as search does.
 */
export function worksPageWindow(page: number): WorksWindow {
  const offset = (page - 1) * WORKS_PAGE_SIZE;
  return offset < COUNT_LIMIT ? { limit: WORKS_PAGE_SIZE, offset } : NO_WORKS;
}

/** How many pages a person's films or books fill, as far as they were counted. */
export const worksPages = ({ count }: CreditCount) => Math.ceil(count / WORKS_PAGE_SIZE);

/** The person's films and books, each counted only up to `COUNT_LIMIT` + 1: a thousand works' index entries at most. */
function creditCountsRead(db: Database, slug: string) {
  const upTo = COUNT_LIMIT + 1;
  return db.get<{ films: number; books: number }>(sql`select
    (select count(*) from (${filmsNewestFirst(slug, sql`limit ${upTo}`)})) as films,
    (select count(*) from (select 1 from ${books} where ${books.authorSlug} = ${slug} limit ${upTo})) as books`);
}

/** A window of the person's films with only what a shelf shows, and whether they directed or act in each. */
function filmCreditsRead(db: Database, slug: string, window: WorksWindow) {
  return db
    .select({
      _id: movies.id,
      title: movies.title,
      year: movies.year,
      imageKey: movies.posterKey,
      directed: sql<number>`coalesce(${movies.directorSlug} = ${slug}, 0)`,
      acted: sql<number>`exists (select 1 from ${movieActors}
        where ${movieActors.slug} = ${slug} and ${movieActors.movieId} = ${movies.id})`,
    })
    .from(movies)
    .where(sql`${movies.id} in (${filmIds(slug, window)})`)
    .orderBy(...movieOrder);
}

function bookCreditsRead(db: Database, slug: string, window: WorksWindow) {
  return db
    .select({ _id: books.id, title: books.title, year: books.publicationYear, imageKey: books.coverKey })
    .from(books)
    .where(sql`${books.id} in (${bookIds(slug, window)})`)
    .orderBy(...bookOrder);
}

/**
 * The reads behind a person's own pages (their shelves, their whole list of films or of books), for the caller's
 * batch; `toCredits` reads the answers. `NO_WORKS` leaves a kind out.
 */
export function creditsReads(db: Database, slug: string, windows: { films: WorksWindow; books: WorksWindow }) {
  return [
    personRead(db, slug),
    creditCountsRead(db, slug),
    filmCreditsRead(db, slug, windows.films),
    bookCreditsRead(db, slug, windows.books),
  ] as const;
}

export type CreditsAnswers = BatchResponse<ReturnType<typeof creditsReads>>;

const countOf = (counted: number): CreditCount => ({
  count: Math.min(Number(counted), COUNT_LIMIT),
  capped: Number(counted) > COUNT_LIMIT,
});

/** The person with the windows of their works and how many there are, or null when no work credits the slug. */
export function toCredits(origin: string, slug: string, [person, counts, filmRows, bookRows]: CreditsAnswers) {
  if (!person?.name) return null;
  return {
    name: person.name,
    slug,
    roles: PERSON_ROLES.filter((role) => Number(person[role]) === 1),
    films: filmRows.map(
      ({ imageKey, directed, acted, ...film }): Credit => ({
        ...film,
        image: apiImageUrl(origin, imageKey),
        roles: [...(Number(directed) ? (["director"] as const) : []), ...(Number(acted) ? (["actor"] as const) : [])],
      }),
    ),
    books: bookRows.map(
      ({ imageKey, ...book }): Credit => ({ ...book, image: apiImageUrl(origin, imageKey), roles: [] }),
    ),
    filmCount: countOf(counts?.films ?? 0),
    bookCount: countOf(counts?.books ?? 0),
  };
}

export type PersonCredits = NonNullable<ReturnType<typeof toCredits>>;

/** The person and windows of their works, in one round trip; 404 for a slug no work credits. */
export async function personCredits(
  { db, origin }: RequestServices,
  slug: string,
  windows: { films: WorksWindow; books: WorksWindow },
): Promise<PersonCredits> {
  if (!isPersonSlug(slug)) throw notFound(PERSON_MESSAGES.notFound);
  const found = toCredits(origin, slug, await db.batch(creditsReads(db, slug, windows)));
  if (!found) throw notFound(PERSON_MESSAGES.notFound);
  return found;
}
