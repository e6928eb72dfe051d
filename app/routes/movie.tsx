import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { CatalogPage } from "../components/catalog-page.tsx";
import { castOf, PersonLinks } from "../components/person-links.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { errorMeta, originOf, pageMeta, titleWithYear } from "../meta.ts";
import { PLACEHOLDER_POSTER } from "../site.ts";
import { movieData } from "../structured-data.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/movie";

export { loader } from "./movie.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Movie not found");
  const { movie, description } = loaderData;
  const title = titleWithYear(movie.title, movie.year);
  return pageMeta(matches, {
    title,
    description,
    path: `/movies/${movie._id}`,
    image: movie.posterPath || null,
    structuredData: movieData(movie, originOf(matches)),
    feeds: [{ title: `${title} on MovieBooks`, path: FEED_PATHS.movie(movie._id) }],
  });
};

export default function Movie({ loaderData }: Route.ComponentProps) {
  const { movie, connections } = loaderData;
  return (
    <CatalogPage
      kind="movie"
      title={movie.title}
      year={movie.year}
      image={{ src: movie.posterPath, placeholder: PLACEHOLDER_POSTER, alt: `Poster for ${movie.title}` }}
      byline={{ lead: "Directed by", name: movie.director, slug: movie.directorSlug }}
      genres={movie.genres}
      synopsis={movie.synopsis}
      facts={movie.actors.length ? [{ label: "Starring", value: <PersonLinks people={castOf(movie)} /> }] : []}
      connections={connections}
      verdicts={movie.verdicts}
    />
  );
}

/** SPEC.md §8: 'Movie with ID {id} not found.' with a real 404 status and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteNotice
      error={error}
      title="Movie not found"
      fallback="An unexpected error occurred. Please try again in a moment."
    />
  );
}
