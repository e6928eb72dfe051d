import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { comments, connections, users } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import { CONNECTION_MESSAGES, selectConnections, toConnectionView } from "../connections/index.ts";
import { badRequest, forbidden, notFound } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { notificationIf } from "../notifications/index.ts";
import { authorVisibleTo, connectionVisibleTo, toUserSummary, type UserSummary } from "../people/index.ts";
import { COMMENT_FORMS, COMMENT_TEXT_MESSAGES, type FormRules, readText } from "../rules/index.ts";
import { flag, followRules, validate } from "../validation.ts";

/** API.md "Comment". */
export interface CommentView {
  _id: string;
  text: string;
  /** The comment gives something away: pages hide it behind "Show spoiler" (decision 032). */
  spoiler: boolean;
  createdAt: string;
  updatedAt: string;
  connection: string;
  user: UserSummary;
}

const commentColumns = {
  id: comments.id,
  text: comments.text,
  spoiler: comments.spoiler,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  userId: users.id,
  username: users.username,
  displayName: users.displayName,
  pictureKey: users.pictureKey,
};

/**
 * A connection's comments, oldest first, visible when the connection is, less those of members the viewer may
 * not see (a block either way, a suspension).
 */
function commentsOf({ db, viewer }: Pick<RequestServices, "db" | "viewer">, connectionId: string) {
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(connections, eq(connections.id, comments.connectionId))
    .where(
      and(
        eq(comments.connectionId, connectionId),
        connectionVisibleTo(viewer),
        authorVisibleTo(viewer, comments.userId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

function toCommentView(
  origin: string,
  connectionId: string,
  row: Awaited<ReturnType<typeof commentsOf>>[number],
): CommentView {
  return {
    _id: row.id,
    text: row.text,
    spoiler: row.spoiler,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt ?? row.createdAt).toISOString(),
    connection: connectionId,
    user: toUserSummary(origin, { ...row, id: row.userId }),
  };
}

/**
 * The discussion on a connection, oldest first. Comments are visible exactly when their connection is
 * (a hidden connection's comments behave as if it did not exist).
 */
export async function listComments(services: RequestServices, connectionId: string): Promise<CommentView[]> {
  if (!isId(connectionId)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const { db, viewer, origin } = services;
  const [visible, rows] = await db.batch([
    db
      .select({ id: connections.id })
      .from(connections)
      .where(and(eq(connections.id, connectionId), connectionVisibleTo(viewer))),
    commentsOf(services, connectionId),
  ]);
  if (!visible.length) throw notFound(CONNECTION_MESSAGES.notFound);
  return rows.map((row) => toCommentView(origin, connectionId, row));
}

/** A connection with its discussion, in one round trip (the connection page). */
export async function connectionWithComments(services: RequestServices, connectionId: string) {
  if (!isId(connectionId)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const [rows, commentRows] = await services.db.batch([
    selectConnections(services, eq(connections.id, connectionId)),
    commentsOf(services, connectionId),
  ]);
  const [row] = rows;
  if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
  return {
    connection: toConnectionView(services.origin, row),
    comments: commentRows.map((comment) => toCommentView(services.origin, connectionId, comment)),
  };
}

export const COMMENT_MESSAGES = {
  ...COMMENT_TEXT_MESSAGES,
  invalidId: "Invalid Comment ID format",
  notFound: "Comment not found.",
  notAuthorizedUpdate: "Not authorized to update this comment.",
  notAuthorizedDelete: "Not authorized to delete this comment.",
  removed: "Comment removed",
} as const;

/**
 * A comment's body (API.md "Comment", decision 032): its text, trimmed (`readText`) and checked with the comment form's rules
 * (the browser runs them too), and whether it is a spoiler, undefined when the body does not say (a new comment
 * then is none, an edit keeps what it was).
 */
export const commentSchema = (form: FormRules<"text">) =>
  z
    .object({
      text: z.string().catch("").transform(readText),
      spoiler: flag,
    })
    .superRefine(followRules(form));

async function commentById(services: RequestServices, id: string): Promise<CommentView> {
  const [row] = await commentRow(services, id);
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return toCommentView(services.origin, row.connectionId, row);
}

/** The comment with its author, if it exists. */
function commentRow({ db }: RequestServices, id: string) {
  return db
    .select({ ...commentColumns, connectionId: comments.connectionId })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id));
}

/**
 * Adds a comment to a connection the viewer may see, and tells its owner (unless it is their own). The insert
 * reads the privacy rule again in its own statement, so a block or a privacy change since the first read
 * leaves no comment and no notification, only the 404.
 */
export async function addComment(services: RequestServices, viewer: Viewer, connectionId: string, input: unknown) {
  if (!isId(connectionId)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const { text, spoiler = false } = validate(commentSchema(COMMENT_FORMS.add), input ?? {});
  const { db } = services;
  const [connection] = await db
    .select({ userId: connections.userId })
    .from(connections)
    .where(and(eq(connections.id, connectionId), connectionVisibleTo(viewer)));
  if (!connection) throw notFound(CONNECTION_MESSAGES.notFound);
  const id = newId();
  const [inserted, , [row]] = await db.batch([
    db
      .insert(comments)
      .select((qb) =>
        qb
          .select({
            id: sql`${id}`.as("id"),
            connectionId: connections.id,
            userId: sql`${viewer.id}`.as("user_id"),
            text: sql`${text}`.as("text"),
            spoiler: sql`${spoiler ? 1 : 0}`.as("spoiler"),
            createdAt: sqlNow().as("created_at"),
            updatedAt: sql`null`.as("updated_at"),
          })
          .from(connections)
          .where(and(eq(connections.id, connectionId), connectionVisibleTo(viewer))),
      )
      .returning({ id: comments.id }),
    notificationIf(db, {
      type: "comment",
      sender: viewer,
      recipientId: connection.userId,
      connectionId,
      commentId: id,
      when: sql`exists (select 1 from ${comments} where ${comments.id} = ${id})`,
    }),
    // The new comment, read back in the insert's round trip (decision 040).
    commentRow(services, id),
  ]);
  if (!inserted.length || !row) throw notFound(CONNECTION_MESSAGES.notFound);
  return toCommentView(services.origin, row.connectionId, row);
}

/** The viewer's own comment, on a connection they may still see (404 otherwise, 403 for someone else's). */
async function ownComment(services: RequestServices, viewer: Viewer, commentId: string, forbiddenMessage: string) {
  if (!isId(commentId)) throw badRequest(COMMENT_MESSAGES.invalidId);
  const [row] = await services.db
    .select({ userId: comments.userId })
    .from(comments)
    .innerJoin(connections, eq(connections.id, comments.connectionId))
    // A comment the viewer is not shown (its author and the viewer are blocked either way, or the author is
    // suspended) is as unknown to them as one that never was: the same 404, not the 403 that would confirm it.
    .where(and(eq(comments.id, commentId), connectionVisibleTo(viewer), authorVisibleTo(viewer, comments.userId)));
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  if (row.userId !== viewer.id) throw forbidden(forbiddenMessage);
}

/** Edits the viewer's own comment: its text, and its spoiler flag when the input says (absent keeps it). */
export async function updateComment(services: RequestServices, viewer: Viewer, commentId: string, input: unknown) {
  await ownComment(services, viewer, commentId, COMMENT_MESSAGES.notAuthorizedUpdate);
  const { text, spoiler } = validate(commentSchema(COMMENT_FORMS.edit), input ?? {});
  await services.db
    .update(comments)
    .set({ text, ...(spoiler === undefined ? {} : { spoiler }), updatedAt: Date.now() })
    .where(eq(comments.id, commentId));
  return commentById(services, commentId);
}

/**
 * The one way comments are deleted (by their author or a moderator), as a statement for the caller's batch; the
 * notification each caused goes with it (ON DELETE CASCADE, decision 012). `where` selects the comments and may
 * carry the caller's guard.
 */
export function commentDeletion(db: Database, where: SQL) {
  return db.delete(comments).where(where);
}

/** Deletes the viewer's own comment; of racing deletes one answers, the others find it gone (404). */
export async function deleteComment(services: RequestServices, viewer: Viewer, commentId: string) {
  await ownComment(services, viewer, commentId, COMMENT_MESSAGES.notAuthorizedDelete);
  const deleted = await commentDeletion(services.db, eq(comments.id, commentId)).returning({ id: comments.id });
  if (!deleted.length) throw notFound(COMMENT_MESSAGES.notFound);
  return { message: COMMENT_MESSAGES.removed };
}
