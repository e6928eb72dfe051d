import { inArray, type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { connectionFacets, connections, facetCounts } from "../../db/schema.ts";
import { creditsReads, personReads, toCredits, toPerson, type WorksWindow } from "../catalog/index.ts";
import { notFound } from "../errors.ts";
import { isPersonSlug, PERSON_MESSAGES, PERSON_ROLES } from "../rules/index.ts";
import { pageReads, toPage } from "./connections.ts";
import { facetIndex, type NewestFirstIndex } from "./feed-filters.ts";

/**
 * The connections featuring a person (decision 021): those whose movie they directed or act in, or whose book
 * they wrote. Their filter values (`connection_facets`, kept by triggers) hold the person's slug under the role's
 * facet, so each role is an index of the person's connections, newest first.
 */
const personIndexes = (slug: string): NewestFirstIndex[] => PERSON_ROLES.map((role) => facetIndex(role, slug));

/** The condition on `connections`: three primary-key seeks per row, for the few rows the counts adjust. */
const featuresPerson = (slug: string): SQL =>
  sql`exists (select 1 from ${connectionFacets} where ${connectionFacets.connectionId} = ${connections.id}
    and ${inArray(connectionFacets.facet, [...PERSON_ROLES])} and ${connectionFacets.value} = ${slug})`;

/**
 * How many public connections feature the person: the kept count of their largest role's value, plus the public
 * entries of their other roles whose connection is not already among the largest role's (an author acting in
 * their own adaptation is one connection). Only the smaller roles' entries are walked: each other role's walk
 * gets LIMIT 0 when it is the largest, which SQLite checks once before the walk.
 */
function personPublicCount(slug: string): SQL {
  const ofPerson = sql`${facetCounts.facet} in ${[...PERSON_ROLES]} and ${facetCounts.value} = ${slug}`;
  const largest = sql`(select ${facetCounts.facet} from ${facetCounts} where ${ofPerson}
    order by ${facetCounts.publicConnections} desc, ${facetCounts.facet} limit 1)`;
  const otherRoles = PERSON_ROLES.map(
    (role) => sql`select * from (select ${connectionFacets.connectionId} as id from ${connectionFacets}
      cross join ${connections} on ${connections.id} = ${connectionFacets.connectionId}
      where ${connectionFacets.facet} = ${role} and ${connectionFacets.value} = ${slug} and ${connections.ownerPrivate} = 0
      limit (case when ${role} = ${largest} then 0 else -1 end))`,
  );
  return sql`(coalesce((select ${facetCounts.publicConnections} from ${facetCounts}
      where ${facetCounts.facet} = ${largest} and ${facetCounts.value} = ${slug}), 0)
    + (select count(*) from (${sql.join(otherRoles, sql` union `)}) as other
      where not exists (select 1 from ${connectionFacets} where ${connectionFacets.connectionId} = other.id
        and ${connectionFacets.facet} = ${largest} and ${connectionFacets.value} = ${slug})))`;
}

/** One page of the connections featuring the person, for the caller's batch. */
const featuringPage = (services: RequestServices, slug: string, page: number) =>
  pageReads(services, featuresPerson(slug), page, { publicCount: personPublicCount(slug), index: personIndexes(slug) });

/**
 * API.md `GET /people/:slug` (less `totalCount`, which the page shows), in one round trip: who they are, their
 * first 50 films and books, and one page of the connections featuring them as the viewer may see them. 404 for a
 * slug no work credits, or one `personSlug` could not have written.
 */
export async function personWithConnections(services: RequestServices, slug: string, page: number) {
  if (!isPersonSlug(slug)) throw notFound(PERSON_MESSAGES.notFound);
  const { db, origin } = services;
  const [person, movies, books, rows, counted] = await db.batch([
    ...personReads(db, slug, services.viewer),
    ...featuringPage(services, slug, page),
  ]);
  const found = toPerson(origin, slug, [person, movies, books]);
  if (!found) throw notFound(PERSON_MESSAGES.notFound);
  return { ...found, ...toPage(origin, page, [rows, counted]) };
}

/**
 * The person's page in one round trip: who they are, the first of their films and books as the shelves show them
 * with how many there are, and one page of the connections featuring them.
 */
export async function creditsWithConnections(
  services: RequestServices,
  slug: string,
  page: number,
  shelves: { films: WorksWindow; books: WorksWindow },
) {
  if (!isPersonSlug(slug)) throw notFound(PERSON_MESSAGES.notFound);
  const { db, origin } = services;
  const [person, counts, films, books, rows, counted] = await db.batch([
    ...creditsReads(db, slug, shelves),
    ...featuringPage(services, slug, page),
  ]);
  const found = toCredits(origin, slug, [person, counts, films, books]);
  if (!found) throw notFound(PERSON_MESSAGES.notFound);
  return { ...found, ...toPage(origin, page, [rows, counted]) };
}
