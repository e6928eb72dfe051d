import { requestContext } from "../../worker/context.ts";
import { filterSuggestions } from "../../worker/core/connections/index.ts";
import { jsonFailure } from "../failures.server.ts";
import type { Route } from "./+types/filter-suggestions";

/**
 * A feed filter's suggestions as JSON, for the filter fields' combobox while a member types
 * (`?filter=director&q=gre` → `["Greta Gerwig"]`). Catalog data only, the same for every viewer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  try {
    const suggestions = await filterSuggestions(
      context.get(requestContext),
      params.get("filter") ?? "",
      params.get("q") ?? "",
    );
    return Response.json(suggestions, { headers: { "Cache-Control": "private, max-age=60" } });
  } catch (error) {
    return jsonFailure(error);
  }
}
