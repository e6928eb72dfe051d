import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { CatalogPage } from "../components/catalog-page.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { errorMeta, originOf, pageMeta, titleWithYear } from "../meta.ts";
import { PLACEHOLDER_COVER } from "../site.ts";
import { bookData } from "../structured-data.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/book";

export { loader } from "./book.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Book not found");
  const { book, description } = loaderData;
  const title = titleWithYear(book.title, book.publicationYear);
  return pageMeta(matches, {
    title,
    description,
    path: `/books/${book._id}`,
    image: book.coverPath || null,
    structuredData: bookData(book, originOf(matches)),
    feeds: [{ title: `${title} on MovieBooks`, path: FEED_PATHS.book(book._id) }],
  });
};

export default function Book({ loaderData }: Route.ComponentProps) {
  const { book, connections } = loaderData;
  const facts = [
    book.publicationYear ? { label: "Published", value: String(book.publicationYear) } : null,
    book.isbn ? { label: "ISBN", value: book.isbn } : null,
  ].filter((fact) => fact !== null);
  return (
    <CatalogPage
      kind="book"
      title={book.title}
      year={book.publicationYear}
      image={{ src: book.coverPath, placeholder: PLACEHOLDER_COVER, alt: `Cover of ${book.title}` }}
      byline={{ lead: "by", name: book.author, slug: book.authorSlug }}
      genres={book.genres}
      synopsis={book.synopsis}
      facts={facts}
      connections={connections}
      verdicts={book.verdicts}
    />
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
