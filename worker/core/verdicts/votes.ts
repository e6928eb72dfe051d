import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, connections, movies, verdictVotes } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { connectionVisibleTo } from "../people/index.ts";
import { CONNECTION_MESSAGES, VERDICT_CHOICES, VERDICT_MESSAGES, type VerdictChoice } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { toVerdict, type Verdict, type VerdictColumns, verdictColumns } from "./tallies.ts";

/** The adaptation pair of a connection the viewer may see: 400 for a malformed id or another kind, else 404. */
async function adaptationPair({ db }: RequestServices, viewer: Viewer, connectionId: string) {
  if (!isId(connectionId)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const [row] = await db
    .select({ kind: connections.kind, movieId: connections.movieId, bookId: connections.bookId })
    .from(connections)
    .where(and(eq(connections.id, connectionId), connectionVisibleTo(viewer)));
  if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
  if (row.kind !== "adaptation" || !row.movieId || !row.bookId) throw badRequest(VERDICT_MESSAGES.onlyAdaptations);
  return { movieId: row.movieId, bookId: row.bookId };
}

/** API.md: `PUT /connections/:id/verdict` `{choice: "book"|"film"|"tie"}`. */
export const verdictVoteSchema = z.object({
  choice: z.enum(VERDICT_CHOICES, { error: VERDICT_MESSAGES.invalidChoice }),
});

/** The pair's tally and the viewer's vote, read in the writing batch so the answer includes the write. */
function tallyRead({ db }: RequestServices, viewer: Viewer, pair: { movieId: string; bookId: string }) {
  const columns = verdictColumns(viewer, { movieId: sql`${pair.movieId}`, bookId: sql`${pair.bookId}` });
  return db.select({ kind: sql<string>`'adaptation'`, ...columns }).from(sql`(select 1)`);
}

const toTally = ([row]: VerdictColumns[]) => toVerdict(row as VerdictColumns) as Verdict;

/**
 * Casts or changes the viewer's vote on the connection's pair (API.md `PUT /connections/:id/verdict`). The vote
 * is one row keyed by (movie, book, member) and written by one upsert; the tally is kept by the votes' triggers,
 * so racing votes are each counted once. The upsert reads the privacy rule again, live (a block since the first
 * read writes nothing and answers 404).
 */
export async function castVote(services: RequestServices, viewer: Viewer, connectionId: string, body: unknown) {
  if (!isId(connectionId)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const { choice } = validate(verdictVoteSchema, body);
  const pair = await adaptationPair(services, viewer, connectionId);
  const { db } = services;
  const visible = and(eq(connections.id, connectionId), connectionVisibleTo(viewer));
  const [, tally] = await db.batch([
    db
      .insert(verdictVotes)
      .select((qb) =>
        qb
          .select({
            movieId: sql<string>`${connections.movieId}`.as("movie_id"),
            bookId: sql<string>`${connections.bookId}`.as("book_id"),
            userId: sql<string>`${viewer.id}`.as("user_id"),
            choice: sql<VerdictChoice>`${choice}`.as("choice"),
            createdAt: sqlNow().as("created_at"),
          })
          .from(connections)
          .where(visible),
      )
      .onConflictDoUpdate({
        target: [verdictVotes.movieId, verdictVotes.bookId, verdictVotes.userId],
        set: { choice },
      }),
    tallyRead(services, viewer, pair),
  ]);
  const result = toTally(tally);
  if (result.mine !== choice) throw notFound(CONNECTION_MESSAGES.notFound);
  return result;
}

/** Withdraws the viewer's vote on the connection's pair (API.md `DELETE /connections/:id/verdict`). */
export async function withdrawVote(services: RequestServices, viewer: Viewer, connectionId: string) {
  const pair = await adaptationPair(services, viewer, connectionId);
  const { db } = services;
  const [, tally] = await db.batch([
    db
      .delete(verdictVotes)
      .where(
        and(
          eq(verdictVotes.movieId, pair.movieId),
          eq(verdictVotes.bookId, pair.bookId),
          eq(verdictVotes.userId, viewer.id),
        ),
      ),
    tallyRead(services, viewer, pair),
  ]);
  return toTally(tally);
}

/** The votes a member cast, oldest first, as a select for a batch (the account export). */
export function votesCastBy(db: Database, userId: string) {
  return db
    .select({
      movieId: movies.id,
      movieTitle: movies.title,
      bookId: books.id,
      bookTitle: books.title,
      choice: verdictVotes.choice,
      createdAt: verdictVotes.createdAt,
    })
    .from(verdictVotes)
    .innerJoin(movies, eq(movies.id, verdictVotes.movieId))
    .innerJoin(books, eq(books.id, verdictVotes.bookId))
    .where(eq(verdictVotes.userId, userId))
    .orderBy(asc(verdictVotes.createdAt));
}

export function toCastVote(row: Awaited<ReturnType<typeof votesCastBy>>[number]) {
  return {
    movie: { _id: row.movieId, title: row.movieTitle },
    book: { _id: row.bookId, title: row.bookTitle },
    choice: row.choice,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
