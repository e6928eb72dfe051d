import { and, count, desc, eq, sql } from "drizzle-orm";
import type { RequestServices } from "./context.ts";
import { books, connections, movies, users } from "./db/schema.ts";
import { imageUrl } from "./image-keys.ts";
import { visibleCount } from "./connections.ts";
import { maintainedPublicCount } from "./feed-filters.ts";
import { connectionVisibleTo } from "./privacy.ts";

export interface LandingTeaser {
  id: string;
  movieTitle: string | null;
  bookTitle: string | null;
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
        movieTitle: movies.title,
        bookTitle: books.title,
        context: connections.context,
        author: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username})`,
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
    latest: latest.map(({ posterKey, coverKey, ...teaser }) => ({
      ...teaser,
      posterUrl: imageUrl(origin, posterKey),
      coverUrl: imageUrl(origin, coverKey),
    })),
  };
}
