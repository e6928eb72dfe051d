import { useRouteLoaderData } from "react-router";
import type { Credit, CreditCount, PersonCredits } from "../../worker/core/catalog/index.ts";
import { PERSON_ROLES, type PersonRole, personPath, personWorksPath } from "../../worker/core/rules/people.ts";
import { CardList } from "../components/connection/card-list.tsx";
import { Link } from "../components/link.tsx";
import { Pagination } from "../components/pagination.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { capitalized, creditCountInWords, type WorkKind, WorkShelf } from "../components/work-shelf.tsx";
import { errorMeta, pageMeta, pageParam, pathWithQuery, type RootData } from "../meta.ts";
import { plural } from "../plural.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/person";

export { loader } from "./person.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

/** "director, actor and author". */
function rolesInWords(roles: readonly PersonRole[]): string {
  return roles.length > 1 ? `${roles.slice(0, -1).join(", ")} and ${roles.at(-1)}` : (roles[0] ?? "");
}

/** "12 films", "1,000+ films", "3 books": the shelves that are not empty. */
function worksInWords({ filmCount, bookCount }: PersonCredits): string[] {
  return [
    filmCount.count ? creditCountInWords(filmCount, "film") : "",
    bookCount.count ? creditCountInWords(bookCount, "book") : "",
  ].filter(Boolean);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Person not found");
  const { person } = loaderData;
  return pageMeta(matches, {
    title: person.name,
    description: `${person.name}, ${rolesInWords(person.roles)}: ${worksInWords(person).join(" and ")} on MovieBooks, and the connections members made with them.`,
    // A later page lists other connections: a page of its own (decision 023).
    path: pathWithQuery(personPath(person.slug), { page: pageParam(person.page) }),
    image: [...person.films, ...person.books].find((work) => work.image)?.image ?? null,
    empty: person.page > person.pages && person.page > 1,
  });
};

/** A shelf of the first films or books, and a way to all of them when there are more. */
function PersonShelf({
  slug,
  kind,
  works,
  count,
}: {
  slug: string;
  kind: WorkKind;
  works: readonly Credit[];
  count: CreditCount;
}) {
  if (!works.length) return null;
  const id = `person-${kind}s`;
  return (
    <section className="person__works" aria-labelledby={id}>
      <div className="catalog__section-heading">
        <h2 id={id}>{kind === "film" ? "Films" : "Books"}</h2>
        {count.count > works.length ? (
          <Link className="catalog__more" to={personWorksPath(slug, kind)}>
            All {creditCountInWords(count, kind)} <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      <WorkShelf kind={kind} works={works} />
    </section>
  );
}

export default function Person({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <article className="catalog person" aria-labelledby="person-name">
      <header className="person__hero">
        <p className="catalog__kind">
          {PERSON_ROLES.filter((role) => person.roles.includes(role))
            .map(capitalized)
            .join(" · ")}
        </p>
        <h1 id="person-name" className="catalog__title">
          {person.name}
        </h1>
        <p className="person__summary">{worksInWords(person).join(" · ")}</p>
      </header>

      <PersonShelf slug={person.slug} kind="film" works={person.films} count={person.filmCount} />
      <PersonShelf slug={person.slug} kind="book" works={person.books} count={person.bookCount} />

      <section className="catalog__connections" aria-labelledby="person-connections">
        <div className="catalog__section-heading">
          <h2 id="person-connections">Connections featuring {person.name}</h2>
          <p className="catalog__count">
            {person.totalCount} {plural(person.totalCount, "connection")}
          </p>
        </div>
        {person.connections.length ? (
          <CardList connections={person.connections} headingLevel={3} leadsPage={false} />
        ) : (
          <p className="empty">
            {person.page > 1 ? "No more connections." : `No connections feature ${person.name} yet.`}
            {root?.viewer && person.page === 1 ? (
              <>
                {" "}
                <Link to="/create">Add one</Link>
              </>
            ) : null}
          </p>
        )}
        <Pagination page={person.page} pages={person.pages} />
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteNotice
      error={error}
      title="Person not found"
      fallback="An unexpected error occurred. Please try again in a moment."
    />
  );
}
