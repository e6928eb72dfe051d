import { requestContext } from "../../worker/context.ts";
import { pageNumber, searchConnections } from "../../worker/core/connections/index.ts";
import type { Route } from "./+types/search";

/**
 * /search?q=&page= (SPEC.md §2). The term is trimmed (without JavaScript the header submits it as typed);
 * a blank term runs no query and the page asks for one instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  if (!q) return { q, results: null };
  const results = await searchConnections(context.get(requestContext), q, pageNumber(params.get("page")));
  return { q, results };
}
