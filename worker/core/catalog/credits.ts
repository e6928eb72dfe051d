import { asc, eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { books, movieActors, movies } from "../../db/schema.ts";
import { PERSON_ROLES } from "../rules/index.ts";
import { bookRead, movieRead, toBook, toMovie } from "./catalog.ts";

/**
 * The people of the catalog (directors, actors, authors), found by the slugs stored beside their names (decision
 * 021). Not members: those are the people domain's.
 */

/** A person's page lists at most this many films and this many books: the newest by year, unknown years last. */
export const PERSON_WORKS_SHOWN = 50;

const movieOrder = [sql`${movies.year} desc nulls last`, asc(movies.title), asc(movies.id)];
const bookOrder = [sql`${books.publicationYear} desc nulls last`, asc(books.title), asc(books.id)];

/**
 * The reads behind a person, for the caller's batch; `toPerson` reads the answers. Each list's ids are chosen
 * first, each role as the first 50 entries of an index kept in the list's order (migration 0025), so a person
 * credited in thousands of works costs what one with 50 does, and only the works shown are built into Movie and
 * Book shapes. SQLite sorts NULL below every year, so `desc` leaves unknown years last, as the page lists them.
 */
export function personReads(db: Database, slug: string) {
  const directed = eq(movies.directorSlug, slug);
  const firstShown = sql`order by year desc, title, id limit ${PERSON_WORKS_SHOWN}`;
  const movieIds = sql`select id from (
      select * from (select ${movies.id} as id, ${movies.year} as year, ${movies.title} as title from ${movies}
        where ${directed} ${firstShown})
      union
      select * from (select ${movieActors.movieId} as id, ${movieActors.movieYear} as year,
          ${movieActors.movieTitle} as title from ${movieActors} where ${movieActors.slug} = ${slug} ${firstShown}))
    ${firstShown}`;
  const bookIds = sql`select ${books.id} from ${books} where ${books.authorSlug} = ${slug}
    order by ${books.publicationYear} desc, ${books.title}, ${books.id} limit ${PERSON_WORKS_SHOWN}`;
  return [
    // The name as the earliest film or book with this slug spells it (else an actor's credit); each term is one
    // index seek, on the slug indexes, which keep a slug's rows in the order they were written.
    db.get<{ name: string | null } & Record<(typeof PERSON_ROLES)[number], number>>(sql`select coalesce(
        (select ${movies.director} from ${movies} where ${directed} order by rowid limit 1),
        (select ${movieActors.name} from ${movieActors} where ${movieActors.slug} = ${slug} limit 1),
        (select ${books.author} from ${books} where ${books.authorSlug} = ${slug} order by rowid limit 1)) as name,
      exists (select 1 from ${movies} where ${directed}) as director,
      exists (select 1 from ${movieActors} where ${movieActors.slug} = ${slug}) as actor,
      exists (select 1 from ${books} where ${books.authorSlug} = ${slug}) as author`),
    movieRead(db, sql`${movies.id} in (${movieIds})`).orderBy(...movieOrder),
    bookRead(db, sql`${books.id} in (${bookIds})`).orderBy(...bookOrder),
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
