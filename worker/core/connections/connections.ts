import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, connections, connectionTags, movies } from "../../db/schema.ts";
import {
  type BookCandidate,
  bookCandidate,
  bookRead,
  bookSearchText,
  CATALOG_MESSAGES,
  type ConnectionDocument,
  connectionSearchText,
  documentMatches,
  fetchArtwork,
  findWorks,
  indexConnection,
  isbn13Of,
  type MovieCandidate,
  matchBook,
  matchMovie,
  movieCandidate,
  movieRead,
  readSearchTerm,
  type Settled,
  sameBook,
  toBook,
  toMovie,
  unindexConnectionsIn,
  updateConnectionDocument,
  type WorkChoice,
  writeBook,
  writeMovie,
} from "../catalog/index.ts";
import { badRequest, forbidden, knownFailure, notFound } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { claimImages, removeImages } from "../images/index.ts";
import { connectionVisibleTo, visibilityAdjustments } from "../people/index.ts";
import { COUNT_LIMIT, IMAGE_FIELDS, normalizeTags, splitList } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { type NewestFirstIndex, tagIndex } from "./feed-filters.ts";
import { keyStatements, keyUse, postOfUse, readIdempotencyKey, requestFingerprint } from "./idempotency.ts";
import { fetchedImage, imageDigests, type PostImages, sentImages, stagedForWrite } from "./post-images.ts";
import { type ConnectionView, newestFirst, selectConnections, tagList, toConnectionView } from "./reads.ts";
import {
  CONNECTION_MESSAGES,
  connectionIdsSchema,
  createConnectionSchema,
  type ImageField,
  kindOf,
  updateConnectionSchema,
} from "./schemas.ts";
import { refreshShareImage, SHARE_KEY_PREFIX } from "./share-image.ts";

/** API.md: page size is a server constant. */
export const PAGE_SIZE = 10;

export interface ConnectionPage {
  connections: ConnectionView[];
  page: number;
  pages: number;
}

/**
 * A non-numeric or < 1 page number counts as 1 (API.md "Pagination"). One too large for JavaScript to hold
 * exactly is past every last page: it reads as the largest it holds, whose page is as empty.
 */
export function pageNumber(value: unknown): number {
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return 1;
  const number = Number(value);
  return number < 1 ? 1 : Math.min(number, Number.MAX_SAFE_INTEGER);
}

