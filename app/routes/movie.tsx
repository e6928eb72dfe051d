import { isRouteErrorResponse } from "react-router";
import { FeaturedConnections } from "../components/featured-connections.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { fallbackTo } from "../image-fallback.ts";
import { pageMeta } from "../meta.ts";
import { PLACEHOLDER_POSTER } from "../site.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/movie";

export { loader } from "./movie.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches, params, error }) => {
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${notFound ? "Movie not found" : "Something went wrong"} | MovieBooks` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { movie, description } = loaderData;
  return pageMeta(matches, {
    title: movie.year ? `${movie.title} (${movie.year})` : movie.title,
    description,
    path: `/movies/${params.movieId}`,
    image: movie.posterPath || null,
  });
};

export default function Movie({ loaderData }: Route.ComponentProps) {
  const { movie, connections } = loaderData;
  return (
    <article className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__hero">
        <img
          className="catalog__cover"
          src={movie.posterPath || PLACEHOLDER_POSTER}
          onError={fallbackTo(PLACEHOLDER_POSTER)}
          alt={`Poster for ${movie.title}`}
          width={240}
          height={360}
        />
        <div className="catalog__summary">
          <p className="catalog__kind">Movie</p>
          <h1 id="catalog-title" className="catalog__title">
            {movie.title}
            {movie.year ? <span className="catalog__year">{` (${movie.year})`}</span> : null}
          </h1>
          {movie.director ? (
            <p className="catalog__byline">
              Directed by <strong>{movie.director}</strong>
            </p>
          ) : null}
          {movie.genres.length ? (
            <ul className="catalog__genres" aria-label="Genres">
              {movie.genres.map((genre) => (
                <li key={genre}>{genre}</li>
              ))}
            </ul>
          ) : null}
          {movie.synopsis ? (
            <p className="catalog__synopsis">{movie.synopsis}</p>
          ) : (
            <p className="catalog__synopsis muted">No synopsis yet.</p>
          )}
          {movie.actors.length ? (
            <dl className="catalog__facts">
              <div>
                <dt>Starring</dt>
                <dd>{movie.actors.join(", ")}</dd>
              </div>
            </dl>
          ) : null}
        </div>
      </header>

      <FeaturedConnections connections={connections} noun="movie" />
    </article>
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
