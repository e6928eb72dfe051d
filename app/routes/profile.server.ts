import { desc, eq, sql } from "drizzle-orm";
import type { RequestServices } from "../../worker/context.ts";
import { requestContext } from "../../worker/context.ts";
import type { ConnectionView } from "../../worker/core/connections/index.ts";
import {
  pageNumber,
  pageReads,
  selectConnections,
  toConnectionView,
  toPage,
} from "../../worker/core/connections/index.ts";
import { badRequest, notFound } from "../../worker/core/errors.ts";
import { isId } from "../../worker/core/ids.ts";
import {
  maySeeContentOf,
  mayViewProfileOf,
  type Profile,
  profileColumns,
  toProfile,
  viewerRelation,
} from "../../worker/core/people/index.ts";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { connections, favorites, users } from "../../worker/db/schema.ts";
import { requireViewer } from "../auth.server.ts";
import { notFoundPage } from "../failures.server.ts";
import type { Route } from "./+types/profile";

/** How many favorites the owner's profile lists (API.md's batch limit; the newest favorited first). */
const FAVORITES_SHOWN = 100;

export interface ProfilePage {
  profile: Profile;
  isOwn: boolean;
  isFollowing: boolean;
  /** The viewer's follow request to this member is waiting for an answer. */
  requested: boolean;
  /** The viewer blocked this member: the page offers Unblock instead of Follow, and no content. */
  blocked: boolean;
  /** On one's own profile: requests waiting for one's answer (read with the viewer); else 0. */
  pendingRequests: number;
  /** Null when the member is private and the viewer may not see their content. */
  creations: ReturnType<typeof toPage> | null;
  /** The owner's favorites; null on anyone else's profile (SPEC.md §6). */
  favorites: ConnectionView[] | null;
  /** The member is suspended (only moderators see a suspended member's profile). */
  suspended: boolean;
}

/**
 * Everything a member's profile page shows, in one round trip: the profile, whether the viewer follows them
 * (or has asked to, or blocked them), a page of their connections with its count, and, on one's own profile, one's favorites.
 * The connection reads apply the privacy rule row by row, so they can run before knowing whether the profile
 * is visible.
 */
export async function profilePage(services: RequestServices, userId: string, page: number): Promise<ProfilePage> {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db, viewer } = services;
  const isOwn = userId === viewer?.id;
  const favoritedAt = sql`(select ${favorites.createdAt} from ${favorites} where ${favorites.userId} = ${viewer?.id ?? null} and ${favorites.connectionId} = ${connections.id})`;
  const [profiles, cards, counted, favoriteRows] = await db.batch([
    db
      .select({ ...profileColumns(viewer), ...viewerRelation(viewer) })
      .from(users)
      .where(eq(users.id, userId)),
    ...pageReads(services, eq(connections.userId, userId), page),
    selectConnections(services, isOwn ? sql`${favoritedAt} is not null` : sql`0`)
      .orderBy(desc(favoritedAt), desc(connections.id))
      .limit(FAVORITES_SHOWN),
  ]);
  const [row] = profiles;
  // A member who blocked the viewer (or, to all but moderators, a suspended one) does not exist for them.
  if (!row || !mayViewProfileOf(row, viewer)) throw notFound(PROFILE_MESSAGES.hidden);
  return {
    profile: toProfile(services.origin, row),
    isOwn,
    isFollowing: Boolean(row.viewerFollows),
    requested: Boolean(row.viewerRequested),
    blocked: Boolean(row.viewerBlocked),
    pendingRequests: isOwn && viewer ? viewer.pendingFollowRequests : 0,
    creations: maySeeContentOf(row, viewer) ? toPage(services.origin, page, [cards, counted]) : null,
    favorites: isOwn ? favoriteRows.map((favorite) => toConnectionView(services.origin, favorite)) : null,
    suspended: Boolean(row.suspended),
  };
}

/**
 * `/users/:userId` is anyone's to read, as the privacy rule shows it to them (a visitor sees a private member's
 * basic profile only); `/users`, one's own profile, needs a member.
 */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const userId = params.userId ?? requireViewer(url, context).id;
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  try {
    return await profilePage(context.get(requestContext), userId, page);
  } catch (error) {
    notFoundPage(error, PROFILE_MESSAGES.hidden);
  }
}
