import { requestContext } from "../../worker/context.ts";
import { creditsWithConnections, pageNumber } from "../../worker/core/connections/index.ts";
import { notFoundPage } from "../failures.server.ts";
import type { Route } from "./+types/person";

/**
 * How many films and how many books the person's page shows before "All 1,546 films": two rows of posters on a
 * wide screen, four on a phone (the shelf fits 6 or 3 a row). The rest are on their own pages (decision 044).
 */
const SHELF_SIZE = 12;

/**
 * A director's, actor's or author's page: the first of their films and books with how many there are, and a page of
 * the connections featuring them, in one round trip. A shelf carries a work's title, year, image and the person's
 * part, not its whole catalog entry.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const shelf = { limit: SHELF_SIZE, offset: 0 };
  try {
    return { person: await creditsWithConnections(services, params.slug, page, { films: shelf, books: shelf }) };
  } catch (error) {
    notFoundPage(error, "No one by that name is in the catalog.");
  }
}
