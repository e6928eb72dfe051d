import { type SQL, and, count, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chooseBook, findExisting, upsertBook, upsertMovie } from "./catalog.ts";
import {
  CONNECTION_MESSAGES,
  type ImageField,
  IMAGE_KINDS,
  createConnectionSchema,
  imageMessages,
} from "./connection-schemas.ts";
import {
  type ConnectionView,
  newestFirst,
  selectConnections,
  toConnectionView,
} from "./connection-reads.ts";
import type { RequestServices, Viewer } from "./context.ts";
import { bookGenres, books, connections, connectionTags, movieActors, movieGenres, movies } from "./db/schema.ts";
import { badRequest, notFound } from "./errors.ts";
import { isId, newId } from "./ids.ts";
import { type ImageKind, newImageKey } from "./image-keys.ts";
import { visibleTo } from "./privacy.ts";
import { connectionSearchText, indexConnection, matchesSearch } from "./search-index.ts";
import { normalizeTags } from "./tags.ts";
import { type ImageUpload, readImageUpload } from "./uploads.ts";
import { validate } from "./validation.ts";

/** API.md: page size is a server constant. */
export const PAGE_SIZE = 10;

export interface ConnectionPage {
  connections: ConnectionView[];
  page: number;
  pages: number;
}

/** A non-numeric or < 1 page number counts as 1 (API.md "Pagination"). */
export function pageNumber(value: unknown): number {
  const number = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 ? number : 1;
}

export async function getConnection(services: RequestServices, id: string): Promise<ConnectionView> {
  if (!isId(id)) throw badRequest(CONNECTION_MESSAGES.invalidId);
  const [row] = await selectConnections(services, eq(connections.id, id));
  if (!row) throw notFound(CONNECTION_MESSAGES.notFound);
  return toConnectionView(services.origin, row);
}

/** Feed filters (API.md): trimmed, non-blank values; all must hold; tags match any of a comma-separated list. */
export interface FeedFilters {
  movieGenre?: string;
  director?: string;
  actor?: string;
  bookGenre?: string;
  author?: string;
  tags?: string;
}

export const FEED_FILTER_NAMES = ["movieGenre", "director", "actor", "bookGenre", "author", "tags"] as const;

export function readFeedFilters(params: URLSearchParams | Record<string, string | undefined>): FeedFilters {
  const get = (name: string) =>
    (params instanceof URLSearchParams ? params.get(name) : params[name])?.trim() || undefined;
  return Object.fromEntries(
    FEED_FILTER_NAMES.map((name) => [name, get(name)]).filter(([, value]) => value),
  ) as FeedFilters;
}

function filterConditions(filters: FeedFilters): SQL[] {
  const conditions: SQL[] = [];
  const lower = (value: string) => value.toLowerCase();
  if (filters.movieGenre) {
    conditions.push(
      sql`exists (select 1 from ${movieGenres} where ${movieGenres.movieId} = ${connections.movieId} and ${movieGenres.nameLower} = ${lower(filters.movieGenre)})`,
    );
  }
  if (filters.director) {
    conditions.push(
      sql`${connections.movieId} in (select ${movies.id} from ${movies} where lower(${movies.director}) = ${lower(filters.director)})`,
    );
  }
  if (filters.actor) {
    conditions.push(
      sql`exists (select 1 from ${movieActors} where ${movieActors.movieId} = ${connections.movieId} and ${movieActors.nameLower} = ${lower(filters.actor)})`,
    );
  }
  if (filters.bookGenre) {
    conditions.push(
      sql`exists (select 1 from ${bookGenres} where ${bookGenres.bookId} = ${connections.bookId} and ${bookGenres.nameLower} = ${lower(filters.bookGenre)})`,
    );
  }
  if (filters.author) {
    conditions.push(
      sql`${connections.bookId} in (select ${books.id} from ${books} where lower(${books.author}) = ${lower(filters.author)})`,
    );
  }
  const tags = normalizeTags(filters.tags);
  if (tags.length) {
    conditions.push(
      sql`exists (select 1 from ${connectionTags} where ${connectionTags.connectionId} = ${connections.id} and ${inArray(connectionTags.tag, tags)})`,
    );
  }
  return conditions;
}

/** One page of connections matching `where`, newest first, with the page count, in one round trip. */
async function pageOf(services: RequestServices, where: SQL | undefined, page: number) {
  const { db, viewer } = services;
  const [rows, total] = await db.batch([
    selectConnections(services, where)
      .orderBy(...newestFirst)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db
      .select({ n: count() })
      .from(connections)
      .where(and(visibleTo(viewer, connections.userId), where)),
  ]);
  const totalCount = total[0]?.n ?? 0;
  return {
    connections: rows.map((row) => toConnectionView(services.origin, row)),
    page,
    pages: Math.ceil(totalCount / PAGE_SIZE),
    totalCount,
  };
}

export async function listFeed(services: RequestServices, filters: FeedFilters, page: number): Promise<ConnectionPage> {
  const conditions = filterConditions(filters);
  const { totalCount: _total, ...result } = await pageOf(services, conditions.length ? and(...conditions) : undefined, page);
  return result;
}

export async function searchConnections(services: RequestServices, query: string, page: number) {
  const term = query.trim();
  if (!term) return { connections: [], page: 1, pages: 0, totalCount: 0 };
  return pageOf(
    services,
    matchesSearch(term, { connectionId: connections.id, movieId: connections.movieId, bookId: connections.bookId }),
    page,
  );
}

