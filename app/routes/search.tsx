import { CardList } from "../components/connection/card-list.tsx";
import { Link } from "../components/link.tsx";
import { Pagination } from "../components/pagination.tsx";
import { NoticePage, noticeMessage } from "../components/route-notice.tsx";
import { pageMeta, pageParam, pathWithQuery } from "../meta.ts";
import { plural } from "../plural.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/search";

export { loader } from "./search.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const q = loaderData?.q ?? "";
  return pageMeta(matches, {
    title: q ? `Search: ${q}` : "Search",
    description: q
      ? `Connections between movies and books matching "${q}" on MovieBooks.`
      : "Search MovieBooks connections by movie or book title, director, author, actor, genre, tag or what members wrote.",
    // The term and the page identify the results (a later page is a page of its own).
    path: pathWithQuery("/search", { q, page: pageParam(loaderData?.results?.page) }),
  });
};

const EXAMPLES = ["adaptation", "Stephen King", "Denis Villeneuve", "dystopia"];

const NO_RESULTS = "No connections found matching your search.";
const NO_TERM = "Enter a search term in the header to find connections.";
const SEARCH_FAILED = "Failed to fetch search results. Please try again.";

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <div className="with-aside search-page">
      <section className="search" aria-labelledby="search-title">
        {results ? (
          <>
            <header className="search__heading">
              <h1 id="search-title">Results for &ldquo;{q}&rdquo;</h1>
              <p className="muted" role="status">
                {/* Past the limit search stops counting (decision 038): "1,000+". */}
                {results.totalCount.toLocaleString("en")}
                {results.totalCountCapped ? "+" : null} {plural(results.totalCount, "connection")} found
                {results.pages > 1 && results.page <= results.pages
                  ? ` · page ${results.page} of ${results.pages}`
                  : null}
              </p>
            </header>
            {results.connections.length > 0 ? (
              <>
                <CardList connections={results.connections} />
                <Pagination page={results.page} pages={results.pages} />
              </>
            ) : results.totalCount > 0 ? (
              <p className="empty">
                There are no results on page {results.page}.{" "}
                <Link to={`/search?${new URLSearchParams({ q })}`}>Back to the first page</Link>
              </p>
            ) : (
              <p className="empty">{NO_RESULTS}</p>
            )}
          </>
        ) : (
          <>
            <header className="search__heading">
              <h1 id="search-title">Search</h1>
            </header>
            <p className="empty">{NO_TERM}</p>
          </>
        )}
      </section>
      <aside className="aside">
        <SearchTips />
      </aside>
    </div>
  );
}

function SearchTips() {
  return (
    <section className="panel search-tips" aria-labelledby="search-tips-title">
      <h2 id="search-tips-title" className="panel__title">
        Search tips
      </h2>
      <p>
        Search looks at movie and book titles, directors, authors, actors, genres, synopses, tags and what members wrote
        about each connection.
      </p>
      <p className="search-tips__label">Try</p>
      <ul className="search-tips__examples">
        {EXAMPLES.map((example) => (
          <li key={example}>
            <Link to={`/search?${new URLSearchParams({ q: example })}`}>{example}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * SPEC.md §8: a failed search shows the spec's message (the error itself is logged on the server); a term the
 * search refuses (a control character) shows why.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <NoticePage title="Search" headingId="error-title">
      <p className="form-error" role="alert">
        {noticeMessage(error, SEARCH_FAILED)}
      </p>
    </NoticePage>
  );
}
