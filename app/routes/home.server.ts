import { count, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { RequestServices } from "../../worker/context.ts";
import { requestContext } from "../../worker/context.ts";
import {
  type FeedFilters,
  type FeedView,
  feedReads,
  maintainedPublicCount,
  type PopularTag,
  pageNumber,
  popularTagsRead,
  popularValuesRead,
  readFeedFilters,
  readFeedView,
  toPage,
  toPopularTags,
  toPopularValues,
  visibleCount,
} from "../../worker/core/connections/index.ts";
import { suggestedMembersRead, toSuggestedMembers } from "../../worker/core/people/index.ts";
import { normalizeTags } from "../../worker/core/rules/index.ts";
import { users } from "../../worker/db/schema.ts";
import { loginPath } from "../login-path.ts";
import { pageParam, pathWithQuery } from "../meta.ts";
import type { Route } from "./+types/home";

/** What a visitor sees above and beside the feed: a few counts, and the popular tags (members have the sidebar's). */
export interface Welcome {
  stats: { connections: number; members: number };
  popularTags: PopularTag[];
}

/** The welcome's reads, for the feed's batch: the visitor's home stays one round trip. */
function welcomeReads({ db, viewer }: RequestServices) {
  return [
    db.get<{ n: number }>(sql`select ${visibleCount(viewer, undefined, maintainedPublicCount({}))} as n`),
    db.select({ n: count() }).from(users),
    popularTagsRead({ db, viewer }),
  ] as const;
}

/**
 * The feed's canonical address: the Following tab and a sort other than newest, its filters in one order (tags as
 * they are stored) and the page past the first; anything else in the query (tracking parameters, blanks) is left
 * out. Everyone's feed is the public one, so it needs no `feed`.
 */
function feedPath(view: FeedView, filters: FeedFilters, page: number): string {
  const tags = normalizeTags(filters.tags).join(",");
  return pathWithQuery("/", {
    feed: view.scope === "following" ? view.scope : "",
    sort: view.sort === "newest" ? "" : view.sort,
    ...filters,
    tags,
    page: pageParam(page),
  });
}

/**
 * The feed with its tab, sort, filters and pages (all in the URL), for members and visitors alike: the same reads
 * under the same privacy rule, a visitor being a null viewer. A member who follows anyone opens on Following,
 * everyone else on Everyone; a visitor asking for Following is asked to log in first (decision 031). The filters'
 * suggestions come in the same batch; for visitors the welcome too, and on the Following tab the members to
 * follow, shown when it is empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const { db, origin, viewer } = services;
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = readFeedFilters(params);
  const page = pageNumber(params.get("page"));
  const query = Object.fromEntries(params);
  const everyone = readFeedView(query, { scope: "everyone", strict: false });

  if (viewer) {
    // The filters' suggestions are the same for either tab: read once, in the same round trip as the feed.
    const popular = popularValuesRead(db).then(toPopularValues);
    // Awaited by the feed that is shown; a failure is that feed's to answer, not an unhandled rejection.
    popular.catch(() => {});
    const memberFeed = async (view: FeedView) => {
      const reads = feedReads(services, filters, page, view);
      // Members to follow, for an empty Following feed: read beside it (an empty feed is only known afterwards).
      const suggesting = view.scope === "following" && page === 1 && !Object.keys(filters).length;
      const [cards, counted, suggested] = suggesting
        ? await db.batch([...reads, suggestedMembersRead(services, viewer)])
        : [...(await db.batch(reads)), []];
      const feed = toPage(origin, page, [cards, counted]);
      const toFollow = feed.connections.length ? [] : toSuggestedMembers(origin, suggested);
      const canonicalPath = feedPath(view, filters, page);
      return { feed, view, filters, canonicalPath, suggestions: await popular, toFollow, welcome: null };
    };
    const following = readFeedView(query, { scope: "following", strict: false });
    if (following.scope === everyone.scope) return memberFeed(everyone);
    // No tab asked for: which one opens is known with the session check, so both feeds are read beside it, in the
    // same round trip (decision 040).
    const [ifFollowing, ifEveryone, checked] = await Promise.all([
      memberFeed(following),
      memberFeed(everyone),
      services.confirmViewer(),
    ]);
    return checked?.followsAnyone ? ifFollowing : ifEveryone;
  }

  if (everyone.scope === "following") throw redirect(loginPath(url.pathname + url.search));
  const reads = [...feedReads(services, filters, page, everyone), popularValuesRead(db)] as const;
  const [cards, counted, popular, connections, members, tags] = await db.batch([...reads, ...welcomeReads(services)]);
  const welcome: Welcome = {
    stats: { connections: Number(connections.n), members: members[0]?.n ?? 0 },
    popularTags: toPopularTags(tags),
  };
  return {
    feed: toPage(origin, page, [cards, counted]),
    view: everyone,
    filters,
    canonicalPath: feedPath(everyone, filters, page),
    suggestions: toPopularValues(popular),
    toFollow: [],
    welcome,
  };
}
