import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { books, comments, connections, connectionTags, likes, movies, users } from "../../db/schema.ts";
import { jsonList } from "../../db/sql.ts";
import {
  type BookFields,
  bookExternalIds,
  catalogLists,
  type MovieFields,
  movieExternalIds,
  slugOf,
  slugsOf,
} from "../catalog/index.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { apiImageUrl } from "../images/index.ts";
import {
  authorVisibleTo,
  connectionVisibleTo,
  maySeeContentOf,
  toUserSummary,
  type UserSummary,
  viewerRelation,
} from "../people/index.ts";
import { type ConnectionKind, PROFILE_MESSAGES } from "../rules/index.ts";
import { toVerdict, type Verdict, verdictColumns } from "../verdicts/index.ts";

export interface MovieRef extends MovieFields {
  _id: string;
  posterPath: string;
  externalIds: ReturnType<typeof movieExternalIds>;
  /** The people's slugs beside their names (API.md "Catalog with identity"); `actorSlugs` in `actors`' order. */
  directorSlug: string;
  actorSlugs: string[];
}

export interface BookRef extends BookFields {
  _id: string;
  coverPath: string;
  externalIds: ReturnType<typeof bookExternalIds>;
  authorSlug: string;
}

/** API.md "Connection": every response that carries a connection carries all of this. */
export interface ConnectionView {
  _id: string;
  userRef: UserSummary;
  context: string;
  /** The context gives something away: pages hide it behind "Show spoiler", previews never quote it. */
  contextSpoiler: boolean;
  kind: ConnectionKind;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  likes: string[];
  commentCount: number;
  screenshotUrl: string;
  moviePosterUrl: string;
  bookCoverUrl: string;
  movieRef: MovieRef | null;
  bookRef: BookRef | null;
  /** "Book or film?": the pair's tally on adaptations, null on other kinds. */
  verdict: Verdict | null;
}

/** A connection's tags as a JSON array, in the order they were entered. */
export const tagList = jsonList(
  sql`select ${connectionTags.tag} as value from ${connectionTags} where ${connectionTags.connectionId} = ${connections.id} order by rowid`,
);

/**
 * The columns of one connection with everything API.md's shape needs, as `viewer` is shown it: likes and
 * comments count only those of members the viewer may see (`authorVisibleTo`: no block between them, not
 * suspended). Lists and counts are correlated subqueries (each an index seek), so a page of connections is one
 * query, never one query per card.
 */
const connectionColumns = (viewer: Viewer | null) => ({
  id: connections.id,
  context: connections.context,
  contextSpoiler: connections.contextSpoiler,
  kind: connections.kind,
  createdAt: connections.createdAt,
  updatedAt: connections.updatedAt,
  screenshotKey: connections.screenshotKey,
  moviePosterKey: connections.moviePosterKey,
  bookCoverKey: connections.bookCoverKey,
  userId: users.id,
  username: users.username,
  displayName: users.displayName,
  pictureKey: users.pictureKey,
  movieId: movies.id,
  movieTitle: movies.title,
  movieYear: movies.year,
  director: movies.director,
  directorSlug: movies.directorSlug,
  movieSynopsis: movies.synopsis,
  posterKey: movies.posterKey,
  tmdbId: movies.tmdbId,
  imdbId: movies.imdbId,
  movieWikidataId: movies.wikidataId,
  movieGenres: catalogLists.movieGenres,
  movieActors: catalogLists.movieActors,
  movieActorSlugs: catalogLists.movieActorSlugs,
  bookId: books.id,
  bookTitle: books.title,
  bookAuthor: books.author,
  authorSlug: books.authorSlug,
  publicationYear: books.publicationYear,
  isbn: books.isbn,
  bookSynopsis: books.synopsis,
  coverKey: books.coverKey,
  openLibraryId: books.openLibraryId,
  isbn13: books.isbn13,
  bookWikidataId: books.wikidataId,
  bookGenres: catalogLists.bookGenres,
  tags: tagList,
  likes: jsonList(
    sql`select ${likes.userId} as value from ${likes} where ${and(eq(likes.connectionId, connections.id), authorVisibleTo(viewer, likes.userId))} order by ${likes.createdAt}`,
  ),
  commentCount:
    sql<number>`(select count(*) from ${comments} where ${and(eq(comments.connectionId, connections.id), authorVisibleTo(viewer, comments.userId))})`.mapWith(
      Number,
    ),
  ...verdictColumns(viewer, { movieId: connections.movieId, bookId: connections.bookId }),
});

