import { asc, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { comments, connections, favorites, follows, likes, users } from "../../db/schema.ts";
import { newestFirst, selectConnections, toConnectionView } from "../connections/index.ts";
import { reportsFiledBy, toFiledReport } from "../moderation/index.ts";
import { notificationsRead, toNotificationView } from "../notifications/index.ts";
import { blockedMembersRead, meReads, toMe, toUserSummary } from "../people/index.ts";
import { toCastVote, votesCastBy } from "../verdicts/index.ts";

/**
 * API.md `GET /users/me/export`: everything the member created or chose, in the API's own shapes with absolute
 * image URLs, read in one round trip: their profile (with e-mail and favorites), all their connections (private
 * ones too), their comments, likes, favorites, "Book or film?" votes, follows and blocks, the notifications they
 * received and the reports they filed (what, why and whether the case is still open; never what other reporters
 * said). Other members'
 * content appears only as the ids and summaries the member's own items point at.
 */
export async function exportAccount(services: RequestServices, viewer: Viewer) {
  const { db, origin } = services;
  const [
    profileRows,
    favoriteIds,
    connectionRows,
    commentRows,
    likeRows,
    favoriteRows,
    followingRows,
    blockedRows,
    notificationRows,
    reportRows,
    voteRows,
  ] = await db.batch([
    ...meReads(db, viewer.id),
    selectConnections(services, eq(connections.userId, viewer.id)).orderBy(...newestFirst),
    db
      .select({
        id: comments.id,
        text: comments.text,
        spoiler: comments.spoiler,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        connectionId: comments.connectionId,
      })
      .from(comments)
      .where(eq(comments.userId, viewer.id))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    db
      .select({ connectionId: likes.connectionId, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.userId, viewer.id))
      .orderBy(asc(likes.createdAt)),
    db
      .select({ connectionId: favorites.connectionId, createdAt: favorites.createdAt })
      .from(favorites)
      .where(eq(favorites.userId, viewer.id))
      .orderBy(asc(favorites.createdAt)),
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        pictureKey: users.pictureKey,
        createdAt: follows.createdAt,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, viewer.id))
      .orderBy(asc(sql`lower(${users.username})`)),
    blockedMembersRead(db, viewer),
    notificationsRead(db, viewer.id),
    reportsFiledBy(db, viewer.id),
    votesCastBy(db, viewer.id),
  ]);
  const me = toMe(origin, [profileRows, favoriteIds]);
  const iso = (time: number) => new Date(time).toISOString();
  return {
    filename: `moviebooks-${me.username}-${new Date().toISOString().slice(0, 10)}.json`,
    data: {
      exportedAt: new Date().toISOString(),
      profile: me,
      connections: connectionRows.map((row) => toConnectionView(origin, row)),
      comments: commentRows.map((row) => ({
        _id: row.id,
        text: row.text,
        spoiler: row.spoiler,
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt ?? row.createdAt),
        connection: row.connectionId,
      })),
      likes: likeRows.map((row) => ({ connection: row.connectionId, createdAt: iso(row.createdAt) })),
      favorites: favoriteRows.map((row) => ({ connection: row.connectionId, createdAt: iso(row.createdAt) })),
      following: followingRows.map((row) => ({ user: toUserSummary(origin, row), createdAt: iso(row.createdAt) })),
      blocks: blockedRows.map((row) => ({ user: toUserSummary(origin, row), createdAt: iso(row.blockedAt) })),
      notifications: notificationRows.map((row) => toNotificationView(origin, row)),
      reports: reportRows.map(toFiledReport),
      verdicts: voteRows.map(toCastVote),
    },
  };
}

/** The export as a download: a JSON file the browser saves, never cached on the way. */
export function exportHeaders(filename: string): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  };
}
