import { personPath, personWorksPath } from "../../worker/core/rules/people.ts";
import { Link } from "../components/link.tsx";
import { Pagination } from "../components/pagination.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { creditCountInWords, WorkShelf } from "../components/work-shelf.tsx";
import { errorMeta, pageMeta, pageParam, pathWithQuery } from "../meta.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/person-works";

export { loader } from "./person-works.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

const heading = (name: string, kind: "film" | "book") => `${name}'s ${kind}s`;

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Not found");
  const { person, kind, count, page, works } = loaderData;
  return pageMeta(matches, {
    title: page > 1 ? `${heading(person.name, kind)}, page ${page}` : heading(person.name, kind),
    description: `${person.name}: ${creditCountInWords(count, kind)} on MovieBooks, newest first.`,
    path: pathWithQuery(personWorksPath(person.slug, kind), { page: pageParam(page) }),
    image: works.find((work) => work.image)?.image ?? null,
  });
};

/** Every film a person directed or acts in, or every book they wrote, newest first, a page at a time. */
export default function PersonWorks({ loaderData }: Route.ComponentProps) {
  const { person, kind, works, count, page, pages } = loaderData;
  return (
    <article className="catalog person" aria-labelledby="works-title">
      <header className="person__hero">
        <p>
          <Link to={personPath(person.slug)}>← {person.name}</Link>
        </p>
        <h1 id="works-title" className="catalog__title">
          {heading(person.name, kind)}
        </h1>
        <p className="person__summary">
          {creditCountInWords(count, kind)}
          {pages > 1 && page <= pages ? ` · page ${page} of ${pages}` : null}
        </p>
      </header>
      <section className="person__works" aria-label={kind === "film" ? "Films" : "Books"}>
        {works.length ? (
          <WorkShelf kind={kind} works={works} />
        ) : (
          <p className="empty">
            There are no {kind}s on page {page}.{" "}
            <Link to={personWorksPath(person.slug, kind)}>Back to the first page</Link>
          </p>
        )}
        <Pagination page={page} pages={pages} />
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteNotice
      error={error}
      title="Not found"
      fallback="An unexpected error occurred. Please try again in a moment."
    />
  );
}
