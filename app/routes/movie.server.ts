import { requestContext } from "../../worker/context.ts";
import { movieWithConnections } from "../../worker/core/connections/index.ts";
import { notFoundPage } from "../failures.server.ts";
import { titleWithYear } from "../meta.ts";
import { snippet } from "../snippet.ts";
import type { Route } from "./+types/movie";

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
    notFoundPage(error, `Movie with ID ${id} not found.`);
  }
}
