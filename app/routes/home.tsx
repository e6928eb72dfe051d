import { Form, Link } from "react-router";
import type { FilterName } from "../../worker/core/connections/index.ts";
import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { CONNECTION_KINDS, KIND_LABELS } from "../../worker/core/rules/kinds.ts";
import { normalizeTags } from "../../worker/core/rules/lists.ts";
import { CardList } from "../components/connection/card-list.tsx";
import { Pagination } from "../components/pagination.tsx";
import { PopularTags } from "../components/popular-tags.tsx";
import { SuggestField } from "../components/suggest-field.tsx";
import { pageMeta, SHARE_IMAGE_SIZE } from "../meta.ts";
import { HOME_DESCRIPTION, SITE_IMAGE, SITE_NAME, SITE_TAGLINE } from "../site.ts";
import type { Route } from "./+types/home";
import type { Welcome as WelcomeData } from "./home.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = loaderData?.filters.tags;
  // A page filtered by one tag also offers that tag's feed.
  const [tag, ...others] = normalizeTags(tags);
  const feeds = [{ title: "MovieBooks: newest connections", path: FEED_PATHS.site }];
  if (tag !== undefined && !others.length) feeds.push({ title: `#${tag} on MovieBooks`, path: FEED_PATHS.tag(tag) });
  return pageMeta(matches, {
    title: tags ? `Connections tagged #${tags}` : SITE_NAME,
    description: tags ? `Movies and books connected under #${tags} on ${SITE_NAME}.` : HOME_DESCRIPTION,
    path: loaderData?.canonicalPath ?? "/",
    image: SITE_IMAGE,
    imageSize: SHARE_IMAGE_SIZE,
    feeds,
  });
};

export { loader } from "./home.server.ts";

/**
 * The feed (SPEC.md §2), for members and visitors alike: filters, tag links, pages. Visitors first get a short
 * welcome, and the popular tags beside the feed (members have them in the sidebar).
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { feed, filters, suggestions, welcome } = loaderData;
  if (!welcome) return <Feed feed={feed} filters={filters} suggestions={suggestions} title="Your feed" />;
  return (
    <>
      <Welcome {...welcome} />
      <div className="with-aside home-feed">
        <Feed feed={feed} filters={filters} suggestions={suggestions} title="Latest connections" headingLevel={2} />
        <aside className="aside" aria-label="Popular tags">
          <PopularTags tags={welcome.popularTags} />
        </aside>
      </div>
    </>
  );
}

const FILTER_FIELDS: Array<{ name: FilterName; label: string }> = [
  { name: "movieGenre", label: "Movie genre" },
  { name: "director", label: "Director" },
  { name: "actor", label: "Actor" },
  { name: "bookGenre", label: "Book genre" },
  { name: "author", label: "Author" },
];

function Feed({
  feed,
  filters,
  suggestions,
  title,
  headingLevel = 1,
}: Pick<Route.ComponentProps["loaderData"], "feed" | "filters" | "suggestions"> & {
  title: string;
  headingLevel?: 1 | 2;
}) {
  const filtered = Object.keys(filters).length > 0;
  const fieldFiltered = Boolean(filters.kind) || FILTER_FIELDS.some((field) => filters[field.name]);
  const Heading = `h${headingLevel}` as const;
  const PanelHeading = `h${headingLevel + 1}` as "h2" | "h3";
  return (
    <section aria-labelledby="feed-title" className="feed">
      <Heading id="feed-title">{title}</Heading>
      {filters.tags ? (
        <p className="active-filter">
          Showing connections tagged <strong>#{filters.tags}</strong> · <Link to="/">Show all</Link>
        </p>
      ) : null}
      <details className="panel filters" open={fieldFiltered || undefined}>
        <summary>
          <PanelHeading className="panel__title">Filters</PanelHeading>
        </summary>
        {/* A GET form: applying puts the filters in the URL and starts again at page 1. */}
        <Form method="get" className="filters__form">
          {FILTER_FIELDS.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={`filter-${field.name}`}>{field.label}</label>
              <SuggestField
                id={`filter-${field.name}`}
                name={field.name}
                defaultValue={filters[field.name] ?? ""}
                popular={suggestions[field.name]}
              />
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
        <CardList connections={feed.connections} headingLevel={headingLevel === 1 ? 2 : 3} />
      )}
      <Pagination page={feed.page} pages={feed.pages} />
    </section>
  );
}

/** The visitor's welcome: what the site is, a way to join, and how many connections and members there are. */
function Welcome({ stats }: WelcomeData) {
  return (
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
        <Link className="button button--ghost" to="/login">
          Log in
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
  );
}
