import { and, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { connections, favorites, likes } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import type { ConnectionView } from "../connections/index.ts";
import { CONNECTION_MESSAGES, getConnection } from "../connections/index.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { notificationIf } from "../notifications/index.ts";
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
 * Toggles the viewer's like or favorite. Each is its own row keyed by (connection, user), so concurrent
 * reactions by different members can never lose one another; the delete-or-insert is decided by the database,
 * not by a count read earlier. Adding one reads the privacy rule again in its own statement (a block or a
 * privacy change since the first read leaves no row and answers 404) and notifies the owner (API.md); returns
 * that notification's id, if any.
 */
async function toggleReaction(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
  type: "like" | "favorite",
): Promise<string | null> {
  const ownerId = await visibleConnectionOwner(services, viewer, connectionId);
  const { db } = services;
  const table = type === "like" ? likes : favorites;
  const removed = await db
    .delete(table)
    .where(and(eq(table.connectionId, connectionId), eq(table.userId, viewer.id)))
    .returning({ userId: table.userId });
  if (removed.length) return null;
  // An INSERT … SELECT names its columns in the table's order, which differs between the two tables.
  const columns = {
    connectionId: connections.id,
    userId: sql<string>`${viewer.id}`.as("user_id"),
    createdAt: sqlNow().as("created_at"),
  };
  const { connectionId: connection, userId, createdAt } = columns;
  const visible = and(eq(connections.id, connectionId), connectionVisibleTo(viewer));
  const insert =
    type === "like"
      ? db.insert(likes).select((qb) => qb.select(columns).from(connections).where(visible))
      : db
          .insert(favorites)
          .select((qb) => qb.select({ userId, connectionId: connection, createdAt }).from(connections).where(visible));
  const [, reacted, created] = await db.batch([
    insert.onConflictDoNothing(),
    db
      .select({ userId: table.userId })
      .from(table)
      .where(and(eq(table.connectionId, connectionId), eq(table.userId, viewer.id))),
    notificationIf(db, {
      type,
      sender: viewer,
      recipientId: ownerId,
      connectionId,
      when: sql`exists (select 1 from ${table} where ${table.connectionId} = ${connectionId} and ${table.userId} = ${viewer.id})`,
    }),
  ]);
  if (!reacted.length) throw notFound(CONNECTION_MESSAGES.notFound);
  return created[0]?.id ?? null;
}

export async function toggleLike(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
): Promise<{ connection: ConnectionView; notificationId: string | null }> {
  const notificationId = await toggleReaction(services, viewer, connectionId, "like");
  return { connection: await getConnection(services, connectionId), notificationId };
}

/** Toggles the connection in the viewer's favorites (API.md). */
export async function toggleFavorite(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
): Promise<ConnectionView> {
  await toggleReaction(services, viewer, connectionId, "favorite");
  return getConnection(services, connectionId);
}
