import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import {
  NO_WORKS,
  type PersonCredits,
  personCredits,
  worksPages,
  worksPageWindow,
} from "../../worker/core/catalog/index.ts";
import { pageNumber } from "../../worker/core/connections/index.ts";
import type { WorkKind } from "../components/work-shelf.tsx";
import { notFoundPage } from "../failures.server.ts";
import type { Route } from "./+types/person-works";

/**
 * /people/:slug/films and /people/:slug/books share this module; the route's pattern says which (decision 044).
 * A page past the last lists nothing and says so, as the feed's pages do. A list past the count's limit shows its
 * first thousand ("1,000+ films"); every film is still on its own page, in search and in the sitemap.
 */
export async function loader({ params, request, context, pattern }: Route.LoaderArgs) {
  const kind: WorkKind = pattern.endsWith("/books") ? "book" : "film";
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const shown = worksPageWindow(page);
  let person: PersonCredits;
  try {
    person = await personCredits(context.get(requestContext), params.slug, {
      films: kind === "film" ? shown : NO_WORKS,
      books: kind === "book" ? shown : NO_WORKS,
    });
  } catch (error) {
    notFoundPage(error, "No one by that name is in the catalog.");
  }
  const count = kind === "film" ? person.filmCount : person.bookCount;
  // A director has no books to list: their list is missing, as a person with no works is.
  if (!count.count) throw data({ message: `${person.name} has no ${kind}s in the catalog.` }, { status: 404 });
  return {
    kind,
    person: { name: person.name, slug: person.slug },
    works: kind === "film" ? person.films : person.books,
    count,
    page,
    pages: worksPages(count),
  };
}
