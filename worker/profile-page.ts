import { desc, eq, sql } from "drizzle-orm";
import type { ConnectionView } from "./connection-reads.ts";
import { selectConnections, toConnectionView } from "./connection-reads.ts";
import { pageReads, toPage } from "./connections.ts";
import type { RequestServices, Viewer } from "./context.ts";
import { connections, favorites, users } from "./db/schema.ts";
import { badRequest, notFound } from "./errors.ts";
import { isId } from "./ids.ts";
import { maySeeContentOf, viewerFollows } from "./privacy.ts";
import { PROFILE_MESSAGES } from "./profile-messages.ts";
import { type Profile, profileColumns, toProfile } from "./users.ts";

/** How many favorites the owner's profile lists (API.md's batch limit; the newest favorited first). */
const FAVORITES_SHOWN = 100;

export interface ProfilePage {
  profile: Profile;
  isOwn: boolean;
  isFollowing: boolean;
  /** Null when the member is private and the viewer may not see their content. */
  creations: ReturnType<typeof toPage> | null;
  /** The owner's favorites; null on anyone else's profile (SPEC.md §6). */
  favorites: ConnectionView[] | null;
}

/**
 * Everything a member's profile page shows, in one round trip: the profile, whether the viewer follows them,
 * a page of their connections with its count, and, on one's own profile, one's favorites. The connection
 * reads apply the privacy rule row by row, so they can run before knowing whether the profile is visible.
 */
export async function profilePage(services: RequestServices, viewer: Viewer, userId: string, page: number): Promise<ProfilePage> {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db } = services;
  const isOwn = userId === viewer.id;
  const favoritedAt = sql`(select ${favorites.createdAt} from ${favorites} where ${favorites.userId} = ${viewer.id} and ${favorites.connectionId} = ${connections.id})`;
  const [profiles, cards, counted, favoriteRows] = await db.batch([
    db
      .select({
        ...profileColumns,
        viewerFollows: viewerFollows(viewer),
      })
      .from(users)
      .where(eq(users.id, userId)),
    ...pageReads(services, eq(connections.userId, userId), page),
    selectConnections(services, isOwn ? sql`${favoritedAt} is not null` : sql`0`)
      .orderBy(desc(favoritedAt), desc(connections.id))
      .limit(FAVORITES_SHOWN),
  ]);
  const [row] = profiles;
  if (!row) throw notFound(PROFILE_MESSAGES.hidden);
  return {
    profile: toProfile(services.origin, row),
    isOwn,
    isFollowing: Boolean(row.viewerFollows),
    creations: maySeeContentOf(row, viewer) ? toPage(services.origin, page, [cards, counted]) : null,
    favorites: isOwn ? favoriteRows.map((favorite) => toConnectionView(services.origin, favorite)) : null,
  };
}