/** A select of connections the viewer may see, joined with their author, movie and book. */
export function selectConnections({ db, viewer }: Pick<RequestServices, "db" | "viewer">, where?: SQL) {
  return db
    .select(connectionColumns(viewer))
    .from(connections)
    .innerJoin(users, eq(users.id, connections.userId))
    .leftJoin(movies, eq(movies.id, connections.movieId))
    .leftJoin(books, eq(books.id, connections.bookId))
    .where(and(connectionVisibleTo(viewer), where))
    .$dynamic();
}

type ConnectionRow = Awaited<ReturnType<typeof selectConnections>>[number];

export const newestFirst = [desc(connections.createdAt), desc(connections.id)] as const;

export function toConnectionView(origin: string, row: ConnectionRow): ConnectionView {
  const url = (key: string | null) => apiImageUrl(origin, key);
  return {
    _id: row.id,
    userRef: toUserSummary(origin, { ...row, id: row.userId }),
    context: row.context,
    contextSpoiler: row.contextSpoiler,
    kind: row.kind,
    tags: JSON.parse(row.tags) as string[],
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt ?? row.createdAt).toISOString(),
    likes: JSON.parse(row.likes) as string[],
    commentCount: row.commentCount,
    screenshotUrl: url(row.screenshotKey),
    moviePosterUrl: url(row.moviePosterKey ?? row.posterKey),
    bookCoverUrl: url(row.bookCoverKey ?? row.coverKey),
    movieRef: row.movieId
      ? {
          _id: row.movieId,
          title: row.movieTitle ?? "",
          year: row.movieYear,
          director: row.director ?? "",
          directorSlug: slugOf(row.directorSlug, row.director ?? ""),
          genres: JSON.parse(row.movieGenres) as string[],
          actors: JSON.parse(row.movieActors) as string[],
          actorSlugs: slugsOf(JSON.parse(row.movieActors) as string[], row.movieActorSlugs),
          synopsis: row.movieSynopsis ?? "",
          posterPath: url(row.posterKey),
          externalIds: movieExternalIds({ ...row, wikidataId: row.movieWikidataId }),
        }
      : null,
    bookRef: row.bookId
      ? {
          _id: row.bookId,
          title: row.bookTitle ?? "",
          author: row.bookAuthor ?? "",
          authorSlug: slugOf(row.authorSlug, row.bookAuthor ?? ""),
          publicationYear: row.publicationYear,
          genres: JSON.parse(row.bookGenres) as string[],
          isbn: row.isbn ?? "",
          synopsis: row.bookSynopsis ?? "",
          coverPath: url(row.coverKey),
          externalIds: bookExternalIds({ ...row, wikidataId: row.bookWikidataId }),
        }
      : null,
    verdict: toVerdict(row),
  };
}

/** A member's connections, newest first; hidden ones as API.md says ('User not found or profile is private.'). */
export async function userConnections(services: RequestServices, userId: string): Promise<ConnectionView[]> {
  if (!isId(userId)) throw badRequest(PROFILE_MESSAGES.invalidUserId);
  const { db, viewer, origin } = services;
  const [owners, rows] = await db.batch([
    db
      .select({ id: users.id, ...viewerRelation(viewer) })
      .from(users)
      .where(eq(users.id, userId)),
    selectConnections(services, eq(connections.userId, userId)).orderBy(...newestFirst),
  ]);
  const [owner] = owners;
  if (!owner || !maySeeContentOf(owner, viewer)) throw notFound(PROFILE_MESSAGES.hidden);
  return rows.map((row) => toConnectionView(origin, row));
}
