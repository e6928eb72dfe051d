import { and, asc, eq } from "drizzle-orm";
import type { RequestServices } from "./context.ts";
import { comments, connections, users } from "./db/schema.ts";
import { badRequest, notFound } from "./errors.ts";
import { isId } from "./ids.ts";
import { imageUrl } from "./image-keys.ts";
import { visibleTo } from "./privacy.ts";
import type { UserSummary } from "./connection-reads.ts";

/** API.md "Comment". */
export interface CommentView {
  _id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
  connection: string;
  user: UserSummary;
}

/**
 * The discussion on a connection, oldest first. Comments are visible exactly when their connection is
 * (a hidden connection's comments behave as if it did not exist).
 */
export async function listComments({ db, viewer, origin }: RequestServices, connectionId: string): Promise<CommentView[]> {
  if (!isId(connectionId)) throw badRequest("Invalid Connection ID format");
  const [visible, rows] = await db.batch([
    db
      .select({ id: connections.id })
      .from(connections)
      .where(and(eq(connections.id, connectionId), visibleTo(viewer, connections.userId))),
    db
      .select({
        id: comments.id,
        text: comments.text,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        userId: users.id,
        username: users.username,
        displayName: users.displayName,
        pictureKey: users.pictureKey,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(connections, eq(connections.id, comments.connectionId))
      .where(and(eq(comments.connectionId, connectionId), visibleTo(viewer, connections.userId)))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
  ]);
  if (!visible.length) throw notFound("Connection not found");
  return rows.map((row) => ({
    _id: row.id,
    text: row.text,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt ?? row.createdAt).toISOString(),
    connection: connectionId,
    user: {
      _id: row.userId,
      username: row.username,
      displayName: row.displayName,
      profilePictureUrl: imageUrl(origin, row.pictureKey) ?? "",
    },
  }));
}
