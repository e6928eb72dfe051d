import { count, sql } from "drizzle-orm";
import type { RequestServices } from "../../worker/context.ts";
import { requestContext } from "../../worker/context.ts";
import {
  type FeedFilters,
  feedReads,
  maintainedPublicCount,
  type PopularTag,
  pageNumber,
  popularTagsRead,
  popularValuesRead,
  readFeedFilters,
  toPage,
  toPopularTags,
  toPopularValues,
  visibleCount,
} from "../../worker/core/connections/index.ts";
import { normalizeTags } from "../../worker/core/rules/index.ts";
import { users } from "../../worker/db/schema.ts";
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
 * The feed's canonical address: its filters in one order (tags as they are stored) and the page past the first;
 * anything else in the query (tracking parameters, blanks) is left out.
 */
function feedPath(filters: FeedFilters, page: number): string {
  const tags = normalizeTags(filters.tags).join(",");
  return pathWithQuery("/", { ...filters, tags, page: pageParam(page) });
}

/**
 * The feed with its filters and pages (all in the URL), for members and visitors alike: the same reads under
 * the same privacy rule, a visitor being a null viewer. The filters' suggestions come in the same batch,
 * and for visitors the welcome too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const { db, origin, viewer } = services;
  const params = new URL(request.url).searchParams;
  const filters = readFeedFilters(params);
  const page = pageNumber(params.get("page"));
  const reads = [...feedReads(services, filters, page), popularValuesRead(db)] as const;
  const canonicalPath = feedPath(filters, page);
  if (viewer) {
    const [cards, counted, popular] = await db.batch(reads);
    const feed = toPage(origin, page, [cards, counted]);
    return { feed, filters, canonicalPath, suggestions: toPopularValues(popular), welcome: null };
  }
  const [cards, counted, popular, connections, members, tags] = await db.batch([...reads, ...welcomeReads(services)]);
  const welcome: Welcome = {
    stats: { connections: Number(connections.n), members: members[0]?.n ?? 0 },
    popularTags: toPopularTags(tags),
  };
  return {
    feed: toPage(origin, page, [cards, counted]),
    filters,
    canonicalPath,
    suggestions: toPopularValues(popular),
    welcome,
  };
}
