import { isRouteErrorResponse } from "react-router";
import { FeaturedConnections } from "../components/featured-connections.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { fallbackTo } from "../image-fallback.ts";
import { pageMeta } from "../meta.ts";
import { PLACEHOLDER_COVER } from "../site.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/book";

export { loader } from "./book.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches, params, error }) => {
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${notFound ? "Book not found" : "Something went wrong"} | MovieBooks` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { book, description } = loaderData;
  return pageMeta(matches, {
    title: book.publicationYear ? `${book.title} (${book.publicationYear})` : book.title,
    description,
    path: `/books/${params.bookId}`,
    image: book.coverPath || null,
  });
};

export default function Book({ loaderData }: Route.ComponentProps) {
  const { book, connections } = loaderData;
  const facts = [
    book.publicationYear ? { label: "Published", value: String(book.publicationYear) } : null,
    book.isbn ? { label: "ISBN", value: book.isbn } : null,
  ].filter((fact) => fact !== null);
  return (
    <article className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__hero">
        <img
          className="catalog__cover"
          src={book.coverPath || PLACEHOLDER_COVER}
          onError={fallbackTo(PLACEHOLDER_COVER)}
          alt={`Cover of ${book.title}`}
          width={240}
          height={360}
        />
        <div className="catalog__summary">
          <p className="catalog__kind">Book</p>
          <h1 id="catalog-title" className="catalog__title">
            {book.title}
            {book.publicationYear ? <span className="catalog__year">{` (${book.publicationYear})`}</span> : null}
          </h1>
          {book.author ? (
            <p className="catalog__byline">
              by <strong>{book.author}</strong>
            </p>
          ) : null}
          {book.genres.length ? (
            <ul className="catalog__genres" aria-label="Genres">
              {book.genres.map((genre) => (
                <li key={genre}>{genre}</li>
              ))}
            </ul>
          ) : null}
          {book.synopsis ? (
            <p className="catalog__synopsis">{book.synopsis}</p>
          ) : (
            <p className="catalog__synopsis muted">No synopsis yet.</p>
          )}
          {facts.length ? (
            <dl className="catalog__facts">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </header>

      <FeaturedConnections connections={connections} noun="book" />
    </article>
  );
}

/** SPEC.md §8: 'Book with ID {id} not found.' with a real 404 status and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteNotice
      error={error}
      title="Book not found"
      fallback="An unexpected error occurred. Please try again in a moment."
    />
  );
}