export async function getConnection(services: RequestServices, id: string): Promise<ConnectionView> {
  if (!isId(id)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  return shown(services, await selectConnections(services, eq(connections.id, id)));
}

/** The one connection a read by id found, as the viewer sees it; 404 when it is not there for them. */
function shown(services: RequestServices, [row]: Awaited<ReturnType<typeof selectConnections>>): ConnectionView {
  if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
  return toConnectionView(services.origin, row);
}

/**
 * How many connections matching `where` the viewer may see, as one scalar expression: the public matches
 * (`publicCount` when the caller has a maintained count for its condition, else counted), plus the viewer's
 * visible private matches, minus the public matches of members a block hides; both adjustments are few rows
 * found through the owner index (`visibilityAdjustments`).
 */
export function visibleCount(viewer: Viewer | null, where: SQL | undefined, publicCount?: SQL): SQL<number> {
  const matching = where ?? sql`1`;
  const publicMatches =
    publicCount ?? sql`(select count(*) from ${connections} where ${connections.ownerPrivate} = 0 and ${matching})`;
  const { added, removed } = visibilityAdjustments(viewer);
  const countOf = (rows: SQL | null) => (rows ? sql`(select count(*) from ${rows} where ${matching})` : sql`0`);
  return sql<number>`${publicMatches} + ${countOf(added)} - ${countOf(removed)}`;
}

/**
 * Which rows of a page a walk reads: `limit` rows after skipping `offset`, among the rows `visible` allows (the
 * privacy rule, the caller's condition, and for a ranked page the ranked rows taken out). SQL so that a ranked
 * page can hand its newest-first remainder a window that depends on how many rows were ranked.
 */
export interface PageWindow {
  offset: SQL;
  limit: SQL;
  visible: SQL;
  /** How many of the caller's rows the window leaves out (the ranked ones), for walks that count from the end. */
  leftOut?: SQL;
  /**
   * The window's rows as a compound SELECT of `(id, created_at)` arms, for the whole feed's walk to order and cut
   * instead of reading every connection `visible` allows: a ranked page's rest, read off its index.
   */
  rows?: SQL;
}

/**
 * A page order other than newest first (decision 031): the connections with a score (likes or comments this week)
 * first, highest first, then every other one newest first. `kept` is a column no smaller than the score, walked in
 * order through `index` (every connection by that column, highest first, newest first among equals); `corrections`
 * lists `(id, n)` for the few connections whose kept number exceeds their score by `n`; `score` is the exact number
 * as an expression over `connections`, which orders the page's cards.
 */
export interface Ranking {
  kept: AnySQLiteColumn;
  index: SQL;
  corrections: SQL;
  score: SQL<number>;
}

interface PageOptions {
  /** A maintained count of the public connections matching `where` (see `maintainedPublicCount`). */
  publicCount?: SQL;
  /**
   * An index listing connections that `where` requires, newest first: the page is read from it. Several when
   * `where` requires an entry in any one of them.
   */
  index?: NewestFirstIndex | NewestFirstIndex[];
  /**
   * A narrower source than all connections (the Following feed's members): the ids of a window of its rows newest
   * first, the condition that keeps a row in it, and how many rows it has that the viewer may see.
   */
  source?: { ids: (window: PageWindow) => SQL; holds: SQL; count: SQL<number> };
  ranking?: Ranking;
}

/**
 * The two reads behind one page of connections matching `where`, newest first unless ranked: its cards and its
 * count, for the caller's batch (one round trip); `toPage` reads the answers. The page's ten ids are chosen
 * first, from narrow index rows, and only those ten are built into cards.
 */
export function pageReads(services: RequestServices, where: SQL | undefined, page: number, options: PageOptions = {}) {
  const { db, viewer } = services;
  const visible = and(connectionVisibleTo(viewer), where, options.source?.holds) as SQL;
  const offset = (page - 1) * PAGE_SIZE;
  const total = options.source?.count ?? visibleCount(viewer, where, options.publicCount);
  const walk = (window: PageWindow) => newestIds(where, options, total, window);
  const pageIds = options.ranking
    ? rankedIds(options.ranking, visible, offset, walk)
    : walk({ offset: sql`${offset}`, limit: sql`${PAGE_SIZE}`, visible });
  const order = options.ranking ? [desc(options.ranking.score), ...newestFirst] : newestFirst;
  return [
    selectConnections(services, sql`${connections.id} in (${pageIds})`).orderBy(...order),
    db.get<{ n: number }>(sql`select ${total} as n`),
  ] as const;
}

/** The ids of one window of the connections matching `where`, newest first, by the cheapest walk there is. */
function newestIds(where: SQL | undefined, options: PageOptions, total: SQL<number>, window: PageWindow): SQL {
  const { index } = options;
  if (options.source) return options.source.ids(window);
  if (Array.isArray(index)) return mergedPageIds(index, window);
  if (index) return idsFromIndex(index, window);
  if (!where && options.publicCount) {
    return feedPageIds(window, window.leftOut ? sql`${total} - ${window.leftOut}` : total);
  }
  return sql`select ${connections.id} as id from ${connections} where ${window.visible}
    order by ${connections.createdAt} desc, ${connections.id} desc limit ${window.limit} offset ${window.offset}`;
}

/**
 * The ids of one ranked page: the ranked connections the viewer may see (`visible`) ordered by score, then, once
 * they run out, the rest newest first from `walk`, which skips as many of the rest as the earlier pages showed.
 *
 * The ranked ones are walked in kept order. A correction only lowers a connection, so the page's rows are among
 * the first (offset + page size + number of corrections) of that walk: only the corrected can fall behind, and
 * no row past them can rise ahead. A walk cut there holds at least offset + page size ranked rows, so the page
 * needs no rest; a walk that ends first has seen every ranked row, and counts them for the rest.
 *
 * So the rest, when a page needs it, is every connection the viewer may see at a kept number of 0, and the walked
 * ones whose score came to 0. The whole feed reads those two straight from the index, newest first, instead of
 * leaving the ranked rows out of all connections through a lookup of every ranked id.
 */
function rankedIds(ranking: Ranking, visible: SQL, offset: number, walk: (window: PageWindow) => SQL): SQL {
  const { kept, index, corrections } = ranking;
  const n = sql`(select n from ranked_total)`;
  const rest = walk({
    offset: sql`max(0, ${offset} - ${n})`,
    limit: sql`${PAGE_SIZE} - max(0, min(${PAGE_SIZE}, ${n} - ${offset}))`,
    visible: sql`${visible} and ${connections.id} not in (select id from ranked)`,
    leftOut: n,
    rows: sql`select ${connections.id} as id, ${connections.createdAt} as created_at
        from ${connections} indexed by ${index} where ${kept} = 0 and ${visible}
      union all select id, created_at from walked where score <= 0`,
  });
  return sql`with corrections(id, n) as materialized (${corrections}),
    walked(id, score, created_at) as materialized (
      select ${connections.id}, ${kept} - coalesce((select n from corrections where corrections.id = ${connections.id}), 0),
        ${connections.createdAt}
      from ${connections} indexed by ${index}
      where ${kept} > 0 and ${visible}
      order by ${kept} desc, ${connections.createdAt} desc, ${connections.id} desc
      limit ${offset + PAGE_SIZE} + (select count(*) from corrections)),
    ranked(id, score, created_at) as not materialized (select id, score, created_at from walked where score > 0),
    ranked_total(n) as (select count(*) from ranked)
    select id from (select id from ranked order by score desc, created_at desc, id desc limit ${PAGE_SIZE} offset ${offset})
    union all
    select id from (${rest})`;
}

/** The ids of a window of the connections an index lists (newest first) that the window allows, newest first. */
export function idsFromIndex(index: NewestFirstIndex, window: PageWindow): SQL {
  // CROSS JOIN keeps the filter's index (newest first) as the outer loop.
  return sql`select ${index.connectionId} as id
    from ${index.table} cross join ${connections} on ${connections.id} = ${index.connectionId}
    where ${and(...index.match, window.visible)}
    order by ${index.createdAt} desc, ${index.connectionId} desc limit ${window.limit} offset ${window.offset}`;
}

/**
 * The ids of one window of the whole feed. OFFSET walks the rows it skips, so a page costs its distance from the
 * end it is counted from; past the middle the page is counted from the oldest end instead, which makes the last
 * page as cheap as the first. The total that needs is a kept count here (less the ranked rows a ranked page left
 * out). The branch not taken gets LIMIT 0, which SQLite checks once before its loop (a WHERE condition would be
 * tested on every row).
 */
function feedPageIds(window: PageWindow, total: SQL): SQL {
  const { visible, offset, limit } = window;
  const rows =
    window.rows ??
    sql`select ${connections.id} as id, ${connections.createdAt} as created_at from ${connections} where ${visible}`;
  const n = sql`(select n from feed_total)`;
  const fromNewest = sql`${offset} * 2 <= ${n}`;
  return sql`with feed_total(n) as (select ${total})
    select id from (${rows}
      order by created_at desc, id desc
      limit (case when ${fromNewest} then ${limit} else 0 end) offset ${offset})
    union all
    select id from (${rows}
      order by created_at, id
      limit (case when ${fromNewest} then 0 else max(0, min(${limit}, ${n} - ${offset})) end)
      offset max(0, ${n} - ${offset} - ${limit}))`;
}

/**
 * The ids of one window read from several newest-first indexes at once (a person's connections as director,
 * actor or author): their entries as a UNION ordered as the indexes are, which SQLite merges stream by stream and
 * stops after the page, and which lists a connection found in two of them once.
 */
function mergedPageIds(indexes: NewestFirstIndex[], window: PageWindow): SQL {
  const arms = indexes.map(
    (index) => sql`select ${index.connectionId} as id, ${index.createdAt} as created_at
      from ${index.table} cross join ${connections} on ${connections.id} = ${index.connectionId}
      where ${and(...index.match, window.visible)}`,
  );
  return sql`select id from (${sql.join(arms, sql` union `)}
    order by created_at desc, id desc limit ${window.limit} offset ${window.offset})`;
}

type PageAnswers = BatchResponse<ReturnType<typeof pageReads>>;

export function toPage(origin: string, page: number, [rows, counted]: PageAnswers) {
  const totalCount = Number(counted.n);
  return {
    connections: rows.map((row) => toConnectionView(origin, row)),
    page,
    pages: Math.ceil(totalCount / PAGE_SIZE),
    totalCount,
  };
}

export interface SearchPage extends ConnectionPage {
  totalCount: number;
  /** Present (true) only when more connections match than the `COUNT_LIMIT` counted. */
  totalCountCapped?: true;
}

/**
 * The two reads behind one page of search results, newest first, for the caller's batch. Both walk the matching
 * documents from the newest (their rowid is the posting order) and stop early: the page after its ten, the count
 * at the limit, so a common word costs what a rare one does.
 */
function searchReads(services: RequestServices, term: string, page: number) {
  const { db, viewer } = services;
  const offset = (page - 1) * PAGE_SIZE;
  const matches = sql`connection_search cross join ${connections} on ${connections.seq} = connection_search.rowid
    where ${documentMatches(term)} and ${connectionVisibleTo(viewer)}`;
  const pageIds = sql`(select ${connections.id} from ${matches} order by connection_search.rowid desc
    limit ${offset < COUNT_LIMIT ? PAGE_SIZE : 0} offset ${offset})`;
  return [
    selectConnections(services, inArray(connections.id, pageIds)).orderBy(desc(connections.seq)),
    db.get<{ n: number }>(sql`select count(*) as n from (select 1 from ${matches} limit ${COUNT_LIMIT + 1})`),
  ] as const;
}

export async function searchConnections(services: RequestServices, query: string, page: number): Promise<SearchPage> {
  const term = readSearchTerm(query);
  if (!term) return { connections: [], page: 1, pages: 0, totalCount: 0 };
  const [rows, counted] = await services.db.batch(searchReads(services, term, page));
  const matching = Number(counted.n);
  const totalCount = Math.min(matching, COUNT_LIMIT);
  return {
    connections: rows.map((row) => toConnectionView(services.origin, row)),
    page,
    pages: Math.ceil(totalCount / PAGE_SIZE),
    totalCount,
    ...(matching > COUNT_LIMIT ? { totalCountCapped: true as const } : {}),
  };
}

/** Connections featuring one movie or book, newest first (their pages list all of them). */
function featuringRead(services: RequestServices, ref: { movieId: string } | { bookId: string }) {
  const where = "movieId" in ref ? eq(connections.movieId, ref.movieId) : eq(connections.bookId, ref.bookId);
  return selectConnections(services, where).orderBy(...newestFirst);
}

/** A movie and the connections featuring it, in one round trip (its page and API.md's movie connections). */
export async function movieWithConnections(services: RequestServices, id: string) {
  if (!isId(id)) throw badRequest(CATALOG_MESSAGES.invalidMovieId);
  const [rows, featuring] = await services.db.batch([
    movieRead(services.db, id, services.viewer),
    featuringRead(services, { movieId: id }),
  ]);
  if (!rows[0]) throw notFound(CATALOG_MESSAGES.movieNotFound);
  return {
    movie: toMovie(services.origin, rows[0]),
    connections: featuring.map((row) => toConnectionView(services.origin, row)),
  };
}

/** A book and the connections featuring it, in one round trip (its page and API.md's book connections). */
export async function bookWithConnections(services: RequestServices, id: string) {
  if (!isId(id)) throw badRequest(CATALOG_MESSAGES.invalidBookId);
  const [rows, featuring] = await services.db.batch([
    bookRead(services.db, id, services.viewer),
    featuringRead(services, { bookId: id }),
  ]);
  if (!rows[0]) throw notFound(CATALOG_MESSAGES.bookNotFound);
  return {
    book: toBook(services.origin, rows[0]),
    connections: featuring.map((row) => toConnectionView(services.origin, row)),
  };
}

/** Whose newest connections: everyone's, or those carrying one (normalised) tag, or of one member, movie or book. */
export type NewestScope =
  | { all: true }
  | { tag: string }
  | { userId: string }
  | { movieId: string }
  | { bookId: string };

/**
 * The newest `limit` connections of a scope the viewer may see after skipping the `offset` newest, newest first
 * (the Atom feeds' pages), as one read for the caller's batch. Each scope walks its own newest-first index:
 * `connections_newest`, a tag's `connection_tags_newest`, or the member's, movie's or book's index, so the read
 * costs about `offset + limit` entries however large the scope.
 */
export function newestConnectionsRead(
  services: Pick<RequestServices, "db" | "viewer">,
  scope: NewestScope,
  limit: number,
  offset = 0,
) {
  const newest = (where?: SQL) => selectConnections(services, where).orderBy(...newestFirst);
  if ("tag" in scope) {
    const visible = connectionVisibleTo(services.viewer);
    const ids = idsFromIndex(tagIndex(scope.tag), { offset: sql`${offset}`, limit: sql`${limit}`, visible });
    return newest(sql`${connections.id} in (${ids})`);
  }
  const where =
    "userId" in scope
      ? eq(connections.userId, scope.userId)
      : "movieId" in scope
        ? eq(connections.movieId, scope.movieId)
        : "bookId" in scope
          ? eq(connections.bookId, scope.bookId)
          : undefined;
  return newest(where).limit(limit).offset(offset);
}

/** API.md batch: in the order asked, unknown or hidden ids skipped. */
export async function connectionsByIds(services: RequestServices, body: unknown): Promise<ConnectionView[]> {
  const { connectionIds } = validate(connectionIdsSchema, body);
  const wanted = [...new Set(connectionIds.filter(isId))].slice(0, 100);
  if (!wanted.length) return [];
  const rows = await selectConnections(services, inArray(connections.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, toConnectionView(services.origin, row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** API.md "Create": a title that matches several works is settled by the contract's rule, never asked about. */
export async function createConnection(
  services: RequestServices,
  viewer: Viewer,
  fields: Record<string, unknown>,
  files: Partial<Record<ImageField, unknown>>,
  idempotencyKey: string | null = null,
): Promise<{ connection: ConnectionView; replayed: boolean }> {
  const outcome = await postConnection(
    services,
    viewer,
    fields,
    await sentImages(files, IMAGE_FIELDS),
    { movie: { ask: false }, book: { ask: false } },
    idempotencyKey,
  );
  if ("question" in outcome) throw new Error("A post that does not ask was asked which work it means.");
  return outcome;
}

/**
 * Whether the work a post settled on has no picture yet, so its provider's poster or cover is worth fetching
 * (decision 020); the fetched one is stored as if the member had chosen it, and the work takes it.
 */
function lacksPicture<Row>(match: Settled<Row>, picture: (row: Row) => string | null): boolean {
  const row = "row" in match ? match.row : match.create.claim;
  return !row || !picture(row);
}

/** What the create page asks when a title without a year or author matches several works (decision 019). */
export interface WorkQuestion {
  movie: { title: string; candidates: MovieCandidate[] } | null;
  book: { title: string; candidates: BookCandidate[] } | null;
}

/**
 * Posts a connection, finding or creating its movie and book (worker/core/catalog/works.ts). With `ask`, a title
 * that matches several works and says nothing to tell them apart stores nothing and answers the question
 * instead; a `pick` from that question (a work's id, or `NEW_WORK`) then settles it.
 *
 * Images cannot be lost (decision 030): they are staged before the write, which claims them in its own
 * transaction; when the write fails, it is read back, and a post that committed though its answer was lost is the
 * answer. Nothing here deletes an image: the sweep deletes those no write claimed. With an idempotency key, a
 * retry of a post answers that post (`replayed`), and racing retries commit once.
 *
 * `staging` may still be storing the form's images: the post's reads leave with its staging, beside the session
 * check, so that a post is two round trips, images or not (decision 040).
 */
export async function postConnection(
  services: RequestServices,
  viewer: Viewer,
  fields: Record<string, unknown>,
  staging: PostImages | Promise<PostImages>,
  choices: { movie: WorkChoice; book: WorkChoice },
  idempotencyKey: string | null = null,
): Promise<{ connection: ConnectionView; replayed: boolean } | { question: WorkQuestion }> {
  const key = readIdempotencyKey(idempotencyKey);
  const input = validate(createConnectionSchema, fields);
  const { db, origin } = services;
  const replay = async (connectionId: string) => ({
    connection: await getConnection(services, connectionId),
    replayed: true,
  });
  const movieInput = input.movieTitle
    ? {
        title: input.movieTitle,
        year: input.movieYear,
        director: input.movieDirector,
        genres: splitList(input.movieGenres),
        actors: splitList(input.movieActors),
        synopsis: input.movieSynopsis,
        externalIds: input.movieExternalIds,
      }
    : null;
  const bookInput = input.bookTitle
    ? {
        title: input.bookTitle,
        author: input.bookAuthor,
        publicationYear: input.bookPublicationYear,
        genres: splitList(input.bookGenres),
        isbn: input.bookIsbn,
        synopsis: input.bookSynopsis,
        externalIds: { ...input.bookExternalIds, isbn13: isbn13Of(input.bookIsbn) },
      }
    : null;
  const [use, found, images] = await Promise.all([
    key ? keyUse(db, viewer.id, key) : null,
    findWorks(db, { movie: movieInput, book: bookInput }),
    staging,
  ]);
  if (images.refused) throw images.refused;
  const fingerprint = key ? await requestFingerprint(fields, imageDigests(images.images)) : "";
  const earlier = postOfUse(use, fingerprint);
  if (earlier) return replay(earlier);
  const movieMatch = movieInput && matchMovie(found.movies, movieInput, choices.movie);
  const bookMatch = bookInput && matchBook(found.books, bookInput, choices.book);
  if ((movieMatch && "ambiguous" in movieMatch) || (bookMatch && "ambiguous" in bookMatch)) {
    return {
      question: {
        movie:
          movieMatch && "ambiguous" in movieMatch
            ? { title: input.movieTitle, candidates: movieMatch.ambiguous.map((row) => movieCandidate(origin, row)) }
            : null,
        book:
          bookMatch && "ambiguous" in bookMatch
            ? { title: input.bookTitle, candidates: bookMatch.ambiguous.map((row) => bookCandidate(origin, row)) }
            : null,
      },
    };
  }
  const tags = normalizeTags(input.tags);
  const id = newId();
  const now = Date.now();
  const [poster, cover] = await Promise.all([
    !images.images.moviePoster && movieInput && movieMatch && lacksPicture(movieMatch, (row) => row.posterKey)
      ? fetchArtwork(services, { type: "movie", externalIds: movieInput.externalIds })
      : null,
    !images.images.bookCover && bookInput && bookMatch && lacksPicture(bookMatch, (row) => row.coverKey)
      ? fetchArtwork(services, { type: "book", externalIds: bookInput.externalIds })
      : null,
  ]);
  const fetched = await Promise.all([
    ...(poster ? [fetchedImage("moviePoster", poster)] : []),
    ...(cover ? [fetchedImage("bookCover", cover)] : []),
  ]);
  const staged = await stagedForWrite(services, viewer, images.images, fetched);
  const keys = Object.fromEntries(Object.entries(staged).map(([field, image]) => [field, image.key])) as Partial<
    Record<ImageField, string>
  >;

  const statements: BatchItem<"sqlite">[] = [];
  const stagedIds = Object.values(staged).map((image) => image.id);
  if (stagedIds.length) statements.push(claimImages(db, viewer.id, stagedIds, now));
  const movie =
    movieInput && movieMatch
      ? writeMovie(db, { ...movieInput, posterKey: keys.moviePoster ?? null }, movieMatch)
      : null;
  const book =
    bookInput && bookMatch ? writeBook(db, { ...bookInput, coverKey: keys.bookCover ?? null }, bookMatch) : null;
  if (movie) statements.push(...movie.statements);
  if (book) statements.push(...book.statements);
  statements.push(
    db.insert(connections).values({
      id,
      userId: viewer.id,
      movieId: movie ? movie.id : null,
      bookId: book ? book.id : null,
      context: input.context,
      contextSpoiler: input.contextSpoiler,
      kind: kindOf(input.kind, !movie || !book),
      screenshotKey: keys.screenshot ?? null,
      moviePosterKey: keys.moviePoster ?? null,
      bookCoverKey: keys.bookCover ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    ...(tags.length ? [db.insert(connectionTags).values(tags.map((tag) => ({ connectionId: id, tag })))] : []),
    ...indexConnection(db, id, {
      body: connectionSearchText({ context: input.context, tags }),
      movie: movie?.searchText ?? null,
      book: book?.searchText ?? null,
    }),
    // After the row it names (its foreign key is checked at once).
    ...(key ? keyStatements(db, { userId: viewer.id, key, fingerprint, connectionId: id }, now) : []),
  );
  let connection: ConnectionView;
  try {
    connection = await writeAndReadBack(services, statements, id);
  } catch (error) {
    // The answer may have been lost after the commit, or a racing retry with the key may have committed first.
    const [posted] = await readBack(error, () =>
      db.select({ id: connections.id }).from(connections).where(eq(connections.id, id)),
    );
    if (!posted) {
      const racer = key ? postOfUse(await readBack(error, () => keyUse(db, viewer.id, key)), fingerprint) : null;
      if (racer) return replay(racer);
      throw error;
    }
    connection = await getConnection(services, id);
  }
  refreshShareImage(services, connection);
  return { connection, replayed: false };
}

/** Commits a post's or an edit's statements and reads the connection back in the same round trip (decision 040). */
async function writeAndReadBack(
  services: RequestServices,
  statements: BatchItem<"sqlite">[],
  id: string,
): Promise<ConnectionView> {
  const read = selectConnections(services, eq(connections.id, id));
  const batch: BatchItem<"sqlite">[] = [...statements, read];
  const results = await services.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return shown(services, results.at(-1) as Awaited<typeof read>);
}

/**
 * After a write failed: a read that tells whether it committed. When the read fails too, the outcome stays
 * unknown and the write's own error is the answer (its images stay staged, for its retry or the sweep); an answer
 * the read gives (a 422 for a key used otherwise) is the answer.
 */
async function readBack<T>(writeError: unknown, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (readError) {
    throw knownFailure(readError) ?? writeError;
  }
}

/**
 * The connection a member wants to change: 400 for a malformed id, 404 when it does not exist or is hidden
 * from them, 403 when it is someone else's.
 */
async function ownConnection(services: RequestServices, viewer: Viewer, id: string, forbiddenMessage: string) {
  if (!isId(id)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const [row] = await services.db
    .select({
      connection: connections,
      bookTitle: books.title,
      tags: tagList,
    })
    .from(connections)
    .leftJoin(books, eq(books.id, connections.bookId))
    .where(and(eq(connections.id, id), connectionVisibleTo(viewer)));
  if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
  if (row.connection.userId !== viewer.id) throw forbidden(forbiddenMessage);
  return { ...row.connection, bookTitle: row.bookTitle, tags: JSON.parse(row.tags) as string[] };
}

/**
 * Edits context, tags, the book's author and the screenshot. Titles are read-only. A new author points this
 * connection at the book with that title and author by their keys (found or created; never the title's only
 * book, never one whose author it would fill in), so other connections of the old book never change. A new
 * screenshot is staged and claimed like a post's images (decision 030); the one it replaces, or a removed one,
 * is deleted only once the row is known to show it no more.
 */
export async function updateConnection(
  services: RequestServices,
  viewer: Viewer,
  id: string,
  fields: Record<string, unknown>,
  staging: PostImages | Promise<PostImages>,
): Promise<ConnectionView> {
  // As a post's: the connection is read while the new screenshot is staged, beside the session check.
  const [current, images] = await Promise.all([
    ownConnection(services, viewer, id, CONNECTION_MESSAGES.notAuthorizedEdit),
    staging,
  ]);
  const isTextOnly = !current.movieId || !current.bookId;
  const input = validate(updateConnectionSchema(isTextOnly), { context: current.context, ...fields });
  if (images.refused) throw images.refused;
  const { context } = input;
  const contextSpoiler = input.contextSpoiler ?? current.contextSpoiler;
  const kind = input.kind === undefined ? current.kind : kindOf(input.kind, isTextOnly);
  const tags = input.tags === undefined ? current.tags : normalizeTags(input.tags);
  const { db } = services;
  const { screenshot } = await stagedForWrite(services, viewer, images.images);
  const screenshotKey = screenshot?.key ?? (input.removeScreenshot ? null : current.screenshotKey);

  const statements: BatchItem<"sqlite">[] = [];
  if (screenshot) statements.push(claimImages(db, viewer.id, [screenshot.id]));
  let bookId: SQL | string | null = current.bookId;
  const document: Partial<ConnectionDocument> = { body: connectionSearchText({ context, tags }) };
  if (input.bookAuthor !== undefined && current.bookId && current.bookTitle !== null) {
    const title = current.bookTitle;
    const externalIds = { openLibrary: null, isbn13: null, wikidata: null };
    const found = await findWorks(db, { movie: null, book: { title, externalIds } });
    const match = sameBook(found.books, title, input.bookAuthor);
    if ("row" in match) {
      bookId = match.row.id;
      document.book = bookSearchText(match.row);
    } else {
      const created = writeBook(
        db,
        {
          title,
          author: input.bookAuthor,
          publicationYear: null,
          genres: [],
          isbn: "",
          synopsis: "",
          coverKey: null,
          externalIds,
        },
        match,
      );
      statements.push(...created.statements);
      bookId = created.id;
      document.book = created.searchText;
    }
  }
  statements.push(
    db
      .update(connections)
      .set({ context, contextSpoiler, kind, screenshotKey, bookId, updatedAt: Date.now() })
      .where(eq(connections.id, id)),
    db.delete(connectionTags).where(eq(connectionTags.connectionId, id)),
    ...(tags.length ? [db.insert(connectionTags).values(tags.map((tag) => ({ connectionId: id, tag })))] : []),
    updateConnectionDocument(db, id, document),
  );
  const screenshotChanges = screenshotKey !== current.screenshotKey;
  let connection: ConnectionView;
  try {
    connection = await writeAndReadBack(services, statements, id);
  } catch (error) {
    // Only a changed screenshot tells whether a lost answer hid a commit; any other edit can simply be sent again.
    if (!screenshotChanges) throw error;
    const [row] = await readBack(error, () =>
      db.select({ screenshotKey: connections.screenshotKey }).from(connections).where(eq(connections.id, id)),
    );
    if (row?.screenshotKey !== screenshotKey) throw error;
    connection = await getConnection(services, id);
  }

  if (current.screenshotKey && screenshotChanges) await deleteImages(services, [current.screenshotKey]);
  refreshShareImage(services, connection);
  return connection;
}

/**
 * The R2 keys of the images of the connections matching `where` that only those connections show, their share
 * images included, as a statement for the deleting batch. A poster or cover that became its movie's or book's
 * picture belongs to the shared catalog and stays.
 */
export function ownImageKeys(db: Database, where: SQL) {
  const keys = sql`select ${connections.screenshotKey} as image_key from ${connections} where ${where}
    union all select ${connections.moviePosterKey} from ${connections} where ${where}
    union all select ${connections.bookCoverKey} from ${connections} where ${where}
    union all select ${SHARE_KEY_PREFIX} || ${connections.id} || '.png' from ${connections} where ${where}`;
  // Uncorrelated NOT IN lists are built once per statement, however many keys are tested against them.
  return db.all<{ image_key: string }>(sql`select image_key from (${keys}) where image_key is not null
    and image_key not in (select ${movies.posterKey} from ${movies} where ${movies.posterKey} is not null)
    and image_key not in (select ${books.coverKey} from ${books} where ${books.coverKey} is not null)`);
}

/** Deletes stored images (with their copies) once the rows that showed them are gone; a failure is logged, never the caller's. */
export async function deleteImages(services: Pick<RequestServices, "env">, keys: string[]): Promise<void> {
  // In parts, so one failed delete leaves the others to go on.
  for (let start = 0; start < keys.length; start += 250) {
    const part = keys.slice(start, start + 250);
    await removeImages(services.env.IMAGES, part).catch((error: unknown) =>
      console.error(`Could not delete ${part.length} image(s) from R2`, error),
    );
  }
}

/**
 * The one way connections are deleted (by their author, a moderator or an account deletion), as statements for
 * the caller's batch: read the images only they show, remove their search rows (an FTS5 table has no foreign
 * keys), delete the rows. Tags, filter values, likes, favorites, comments and the notifications of both go with
 * each row by their foreign keys' ON DELETE CASCADE (decision 012). `where` selects the connections and may carry
 * the caller's guard (a moderator's case still open). Once the batch has committed, pass the first answer's keys
 * to `deleteImages`.
 */
export function connectionDeletion(db: Database, where: SQL) {
  return [
    ownImageKeys(db, where),
    unindexConnectionsIn(db, sql`select ${connections.id} from ${connections} where ${where}`),
    db.delete(connections).where(where).returning({ id: connections.id }),
  ] as const;
}

/**
 * Deletes the viewer's own connection with everything that hangs off it, then its images. Of racing deletes one
 * answers; the others find it gone (404), and delete nothing.
 */
export async function deleteConnection(services: RequestServices, viewer: Viewer, id: string) {
  await ownConnection(services, viewer, id, CONNECTION_MESSAGES.notAuthorizedDelete);
  const [keys, , deleted] = await services.db.batch(connectionDeletion(services.db, eq(connections.id, id)));
  if (!deleted.length) throw notFound(CONNECTION_MESSAGES.notFound);
  await deleteImages(
    services,
    keys.map((row) => row.image_key),
  );
  return { message: CONNECTION_MESSAGES.deleted, connectionId: id };
}
