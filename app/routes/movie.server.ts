import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { movieWithConnections } from "../../worker/core/connections/index.ts";
import { AppError } from "../../worker/core/errors.ts";
import { titleWithYear } from "../meta.ts";
import { snippet } from "../snippet.ts";
import type { Route } from "./+types/movie";

/**
 * A malformed id (400) or a missing movie (404) both become the page's 404 with SPEC.md §8's message,
 * which the route's ErrorBoundary shows. Anything else is a real failure and stays one.
 */
export function catalogNotFound(error: unknown, message: string): never {
  if (error instanceof AppError && (error.status === 400 || error.status === 404)) {
    throw data({ message }, { status: 404 });
  }
  throw error;
}

/** The movie and the connections featuring it (newest first, hidden ones left out), in one round trip. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const id = params.movieId;
  try {
    const { movie, connections } = await movieWithConnections(services, id);
    const description = movie.synopsis
      ? snippet(movie.synopsis, 120)
      : `${titleWithYear(movie.title, movie.year)}: the books members connect with this movie on MovieBooks.`;
    return { movie, connections, description };
  } catch (error) {
    catalogNotFound(error, `Movie with ID ${id} not found.`);
  }
}
