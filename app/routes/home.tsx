import { Form } from "react-router";
import type { FeedView, FilterName } from "../../worker/core/connections/index.ts";
import type { SuggestedMember } from "../../worker/core/people/index.ts";
import {
  FEED_SCOPE_LABELS,
  FEED_SCOPES,
  FEED_SORT_LABELS,
  FEED_SORTS,
  type FeedScope,
  type FeedSort,
  TRENDING_DAYS,
} from "../../worker/core/rules/feed-views.ts";
import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { CONNECTION_KINDS, KIND_LABELS } from "../../worker/core/rules/kinds.ts";
import { normalizeTags } from "../../worker/core/rules/lists.ts";
import { memberName } from "../../worker/core/rules/names.ts";
import { Avatar } from "../components/avatar.tsx";
import { CardList } from "../components/connection/card-list.tsx";
import { FollowButton } from "../components/follow-button.tsx";
import { Link } from "../components/link.tsx";
import { Pagination } from "../components/pagination.tsx";
import { PopularTags } from "../components/popular-tags.tsx";
import { SuggestField } from "../components/suggest-field.tsx";
import { pageMeta, pathWithQuery, SHARE_IMAGE_SIZE } from "../meta.ts";
import { plural } from "../plural.ts";
import { HOME_DESCRIPTION, SITE_IMAGE, SITE_NAME, SITE_TAGLINE } from "../site.ts";
import feedStyles from "../styles/feeds.css?url";
import type { Route } from "./+types/home";
import type { Welcome as WelcomeData } from "./home.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  // The tags as the feed reads them, not as the address spelled them.
  const tags = normalizeTags(loaderData?.filters.tags);
  const named = tags.map((tag) => `#${tag}`).join(", ");
  const empty = !loaderData?.feed.connections.length;
  // A page filtered by one tag also offers that tag's feed, which has entries when the page has connections.
  const feeds = [{ title: "MovieBooks: newest connections", path: FEED_PATHS.site }];
  const [tag, ...others] = tags;
  if (tag !== undefined && !others.length && !empty)
    feeds.push({ title: `${named} on MovieBooks`, path: FEED_PATHS.tag(tag) });
  return pageMeta(matches, {
    title: named ? `Connections tagged ${named}` : SITE_NAME,
    description: named ? `Movies and books connected under ${named} on ${SITE_NAME}.` : HOME_DESCRIPTION,
    path: loaderData?.canonicalPath ?? "/",
    image: SITE_IMAGE,
    imageSize: SHARE_IMAGE_SIZE,
    feeds,
    empty,
  });
};

export { loader } from "./home.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: feedStyles }];

/**
 * The feed (SPEC.md §2), for members and visitors alike: filters, tag links, pages. Visitors first get a short
 * welcome, and the popular tags beside the feed (members have them in the sidebar).
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { feed, view, filters, suggestions, toFollow, welcome } = loaderData;
  const shared = { feed, view, filters, suggestions, toFollow };
  if (!welcome) return <Feed {...shared} title="Your feed" tabs />;
  return (
    <>
      <Welcome {...welcome} />
      <div className="with-aside home-feed">
        <Feed {...shared} title="Latest connections" headingLevel={2} />
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

/**
 * A feed address with the view and filters given (tabs and sorts keep the other, and the filters; a new view
 * starts at page 1). Both are written out, so a link means the same whatever the member's default tab is.
 */
function feedHref(view: FeedView, filters: Record<string, string | undefined>): string {
  return pathWithQuery("/", { feed: view.scope, sort: view.sort === "newest" ? "" : view.sort, ...filters });
}

/**
 * Following / Everyone (members only) and the sorts, as links (they work without JavaScript, and each view has its
 * address). The current one is marked for assistive technology with `aria-current`.
 */
