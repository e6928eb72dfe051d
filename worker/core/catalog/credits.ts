import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
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
 * first from the slug indexes, so only the works shown are built into Movie and Book shapes.
 */
export function personReads(db: Database, slug: string) {
  const directed = eq(movies.directorSlug, slug);
  const actedIn = inArray(
    movies.id,
    db.select({ id: movieActors.movieId }).from(movieActors).where(eq(movieActors.slug, slug)),
  );
  const movieIds = db
    .select({ id: movies.id })
    .from(movies)
    .where(or(directed, actedIn))
    .orderBy(...movieOrder)
    .limit(PERSON_WORKS_SHOWN);
  const bookIds = db
    .select({ id: books.id })
    .from(books)
    .where(eq(books.authorSlug, slug))
    .orderBy(...bookOrder)
    .limit(PERSON_WORKS_SHOWN);
  return [
    // The name as the earliest credit with this slug spells it; each term is one index seek.
    db.get<{ name: string | null } & Record<(typeof PERSON_ROLES)[number], number>>(sql`select coalesce(
        (select ${movies.director} from ${movies} where ${directed} limit 1),
        (select ${movieActors.name} from ${movieActors} where ${movieActors.slug} = ${slug} limit 1),
        (select ${books.author} from ${books} where ${books.authorSlug} = ${slug} limit 1)) as name,
      exists (select 1 from ${movies} where ${directed}) as director,
      exists (select 1 from ${movieActors} where ${movieActors.slug} = ${slug}) as actor,
      exists (select 1 from ${books} where ${books.authorSlug} = ${slug}) as author`),
    movieRead(db, inArray(movies.id, movieIds) as SQL).orderBy(...movieOrder),
    bookRead(db, inArray(books.id, bookIds) as SQL).orderBy(...bookOrder),
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
