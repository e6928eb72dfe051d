import { and, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { books, comments, connections, movies, reportCases, reports, users } from "../../db/schema.ts";
import { CONNECTION_MESSAGES } from "../connections/index.ts";
import { COMMENT_MESSAGES } from "../discussion/index.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import {
  authorVisibleTo,
  connectionVisibleTo,
  mayViewProfileOf,
  PROFILE_MESSAGES,
  viewerRelation,
} from "../people/index.ts";
import { memberName, type ReportTargetType, shortened } from "../rules/index.ts";

/** What a report is about, as the case records it when first reported. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** The member it is about: the author of the connection or comment, or the member reported. */
  userId: string;
  summary: string;
  url: string;
}

/** Whether the viewer's report of the target is in its open case already (the report page says so at once). */
function reportedByViewer(viewer: Viewer, type: ReportTargetType, id: string) {
  // Aliased: Drizzle writes a one-table select's columns without their table, and both tables have an `id`.
  return sql<number>`exists (select 1 from ${reports} r join ${reportCases} c on c.id = r.case_id
    where r.reporter_id = ${viewer.id} and c.target_type = ${type} and c.target_id = ${id} and c.status = 'open')`;
}

const CONTEXT_SHOWN = 140;
const COMMENT_SHOWN = 280;

const cut = (text: string, length: number) => shortened(text.replace(/\s+/g, " ").trim(), length);

/**
 * What a case says its target is (API.md's `target.summary` and `url`): a connection by its titles ("Movie & Book")
 * and the start of its text, a comment by the start of its text, a member by name and handle. Moderators judge
 * from it without opening the item, which a private member's post would not let them do (they do not bypass
 * privacy), and it still says what was reported after a removal.
 */
export function reportSnapshot(
  target:
    | { type: "connection"; id: string; movieTitle: string | null; bookTitle: string | null; context: string }
    | { type: "comment"; id: string; connectionId: string; text: string }
    | { type: "user"; id: string; username: string; displayName: string },
): { summary: string; url: string } {
  if (target.type === "connection") {
    const titles = [target.movieTitle, target.bookTitle].filter(Boolean).join(" & ");
    const context = cut(target.context, CONTEXT_SHOWN);
    const summary = titles && context ? `${titles}: ${context}` : titles || context;
    return { summary, url: `/connections/${target.id}` };
  }
  if (target.type === "comment") {
    return {
      summary: cut(target.text, COMMENT_SHOWN),
      url: `/connections/${target.connectionId}#comment-${target.id}`,
    };
  }
  const name = memberName(target);
  return {
    summary: name === target.username ? `@${target.username}` : `${name} (@${target.username})`,
    url: `/users/${target.id}`,
  };
}

/**
 * The thing a member wants to report, if they may see it: the same projections of the privacy rule as every read
 * (so a hidden or a suspended member's content is 404, as if it did not exist), and the same id and not-found
 * messages as reading it. One query, which also says whether the viewer has reported it already.
 */
export async function reportTarget(
  { db }: Pick<RequestServices, "db">,
  viewer: Viewer,
  type: ReportTargetType,
  id: string,
): Promise<ReportTarget & { alreadyReported: boolean; own: boolean }> {
  const alreadyReported = reportedByViewer(viewer, type, id);
  const found = (userId: string, reported: number, snapshot: { summary: string; url: string }) => ({
    type,
    id,
    userId,
    alreadyReported: Boolean(reported),
    /** One's own connection, comment or profile: there is nothing to report (the core refuses it). */
    own: userId === viewer.id,
    ...snapshot,
  });
  if (type === "connection") {
    if (!isId(id)) throw badRequest(CONNECTION_MESSAGES.invalidId);
    const [row] = await db
      .select({
        userId: connections.userId,
        context: connections.context,
        movieTitle: movies.title,
        bookTitle: books.title,
        alreadyReported,
      })
      .from(connections)
      .leftJoin(movies, eq(movies.id, connections.movieId))
      .leftJoin(books, eq(books.id, connections.bookId))
      .where(and(eq(connections.id, id), connectionVisibleTo(viewer)));
    if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
    return found(row.userId, row.alreadyReported, reportSnapshot({ type, id, ...row }));
  }
  if (type === "comment") {
    if (!isId(id)) throw badRequest(COMMENT_MESSAGES.invalidId);
    const [row] = await db
      .select({ userId: comments.userId, connectionId: comments.connectionId, text: comments.text, alreadyReported })
      .from(comments)
      .innerJoin(connections, eq(connections.id, comments.connectionId))
      .where(and(eq(comments.id, id), connectionVisibleTo(viewer), authorVisibleTo(viewer, comments.userId)));
    if (!row) throw notFound(COMMENT_MESSAGES.notFound);
    return found(row.userId, row.alreadyReported, reportSnapshot({ type, id, ...row }));
  }
  if (!isId(id)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const [row] = await db
    .select({ username: users.username, displayName: users.displayName, alreadyReported, ...viewerRelation(viewer) })
    .from(users)
    .where(eq(users.id, id));
  if (!row || !mayViewProfileOf(row, viewer)) throw notFound(PROFILE_MESSAGES.userNotFound);
  return found(id, row.alreadyReported, reportSnapshot({ type, id, ...row }));
}
