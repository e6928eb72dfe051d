import { useRouteLoaderData } from "react-router";
import { PERSON_ROLES, type PersonRole, personPath } from "../../worker/core/rules/people.ts";
import { CardList } from "../components/connection/card-list.tsx";
import { Link } from "../components/link.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { errorMeta, pageMeta, type RootData } from "../meta.ts";
import { plural } from "../plural.ts";
import { PLACEHOLDER_COVER, PLACEHOLDER_POSTER } from "../site.ts";
import catalogStyles from "../styles/catalog.css?url";
import type { Route } from "./+types/person";
import type { ShelfWork } from "./person.server.ts";

export { loader } from "./person.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

/** "director, actor and author". */
function rolesInWords(roles: readonly PersonRole[]): string {
  return roles.length > 1 ? `${roles.slice(0, -1).join(", ")} and ${roles.at(-1)}` : (roles[0] ?? "");
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Person not found");
  const { person, films, books } = loaderData;
  return pageMeta(matches, {
    title: person.name,
    description: `${person.name}, ${rolesInWords(person.roles)}: ${worksInWords(films, books).join(" and ")} on MovieBooks, and the connections members made with them.`,
    path: personPath(person.slug),
    image: [...films, ...books].find((work) => work.image)?.image ?? null,
  });
};

/** "12 films", "3 books": the shelves that are not empty. */
function worksInWords(films: readonly ShelfWork[], books: readonly ShelfWork[]): string[] {
  return [
    films.length ? `${films.length} ${plural(films.length, "film")}` : "",
    books.length ? `${books.length} ${plural(books.length, "book")}` : "",
  ].filter(Boolean);
}

/** Films or books as a shelf of posters or covers, each linking to its page. */
function WorkShelf({
  id,
  title,
  kind,
  works,
}: {
  id: string;
  title: string;
  kind: "movie" | "book";
  works: ShelfWork[];
}) {
  const placeholder = kind === "movie" ? PLACEHOLDER_POSTER : PLACEHOLDER_COVER;
  return (
    <section className="person__works" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="shelf">
        {works.map((work) => (
          <li key={work._id}>
            <Link to={`/${kind === "movie" ? "movies" : "books"}/${work._id}`} className="shelf__item">
              <ResponsiveImage url={work.image} fallback={placeholder} width={120} height={180} sizes="10rem" />
              <span className="shelf__title">{work.title}</span>
              <span className="shelf__meta">
                {[work.year, capitalized(work.roles.join(", "))].filter(Boolean).join(" · ")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Person({ loaderData }: Route.ComponentProps) {
  const { person, films, books } = loaderData;
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
        <p className="person__summary">{worksInWords(films, books).join(" · ")}</p>
      </header>

      {films.length ? <WorkShelf id="person-films" title="Films" kind="movie" works={films} /> : null}
      {books.length ? <WorkShelf id="person-books" title="Books" kind="book" works={books} /> : null}

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
