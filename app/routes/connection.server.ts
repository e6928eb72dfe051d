import { data } from "react-router";
import { listComments } from "../../worker/comments.ts";
import { getConnection } from "../../worker/connections.ts";
import { requestContext } from "../../worker/context.ts";
import { AppError } from "../../worker/errors.ts";
import type { Route } from "./+types/connection";

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const id = params.connectionId;
  try {
    const [connection, comments] = await Promise.all([getConnection(services, id), listComments(services, id)]);
    return { connection, comments, now: Date.now() };
  } catch (error) {
    // A malformed id, a missing connection and a hidden one all read the same (SPEC.md §8).
    if (error instanceof AppError && (error.status === 400 || error.status === 404)) {
      throw data({ message: `Connection with ID ${id} not found.` }, { status: 404 });
    }
    throw error;
  }
}
