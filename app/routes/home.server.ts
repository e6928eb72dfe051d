import { and, count, desc, eq, sql } from "drizzle-orm";
import type { RequestServices } from "../../worker/context.ts";
import { requestContext } from "../../worker/context.ts";
import {
  feedWithSuggestions,
  maintainedPublicCount,
  pageNumber,
  readFeedFilters,
  visibleCount,
} from "../../worker/core/connections/index.ts";
import { imageUrl } from "../../worker/core/images/index.ts";
import { connectionVisibleTo } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/index.ts";
import { books, connections, movies, users } from "../../worker/db/schema.ts";
import type { Route } from "./+types/home";

export interface LandingTeaser {
  id: string;
  movieRef: { title: string } | null;
  bookRef: { title: string } | null;
  context: string;
  author: string;
  createdAt: number;
  posterUrl: string | null;
  coverUrl: string | null;
}

export interface LandingData {
  stats: { connections: number; members: number };
  latest: LandingTeaser[];
}

/** What the landing page shows a visitor: a few counts and the newest connections they may see. */
export async function getLandingData({ db, viewer, origin }: RequestServices): Promise<LandingData> {
  const [connectionCount, memberCount, latest] = await db.batch([
    db.get<{ n: number }>(sql`select ${visibleCount(viewer, undefined, maintainedPublicCount({}))} as n`),
    db.select({ n: count() }).from(users),
    db
      .select({
        id: connections.id,
        movieRef: { title: movies.title },
        bookRef: { title: books.title },
        context: connections.context,
        displayName: users.displayName,
        username: users.username,
        createdAt: connections.createdAt,
        posterKey: sql<string | null>`coalesce(${connections.moviePosterKey}, ${movies.posterKey})`,
        coverKey: sql<string | null>`coalesce(${connections.bookCoverKey}, ${books.coverKey})`,
      })
      .from(connections)
      .innerJoin(users, eq(users.id, connections.userId))
      .leftJoin(movies, eq(movies.id, connections.movieId))
      .leftJoin(books, eq(books.id, connections.bookId))
      .where(and(connectionVisibleTo(viewer)))
      .orderBy(desc(connections.createdAt), desc(connections.id))
      .limit(6),
  ]);
  return {
    stats: { connections: Number(connectionCount.n), members: memberCount[0]?.n ?? 0 },
    latest: latest.map(({ posterKey, coverKey, displayName, username, ...teaser }) => ({
      ...teaser,
      author: memberName({ displayName, username }),
      posterUrl: imageUrl(origin, posterKey),
      coverUrl: imageUrl(origin, coverKey),
    })),
  };
}

/**
 * Visitors get the landing page; members get the feed with its filters and pages (all in the URL), and the
 * filters' suggestions in the same round trip. Popular tags come with the sidebar (root loader).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  if (!services.viewer) return { kind: "landing" as const, ...(await getLandingData(services)) };
  const params = new URL(request.url).searchParams;
  const filters = readFeedFilters(params);
  const { feed, suggestions } = await feedWithSuggestions(services, filters, pageNumber(params.get("page")));
  return { kind: "feed" as const, feed, filters, suggestions };
}