function FeedViews({ view, filters, tabs }: { view: FeedView; filters: Record<string, string>; tabs: boolean }) {
  return (
    <div className="feed-views">
      {tabs ? (
        <nav className="feed-tabs" aria-label="Feeds">
          {FEED_SCOPES.map((scope: FeedScope) => (
            <Link
              key={scope}
              to={feedHref({ ...view, scope }, filters)}
              className="feed-tabs__tab"
              aria-current={scope === view.scope ? "page" : undefined}
            >
              {FEED_SCOPE_LABELS[scope]}
            </Link>
          ))}
        </nav>
      ) : null}
      <nav className="feed-sorts" aria-label="Sort">
        <span className="feed-sorts__label" aria-hidden="true">
          Sort:
        </span>
        {FEED_SORTS.map((sort: FeedSort) => (
          <Link
            key={sort}
            to={feedHref({ ...view, sort }, filters)}
            className="feed-sorts__sort"
            aria-current={sort === view.sort ? "page" : undefined}
            title={sort === "newest" ? undefined : `${FEED_SORT_LABELS[sort]}: the last ${TRENDING_DAYS} days`}
          >
            {FEED_SORT_LABELS[sort]}
          </Link>
        ))}
      </nav>
    </div>
  );
}

function Feed({
  feed,
  view,
  filters,
  suggestions,
  toFollow,
  title,
  tabs = false,
  headingLevel = 1,
}: Pick<Route.ComponentProps["loaderData"], "feed" | "view" | "filters" | "suggestions" | "toFollow"> & {
  title: string;
  /** Following / Everyone: members only. */
  tabs?: boolean;
  headingLevel?: 1 | 2;
}) {
  const filtered = Object.keys(filters).length > 0;
  const fieldFiltered = Boolean(filters.kind) || FILTER_FIELDS.some((field) => filters[field.name]);
  const Heading = `h${headingLevel}` as const;
  const PanelHeading = `h${headingLevel + 1}` as "h2" | "h3";
  const viewOnly = feedHref(view, {});
  const following = view.scope === "following";
  return (
    <section aria-labelledby="feed-title" className="feed">
      <Heading id="feed-title">{title}</Heading>
      <FeedViews view={view} filters={filters as Record<string, string>} tabs={tabs} />
      {filters.tags ? (
        <p className="active-filter">
          Showing connections tagged <strong>#{filters.tags}</strong> ·{" "}
          <Link to={feedHref(view, { ...filters, tags: undefined })}>Show all</Link>
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
          <input type="hidden" name="feed" value={view.scope} />
          {view.sort === "newest" ? null : <input type="hidden" name="sort" value={view.sort} />}
          <div className="filters__actions">
            <button type="submit" className="button button--small">
              Apply
            </button>
            <Link to={viewOnly} className="button button--ghost button--small">
              Clear
            </Link>
          </div>
        </Form>
      </details>
      {feed.connections.length === 0 ? (
        following && !filtered ? (
          <EmptyFollowing members={toFollow} />
        ) : (
          <p className="empty">
            {filtered
              ? "No connections found matching your filter(s)."
              : "No connections found yet. Be the first to add one!"}
          </p>
        )
      ) : (
        <CardList connections={feed.connections} headingLevel={headingLevel === 1 ? 2 : 3} />
      )}
      <Pagination page={feed.page} pages={feed.pages} />
    </section>
  );
}

/**
 * An empty Following feed: what it shows, and the most active public members to follow (decision 031), each with
 * a Follow button that works with and without JavaScript; after following, the feed fills in.
 */
function EmptyFollowing({ members }: { members: SuggestedMember[] }) {
  return (
    <div className="empty-following">
      <p className="empty">
        Your Following feed shows your connections and those of the members you follow. Nothing here yet.{" "}
        <Link to={feedHref({ scope: "everyone", sort: "newest" }, {})}>See everyone’s connections</Link>
      </p>
      {members.length ? (
        <section aria-labelledby="to-follow-title" className="panel to-follow">
          <h2 id="to-follow-title" className="panel__title">
            Members to follow
          </h2>
          <ul className="user-list">
            {members.map((member) => (
              <li key={member._id} className="user-list__row">
                <Link to={`/users/${member._id}`} className="user-list__item">
                  <Avatar url={member.profilePictureUrl} size={48} />
                  <span>
                    <strong>{memberName(member)}</strong>
                    <span className="muted"> @{member.username}</span>
                    <span className="user-list__detail">
                      {member.connectionCount} {plural(member.connectionCount, "connection")}
                    </span>
                  </span>
                </Link>
                <div className="user-list__actions">
                  <FollowButton
                    userId={member._id}
                    isPrivate={false}
                    isFollowing={false}
                    requested={false}
                    followerCount={0}
                  >
                    {() => null}
                  </FollowButton>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
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
