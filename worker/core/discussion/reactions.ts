import { and, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { connections, favorites, likes } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import type { ConnectionView } from "../connections/index.ts";
import { CONNECTION_MESSAGES, selectConnections, toConnectionView } from "../connections/index.ts";
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
 * not by a count read earlier: one batch deletes the row, and inserts it only if that deleted nothing. Adding one
 * reads the privacy rule again in its own statement (a block or a privacy change since the first read leaves no
 * row and answers 404) and notifies the owner (API.md). Answers that notification's id, if any, and the
 * connection as it is now, read in the batch's round trip (decision 040).
 */
async function toggleReaction(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
  type: "like" | "favorite",
): Promise<{ notificationId: string | null; connection: ConnectionView }> {
  const ownerId = await visibleConnectionOwner(services, viewer, connectionId);
  const { db } = services;
  const table = type === "like" ? likes : favorites;
  const mine = and(eq(table.connectionId, connectionId), eq(table.userId, viewer.id));
  // An INSERT … SELECT names its columns in the table's order, which differs between the two tables.
  const columns = {
    connectionId: connections.id,
    userId: sql<string>`${viewer.id}`.as("user_id"),
    createdAt: sqlNow().as("created_at"),
  };
  const { connectionId: connection, userId, createdAt } = columns;
  // `changes()` is what the delete just before it changed: the insert adds the row only where there was none.
  const visible = and(eq(connections.id, connectionId), connectionVisibleTo(viewer), sql`changes() = 0`);
  const insert =
    type === "like"
      ? db.insert(likes).select((qb) => qb.select(columns).from(connections).where(visible))
      : db
          .insert(favorites)
          .select((qb) => qb.select({ userId, connectionId: connection, createdAt }).from(connections).where(visible));
  const [removed, , reacted, created, [after]] = await db.batch([
    db.delete(table).where(mine).returning({ userId: table.userId }),
    insert.onConflictDoNothing(),
    db.select({ userId: table.userId }).from(table).where(mine),
    notificationIf(db, {
      type,
      sender: viewer,
      recipientId: ownerId,
      connectionId,
      when: sql`exists (select 1 from ${table} where ${table.connectionId} = ${connectionId} and ${table.userId} = ${viewer.id})`,
    }),
    // The connection as the toggle left it, in the same round trip (decision 040).
    selectConnections(services, eq(connections.id, connectionId)),
  ]);
  if ((!removed.length && !reacted.length) || !after) throw notFound(CONNECTION_MESSAGES.notFound);
  return { notificationId: created[0]?.id ?? null, connection: toConnectionView(services.origin, after) };
}

export async function toggleLike(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
): Promise<{ connection: ConnectionView; notificationId: string | null }> {
  return toggleReaction(services, viewer, connectionId, "like");
}

/** Toggles the connection in the viewer's favorites (API.md). */
export async function toggleFavorite(
  services: RequestServices,
  viewer: Viewer,
  connectionId: string,
): Promise<ConnectionView> {
  return (await toggleReaction(services, viewer, connectionId, "favorite")).connection;
}
