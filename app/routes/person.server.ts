import { requestContext } from "../../worker/context.ts";
import { pageNumber, personWithConnections } from "../../worker/core/connections/index.ts";
import { notFoundPage } from "../failures.server.ts";
import type { Route } from "./+types/person";

/** A director's, actor's or author's page: their works and a page of the connections featuring them, in one round trip. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  try {
    return { person: await personWithConnections(services, params.slug, page) };
  } catch (error) {
    notFoundPage(error, "No one by that name is in the catalog.");
  }
}
