import { requestContext } from "../../worker/context.ts";
import { listComments } from "../../worker/core/discussion/index.ts";
import { jsonFailure } from "../failures.server.ts";
import type { Route } from "./+types/connection-comments";

/** The discussion as JSON, for a card's comments area (fetched when first opened). */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return Response.json(await listComments(context.get(requestContext), params.connectionId));
  } catch (error) {
    return jsonFailure(error);
  }
}