/** At most 15 tags by how many visible connections carry them, then alphabetically. */
export async function popularTags({ db, viewer }: RequestServices): Promise<Array<{ tag: string; count: number }>> {
  return db
    .select({ tag: connectionTags.tag, count: count() })
    .from(connectionTags)
    .innerJoin(connections, eq(connections.id, connectionTags.connectionId))
    .where(visibleTo(viewer, connections.userId))
    .groupBy(connectionTags.tag)
    .orderBy(sql`count(*) desc`, connectionTags.tag)
    .limit(15);
}

/** Connections featuring one movie or book, newest first (their pages list all of them). */
export async function connectionsFeaturing(services: RequestServices, ref: { movieId: string } | { bookId: string }) {
  const where = "movieId" in ref ? eq(connections.movieId, ref.movieId) : eq(connections.bookId, ref.bookId);
  const rows = await selectConnections(services, where).orderBy(...newestFirst);
  return rows.map((row) => toConnectionView(services.origin, row));
}

/** API.md batch: in the order asked, unknown or hidden ids skipped. */
export async function connectionsByIds(services: RequestServices, ids: string[]): Promise<ConnectionView[]> {
  const wanted = [...new Set(ids.filter(isId))].slice(0, 100);
  if (!wanted.length) return [];
  const rows = await selectConnections(services, inArray(connections.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, toConnectionView(services.origin, row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

const IMAGE_KIND_OF: Record<ImageField, ImageKind> = { moviePoster: "poster", bookCover: "cover", screenshot: "screenshot" };

/** Checks every uploaded image (by its bytes, 5 MB each) before anything is stored. */
async function readImages(files: Partial<Record<ImageField, unknown>>) {
  const images: Partial<Record<ImageField, ImageUpload>> = {};
  for (const field of Object.keys(IMAGE_KINDS) as ImageField[]) {
    const upload = await readImageUpload(files[field], imageMessages(IMAGE_KINDS[field]));
    if (upload) images[field] = upload;
  }
  return images;
}

/**
 * Stores images, then runs the database writes in one transaction; if the writes fail, the images just stored
 * are deleted again, so there is never a row without its image or an image without its row.
 */
async function storeImagesThen<T>(
  services: RequestServices,
  images: Partial<Record<ImageField, ImageUpload>>,
  write: (keys: Partial<Record<ImageField, string>>) => Promise<T>,
): Promise<T> {
  const keys: Partial<Record<ImageField, string>> = {};
  const entries = Object.entries(images) as Array<[ImageField, ImageUpload]>;
  try {
    await Promise.all(
      entries.map(async ([field, image]) => {
        const key = newImageKey(IMAGE_KIND_OF[field], image.type);
        await services.env.IMAGES.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
        keys[field] = key;
      }),
    );
    return await write(keys);
  } catch (error) {
    const stored = Object.values(keys);
    if (stored.length) await services.env.IMAGES.delete(stored);
    throw error;
  }
}

export async function createConnection(
  services: RequestServices,
  viewer: Viewer,
  fields: Record<string, unknown>,
  files: Partial<Record<ImageField, unknown>>,
): Promise<ConnectionView> {
  const input = validate(createConnectionSchema, fields);
  const images = await readImages(files);
  const { db } = services;
  const hasMovie = Boolean(input.movieTitle);
  const hasBook = Boolean(input.bookTitle);
  const existing = await findExisting(db, hasMovie ? input.movieTitle : null, hasBook ? input.bookTitle : null);
  const tags = normalizeTags(input.tags);
  const id = newId();
  const now = Date.now();

  await storeImagesThen(services, images, async (keys) => {
    const statements: BatchItem<"sqlite">[] = [];
    const movie = hasMovie
      ? upsertMovie(
          db,
          {
            title: input.movieTitle,
            year: input.movieYear,
            director: input.movieDirector,
            genres: input.movieGenres,
            actors: input.movieActors,
            synopsis: input.movieSynopsis,
            posterKey: keys.moviePoster ?? null,
          },
          existing.movie,
        )
      : null;
    const book = hasBook
      ? upsertBook(
          db,
          {
            title: input.bookTitle,
            author: input.bookAuthor,
            publicationYear: input.bookPublicationYear,
            genres: input.bookGenres,
            isbn: input.bookIsbn,
            synopsis: input.bookSynopsis,
            coverKey: keys.bookCover ?? null,
          },
          chooseBook(existing.bookCandidates, input.bookAuthor),
        )
      : null;
    if (movie) statements.push(...movie.statements);
    if (book) statements.push(...book.statements);
    statements.push(
      db.insert(connections).values({
        id,
        userId: viewer.id,
        movieId: movie ? movie.id : null,
        bookId: book ? book.id : null,
        context: input.context,
        screenshotKey: keys.screenshot ?? null,
        moviePosterKey: keys.moviePoster ?? null,
        bookCoverKey: keys.bookCover ?? null,
        createdAt: now,
        updatedAt: now,
      }),
      ...(tags.length ? [db.insert(connectionTags).values(tags.map((tag) => ({ connectionId: id, tag })))] : []),
      ...indexConnection(db, id, connectionSearchText({ context: input.context, tags })),
    );
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  });
  return getConnection(services, id);
}

