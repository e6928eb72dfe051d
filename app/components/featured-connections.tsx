import { useRouteLoaderData } from "react-router";
import type { ConnectionView } from "../../worker/core/connections/index.ts";
import type { RootData } from "../meta.ts";
import { plural } from "../plural.ts";
import { CardList } from "./connection/card-list.tsx";
import { Link } from "./link.tsx";

/** The list on a movie's or a book's page: every connection that features it, newest first. */
export function FeaturedConnections({ connections, noun }: { connections: ConnectionView[]; noun: "movie" | "book" }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <section className="catalog__connections" aria-labelledby="catalog-connections">
      <div className="catalog__section-heading">
        <h2 id="catalog-connections">Connections featuring this {noun}</h2>
        <p className="catalog__count">
          {connections.length} {plural(connections.length, "connection")}
        </p>
      </div>
      {connections.length === 0 ? (
        <p className="empty">
          No connections feature this {noun} yet.
          {root?.viewer ? (
            <>
              {" "}
              <Link to="/create">Add one</Link>
            </>
          ) : null}
        </p>
      ) : (
        <CardList connections={connections} headingLevel={3} leadsPage={false} />
      )}
    </section>
  );
}
