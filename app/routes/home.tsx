import { Form, Link } from "react-router";
import type { FeedFilters } from "../../worker/core/connections/index.ts";
import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { CONNECTION_KINDS, KIND_LABELS } from "../../worker/core/rules/kinds.ts";
import { normalizeTags } from "../../worker/core/rules/lists.ts";
import { connectionTitle } from "../../worker/core/rules/names.ts";
import { CardList } from "../components/connection/card-list.tsx";
import { Pagination } from "../components/pagination.tsx";
import { pageMeta } from "../meta.ts";
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from "../site.ts";
import type { Route } from "./+types/home";
import type { LandingData } from "./home.server.ts";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  // A page filtered by one tag also offers that tag's feed.
  const [tag, ...others] = normalizeTags(new URLSearchParams(location.search).get("tags"));
  const feeds = [{ title: "MovieBooks: newest connections", path: FEED_PATHS.site }];
  if (tag !== undefined && !others.length) feeds.push({ title: `#${tag} on MovieBooks`, path: FEED_PATHS.tag(tag) });
  return pageMeta(matches, { title: SITE_NAME, description: SITE_DESCRIPTION, path: "/", feeds });
};

export { loader } from "./home.server.ts";

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "landing" ? <Landing {...loaderData} /> : <Feed {...loaderData} />;
}

const FILTER_FIELDS: Array<{ name: keyof FeedFilters; label: string }> = [
  { name: "movieGenre", label: "Movie genre" },
  { name: "director", label: "Director" },
  { name: "actor", label: "Actor" },
  { name: "bookGenre", label: "Book genre" },
  { name: "author", label: "Author" },
];

function Feed({ feed, filters }: Extract<Route.ComponentProps["loaderData"], { kind: "feed" }>) {
  const filtered = Object.keys(filters).length > 0;
  const fieldFiltered = Boolean(filters.kind) || FILTER_FIELDS.some((field) => filters[field.name]);
  return (
    <section aria-labelledby="feed-title" className="feed">
      <h1 id="feed-title">Your feed</h1>
      {filters.tags ? (
        <p className="active-filter">
          Showing connections tagged <strong>#{filters.tags}</strong> · <Link to="/">Show all</Link>
        </p>
      ) : null}
      <details className="panel filters" open={fieldFiltered || undefined}>
        <summary>
          <h2 className="panel__title">Filters</h2>
        </summary>
        {/* A GET form: applying puts the filters in the URL and starts again at page 1. */}
        <Form method="get" className="filters__form">
          {FILTER_FIELDS.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={`filter-${field.name}`}>{field.label}</label>
              <input id={`filter-${field.name}`} name={field.name} defaultValue={filters[field.name] ?? ""} />
            </div>
          ))}
          <div className="field">
            <label htmlFor="filter-kind">Kind</label>
            <select id="filter-kind" name="kind" defaultValue={filters.kind ?? ""}>
              <option value="">Any kind</option>
              {CONNECTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          {filters.tags ? <input type="hidden" name="tags" value={filters.tags} /> : null}
          <div className="filters__actions">
            <button type="submit" className="button button--small">
              Apply
            </button>
            <Link to="/" className="button button--ghost button--small">
              Clear
            </Link>
          </div>
        </Form>
      </details>
      {feed.connections.length === 0 ? (
        <p className="empty">
          {filtered
            ? "No connections found matching your filter(s)."
            : "No connections found yet. Be the first to add one!"}
        </p>
      ) : (
        <CardList connections={feed.connections} />
      )}
      <Pagination page={feed.page} pages={feed.pages} />
    </section>
  );
}

function Landing({ stats, latest }: LandingData) {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{SITE_TAGLINE}</h1>
        <p className="lede">
          Find the book behind the film, the film that answers a novel, and the scenes where a character reaches for a
          book. Shared by readers and moviegoers like you.
        </p>
        <p className="hero__actions">
          <Link className="button" to="/signup">
            Join MovieBooks
          </Link>
          <Link className="button button--ghost" to="/search?q=adaptation">
            Explore adaptations
          </Link>
        </p>
        <p className="hero__stats">
          <span>
            <strong>{stats.connections}</strong> connections
          </span>
          <span>
            <strong>{stats.members}</strong> members
          </span>
        </p>
      </section>

      <section aria-labelledby="latest-title" className="latest">
        <h2 id="latest-title">Latest connections</h2>
        {latest.length === 0 ? (
          <p className="empty">No connections found yet. Be the first to add one!</p>
        ) : (
          <ul className="teaser-list">
            {latest.map((item) => (
              <li key={item.id} className="teaser">
                {item.posterUrl || item.coverUrl ? (
                  <div className="teaser__art" aria-hidden="true">
                    {item.posterUrl ? <img src={item.posterUrl} alt="" width={80} height={120} loading="lazy" /> : null}
                    {item.coverUrl ? <img src={item.coverUrl} alt="" width={80} height={120} loading="lazy" /> : null}
                  </div>
                ) : null}
                <Link to={`/connections/${item.id}`} className="teaser__title">
                  {connectionTitle(item)}
                </Link>
                <p className="teaser__context">{item.context}</p>
                <p className="teaser__meta">Added by {item.author}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
