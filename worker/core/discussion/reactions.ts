import { and, eq } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { connections, favorites, likes } from "../../db/schema.ts";
import type { ConnectionView } from "../connections/index.ts";
import { CONNECTION_MESSAGES, getConnection } from "../connections/index.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { notificationInsert } from "../notifications/index.ts";
import { connectionVisibleTo } from "../people/index.ts";

/** The owner of a connection the viewer may see (404 as if it did not exist otherwise). */
async function visibleConnectionOwner({ db }: RequestServices, viewer: Viewer, connectionId: string) {
  if (!isId(connectionId)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const [row] = await db
    .select({ userId: connections.userId })
    .from(connections)
    .where(and(eq(connections.id, connectionId), connectionVisibleTo(viewer)));
  if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
  return row.userId;
}

/**
 * Toggles the viewer's like. Each like is its own row keyed by (connection, user), so concurrent likes by
 * different members can never lose one another; the delete-or-insert is decided by the database, not by a
 * count read earlier.
 */
export async function toggleLike(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
): Promise<{ connection: ConnectionView; notificationId: string | null }> {
  const ownerId = await visibleConnectionOwner(services, viewer, connectionId);
  const { db } = services;
  const removed = await db
    .delete(likes)
    .where(and(eq(likes.connectionId, connectionId), eq(likes.userId, viewer.id)))
    .returning({ userId: likes.userId });
  let notificationId: string | null = null;
  if (!removed.length) {
    const notify = notificationInsert(db, { type: "like", sender: viewer, recipientId: ownerId, connectionId });
    const insertLike = db.insert(likes).values({ connectionId, userId: viewer.id }).onConflictDoNothing();
    if (notify) {
      const [, created] = await db.batch([insertLike, notify]);
      notificationId = created[0]?.id ?? null;
    } else {
      await insertLike;
    }
  }
  return { connection: await getConnection(services, connectionId), notificationId };
}

/** Toggles the connection in the viewer's favorites (API.md), notifying the owner the first time. */
export async function toggleFavorite(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
): Promise<ConnectionView> {
  const ownerId = await visibleConnectionOwner(services, viewer, connectionId);
  const { db } = services;
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.connectionId, connectionId), eq(favorites.userId, viewer.id)))
    .returning({ userId: favorites.userId });
  if (!removed.length) {
    const notify = notificationInsert(db, { type: "favorite", sender: viewer, recipientId: ownerId, connectionId });
    const insertFavorite = db.insert(favorites).values({ connectionId, userId: viewer.id }).onConflictDoNothing();
    await (notify ? db.batch([insertFavorite, notify]) : insertFavorite);
  }
  return getConnection(services, connectionId);
}
