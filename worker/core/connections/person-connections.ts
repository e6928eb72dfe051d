import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { connectionFacets, connections, facetCounts } from "../../db/schema.ts";
import { personReads, toPerson } from "../catalog/index.ts";
import { notFound } from "../errors.ts";
import { isPersonSlug, PERSON_MESSAGES, PERSON_ROLES } from "../rules/index.ts";
import { pageReads, toPage } from "./connections.ts";
import type { NewestFirstIndex } from "./feed-filters.ts";

/**
 * The connections featuring a person (decision 021): those whose movie they directed or act in, or whose book
 * they wrote. Their filter values (`connection_facets`, kept by triggers) hold the person's slug under the role's
 * facet, so each role is an index of the person's connections, newest first.
 */
const personIndexes = (slug: string): NewestFirstIndex[] =>
  PERSON_ROLES.map((role) => ({
    table: connectionFacets,
    connectionId: connectionFacets.connectionId,
    createdAt: connectionFacets.createdAt,
    match: [eq(connectionFacets.facet, role), eq(connectionFacets.value, slug)],
  }));

/** The condition on `connections`: three primary-key seeks per row, for the few rows the counts adjust. */
const featuresPerson = (slug: string): SQL =>
  sql`exists (select 1 from ${connectionFacets} where ${connectionFacets.connectionId} = ${connections.id}
    and ${inArray(connectionFacets.facet, [...PERSON_ROLES])} and ${connectionFacets.value} = ${slug})`;

/**
 * How many public connections feature the person. In one role, the kept count of that filter value; in several,
 * a connection may be in two (an author acting in their own adaptation), so the roles' public entries are
 * counted as one set.
 */
function personPublicCount(slug: string): SQL {
  const roles = sql`${facetCounts.facet} in ${[...PERSON_ROLES]} and ${facetCounts.value} = ${slug} and ${facetCounts.publicConnections} > 0`;
  const arms = PERSON_ROLES.map(
    (role) => sql`select ${connectionFacets.connectionId} from ${connectionFacets}
      cross join ${connections} on ${connections.id} = ${connectionFacets.connectionId}
      where ${connectionFacets.facet} = ${role} and ${connectionFacets.value} = ${slug} and ${connections.ownerPrivate} = 0`,
  );
  return sql`(select case when count(*) <= 1 then coalesce(sum(${facetCounts.publicConnections}), 0)
    else (select count(*) from (${sql.join(arms, sql` union `)})) end
    from ${facetCounts} where ${roles})`;
}

/**
 * API.md `GET /people/:slug` (less `totalCount`, which the page shows) and the person's page, in one round trip:
 * who they are, their films and books, and one page of the connections featuring them as the viewer may see them. 404 for a slug no work credits, or
 * one `personSlug` could not have written.
 */
export async function personWithConnections(services: RequestServices, slug: string, page: number) {
  if (!isPersonSlug(slug)) throw notFound(PERSON_MESSAGES.notFound);
  const { db, origin } = services;
  const [person, movies, books, rows, counted] = await db.batch([
    ...personReads(db, slug),
    ...pageReads(services, featuresPerson(slug), page, {
      publicCount: personPublicCount(slug),
      index: personIndexes(slug),
    }),
  ]);
  const found = toPerson(origin, slug, [person, movies, books]);
  if (!found) throw notFound(PERSON_MESSAGES.notFound);
  return { ...found, ...toPage(origin, page, [rows, counted]) };
}
