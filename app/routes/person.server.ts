import { requestContext } from "../../worker/context.ts";
import { pageNumber, personWithConnections } from "../../worker/core/connections/index.ts";
import type { PersonRole } from "../../worker/core/rules/people.ts";
import { notFoundPage } from "../failures.server.ts";
import type { Route } from "./+types/person";

/** One poster or cover of a person's shelf: what the page shows of a work, and nothing the page does not. */
export interface ShelfWork {
  _id: string;
  title: string;
  year: number | null;
  image: string;
  /** The person's part in a film; none for a book, whose only credit is its author. */
  roles: PersonRole[];
}

/**
 * A director's, actor's or author's page: their works as shelves and a page of the connections featuring them, in one
 * round trip. The shelves are composed here, so the page's data carries a work's title, year and image rather than
 * its whole catalog entry (synopsis, cast, genres): that was 40% of a prolific director's page data.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  let found: Awaited<ReturnType<typeof personWithConnections>>;
  try {
    found = await personWithConnections(services, params.slug, page);
  } catch (error) {
    notFoundPage(error, "No one by that name is in the catalog.");
  }
  const { movies, books, ...person } = found;
  const films: ShelfWork[] = movies.map((movie) => ({
    _id: movie._id,
    title: movie.title,
    year: movie.year,
    image: movie.posterPath,
    roles: [
      ...(movie.directorSlug === person.slug ? (["director"] as const) : []),
      ...(movie.actorSlugs.includes(person.slug) ? (["actor"] as const) : []),
    ],
  }));
  const shelfBooks: ShelfWork[] = books.map((book) => ({
    _id: book._id,
    title: book.title,
    year: book.publicationYear,
    image: book.coverPath,
    roles: [],
  }));
  return { person, films, books: shelfBooks };
}
