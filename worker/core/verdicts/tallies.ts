import { and, desc, eq, gt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, connections, movies, verdicts, verdictVotes } from "../../db/schema.ts";
import { connectionVisibleTo } from "../people/index.ts";
import type { VerdictChoice } from "../rules/index.ts";

/** API.md "Book or film?": a pair's tally as a connection carries it. */
export interface Verdict {
  book: number;
  film: number;
  tie: number;
  total: number;
  /** The viewer's own vote; null for visitors and for members who have not voted. */
  mine: VerdictChoice | null;
}

/** A pair's tally as a movie or book carries it, naming the other work of the pair. */
export interface PairVerdict {
  pairWith: { _id: string; title: string };
  book: number;
  film: number;
  tie: number;
  total: number;
}

/**
 * The columns a connection's verdict is built from, read from the pair's kept tally (a primary-key seek) and the
 * viewer's own vote (another): `kind`, the counts (null when nobody voted) and `mine`.
 */
export function verdictColumns(viewer: Viewer | null, pair: { movieId: SQLWrapper; bookId: SQLWrapper }) {
  const ofPair = (column: AnySQLiteColumn) =>
    sql<
      number | null
    >`(select ${column} from ${verdicts} where ${verdicts.movieId} = ${pair.movieId} and ${verdicts.bookId} = ${pair.bookId})`;
  return {
    verdictBook: ofPair(verdicts.book),
    verdictFilm: ofPair(verdicts.film),
    verdictTie: ofPair(verdicts.tie),
    verdictMine: viewer
      ? sql<VerdictChoice | null>`(select ${verdictVotes.choice} from ${verdictVotes} where ${verdictVotes.movieId} = ${pair.movieId} and ${verdictVotes.bookId} = ${pair.bookId} and ${verdictVotes.userId} = ${viewer.id})`
      : sql<VerdictChoice | null>`null`,
  };
}

export type VerdictColumns = {
  kind: string;
  verdictBook: number | null;
  verdictFilm: number | null;
  verdictTie: number | null;
  verdictMine: VerdictChoice | null;
};

/** A connection's `verdict`: a tally for adaptations (zeros before the first vote), null for other kinds. */
export function toVerdict(row: VerdictColumns): Verdict | null {
  if (row.kind !== "adaptation") return null;
  const book = Number(row.verdictBook ?? 0);
  const film = Number(row.verdictFilm ?? 0);
  const tie = Number(row.verdictTie ?? 0);
  return { book, film, tie, total: book + film + tie, mine: row.verdictMine ?? null };
}

/**
 * Whether the viewer may see an adaptation of the pair: a pair is known only through its connections, so it is shown
 * only where one of them is (a hidden connection behaves as if it did not exist, API.md "Privacy"). Votes stay with
 * the pair, and count again if an adaptation of it becomes visible. One seek of `connections_adaptation_pair`.
 */
function pairShownTo(viewer: Viewer | null): SQL {
  return sql`exists (select 1 from ${connections} where ${connections.movieId} = ${verdicts.movieId}
    and ${connections.bookId} = ${verdicts.bookId} and ${connections.kind} = 'adaptation'
    and ${connectionVisibleTo(viewer)})`;
}

/**
 * The tallies of every pair a movie or book is in (`Movie.verdicts`, `Book.verdicts`) as one JSON column of
 * the work's own read, most votes first; pairs whose votes were all withdrawn, and pairs with no adaptation the
 * viewer may see, are left out.
 */
export function pairVerdictsColumn(
  work: { movieId: AnySQLiteColumn } | { bookId: AnySQLiteColumn },
  viewer: Viewer | null,
): SQL<string> {
  const ofMovie = "movieId" in work;
  const other = ofMovie ? books : movies;
  const pairs = sql`select json_object('pairWith', json_object('_id', ${other.id}, 'title', ${other.title}),
      'book', ${verdicts.book}, 'film', ${verdicts.film}, 'tie', ${verdicts.tie}, 'total', ${verdicts.total}) as value
    from ${verdicts} join ${other} on ${other.id} = ${ofMovie ? verdicts.bookId : verdicts.movieId}
    where ${ofMovie ? sql`${verdicts.movieId} = ${work.movieId}` : sql`${verdicts.bookId} = ${work.bookId}`}
      and ${verdicts.total} > 0 and ${pairShownTo(viewer)}
    order by ${verdicts.total} desc`;
  return sql<string>`(select coalesce(json_group_array(json(value)), '[]') from (${pairs}))`;
}

export const toPairVerdicts = (column: string) => JSON.parse(column) as PairVerdict[];

/** A pair needs this many votes before its win counts as clear. */
export const CLEAR_WIN_MIN_VOTES = 3;
export const RANKING_SIZE = 10;

function rankedPairs(db: Database, viewer: Viewer | null, where: SQL | undefined, order: SQL[]) {
  return db
    .select({
      movieId: movies.id,
      movieTitle: movies.title,
      movieYear: movies.year,
      bookId: books.id,
      bookTitle: books.title,
      bookAuthor: books.author,
      book: verdicts.book,
      film: verdicts.film,
      tie: verdicts.tie,
      total: verdicts.total,
    })
    .from(verdicts)
    .innerJoin(movies, eq(movies.id, verdicts.movieId))
    .innerJoin(books, eq(books.id, verdicts.bookId))
    .where(and(gt(verdicts.total, 0), where, pairShownTo(viewer)))
    .orderBy(...order)
    .limit(RANKING_SIZE);
}

/**
 * The two rankings of /verdicts, for one batch, each walking its expression index from the top: the most debated
 * pairs (the votes left once the gap between book and film is taken away: many votes and a close split both
 * raise it) and the clearest wins (the gap between book and film as a share of all votes, among pairs with
 * enough votes to mean something).
 */
export function rankingReads(db: Database, viewer: Viewer | null) {
  const debated = sql`(${verdicts.total} - abs(${verdicts.book} - ${verdicts.film})) desc`;
  const clearest = sql`(abs(${verdicts.book} - ${verdicts.film}) * 1.0 / ${verdicts.total}) desc`;
  return [
    rankedPairs(db, viewer, undefined, [debated]),
    rankedPairs(db, viewer, sql`${verdicts.total} >= ${CLEAR_WIN_MIN_VOTES}`, [clearest, desc(verdicts.total)]),
  ] as const;
}

export type RankedPair = Awaited<ReturnType<typeof rankedPairs>>[number];

/** /verdicts: both rankings in one round trip. */
export async function verdictRankings({ db, viewer }: { db: Database; viewer: Viewer | null }) {
  const [debated, clearest] = await db.batch(rankingReads(db, viewer));
  return { debated, clearest };
}
