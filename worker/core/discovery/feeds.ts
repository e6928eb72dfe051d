import { eq, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { books, movies, users } from "../../db/schema.ts";
import { CATALOG_MESSAGES } from "../catalog/index.ts";
import {
  type ConnectionView,
  type NewestScope,
  newestConnectionsRead,
  toConnectionView,
} from "../connections/index.ts";
import { notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { maySeeContentOf, viewerRelation } from "../people/index.ts";
import {
  connectionTitle,
  FEED_PATHS,
  memberName,
  normalizeTags,
  quotableContext,
  SPOILER_TEXT,
  shortened,
} from "../rules/index.ts";
import { type AtomEntry, renderAtom } from "./atom.ts";

/** How many connections a feed page carries. */
export const FEED_ENTRIES = 20;

/**
 * How deep a feed's pages go (RFC 5005 paged feeds, `?page=n`): the newest 500 connections, so a page's read stays
 * a short walk of its index. Older connections are in the sitemap.
 */
export const FEED_PAGES = 25;

const FEED_MESSAGES = {
  tag: "No feed for this tag: no public connection carries it.",
  member: "No feed for this member.",
  page: "No such feed page.",
} as const;

/** A feed's `?page=`: absent is the first page; anything but a page number from 1 to `FEED_PAGES` is 404. */
function feedPageNumber(value: string | undefined): number {
  if (value === undefined) return 1;
  const page = /^[1-9]\d*$/.test(value) ? Number(value) : Number.NaN;
  if (!(page <= FEED_PAGES)) throw notFound(FEED_MESSAGES.page);
  return page;
}

/** The rows of one feed page, one more than it shows so the page knows whether a next one exists. */
function pageRead(services: RequestServices, scope: NewestScope, page: number) {
  return newestConnectionsRead(asVisitor(services), scope, FEED_ENTRIES + 1, (page - 1) * FEED_ENTRIES);
}

/** What a feed is about, besides its entries. */
interface FeedSubject {
  /** The feed's path (`FEED_PATHS`) and the page it follows. */
  path: string;
  page: string;
  title: string;
  subtitle: string;
  /** When the subject began (ms): the feed's `updated` while it has no entries. */
  since: number;
}

type ConnectionRows = Awaited<ReturnType<typeof newestConnectionsRead>>;

/**
 * Feeds are anonymous (decision 022): whoever asks, they are read as a visitor sees the site, so a feed reader,
 * a cache or a shared link never carries one member's view to another. Private members' and suspended
 * members' connections are never in them; blocks, which only a member has, play no part.
 */
function asVisitor({ db }: RequestServices) {
  return { db, viewer: null };
}

/** The site's newest public connections (`/feed.xml`). */
export async function siteFeed(services: RequestServices, pageParam?: string): Promise<string> {
  const page = feedPageNumber(pageParam);
  const rows = await pageRead(services, { all: true }, page);
  return feedDocument(services.origin, page, rows, {
    path: FEED_PATHS.site,
    page: "/",
    title: "MovieBooks",
    subtitle: "The newest connections between movies and books on MovieBooks.",
    since: 0,
  });
}

/** One tag's newest public connections; 404 when no public connection carries the tag. */
export async function tagFeed(services: RequestServices, rawTag: string, pageParam?: string): Promise<string> {
  const [tag, ...others] = normalizeTags(rawTag);
  if (tag === undefined || others.length) throw notFound(FEED_MESSAGES.tag);
  const page = feedPageNumber(pageParam);
  const rows = await pageRead(services, { tag }, page);
  if (!rows.length && page === 1) throw notFound(FEED_MESSAGES.tag);
  return feedDocument(services.origin, page, rows, {
    path: FEED_PATHS.tag(tag),
    page: `/?tags=${encodeURIComponent(tag)}`,
    title: `#${tag} on MovieBooks`,
    subtitle: `The newest connections tagged #${tag}.`,
    since: 0,
  });
}

/** A public member's newest connections; 404 for a private, suspended or unknown member. */
export async function memberFeed(services: RequestServices, userId: string, pageParam?: string): Promise<string> {
  if (!isId(userId)) throw notFound(FEED_MESSAGES.member);
  const page = feedPageNumber(pageParam);
  const { db } = asVisitor(services);
  const [members, rows] = await db.batch([
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        createdAt: users.createdAt,
        ...viewerRelation(null),
      })
      .from(users)
      .where(eq(users.id, userId)),
    pageRead(services, { userId }, page),
  ]);
  const [member] = members;
  if (!member || !maySeeContentOf(member, null)) throw notFound(FEED_MESSAGES.member);
  const name = memberName(member);
  return feedDocument(services.origin, page, rows, {
    path: FEED_PATHS.member(userId),
    page: `/users/${userId}`,
    title: `${name} on MovieBooks`,
    subtitle: `The newest connections posted by ${name}.`,
    since: member.createdAt,
  });
}

/**
 * Movies and books as their feeds name them ('Dune (2021)', 'Dune by Frank Herbert'), find them, and say they
 * do not exist.
 */
const CATALOG_FEEDS = {
  movie: {
    read: (db: Database, id: string) =>
      db
        .select({
          name: sql<string>`${movies.title} || coalesce(' (' || ${movies.year} || ')', '')`,
          since: movies.createdAt,
        })
        .from(movies)
        .where(eq(movies.id, id)),
    scope: (movieId: string): NewestScope => ({ movieId }),
    missing: CATALOG_MESSAGES.movieNotFound,
  },
  book: {
    read: (db: Database, id: string) =>
      db
        .select({
          name: sql<string>`${books.title} || case when ${books.author} = '' then '' else ' by ' || ${books.author} end`,
          since: books.createdAt,
        })
        .from(books)
        .where(eq(books.id, id)),
    scope: (bookId: string): NewestScope => ({ bookId }),
    missing: CATALOG_MESSAGES.bookNotFound,
  },
};

/** The newest public connections featuring a movie or a book; 404 for an unknown one. */
export async function catalogFeed(
  services: RequestServices,
  kind: "movie" | "book",
  id: string,
  pageParam?: string,
): Promise<string> {
  const catalog = CATALOG_FEEDS[kind];
  if (!isId(id)) throw notFound(catalog.missing);
  const page = feedPageNumber(pageParam);
  const { db } = asVisitor(services);
  const [found, rows] = await db.batch([catalog.read(db, id), pageRead(services, catalog.scope(id), page)]);
  const [item] = found;
  if (!item) throw notFound(catalog.missing);
  return feedDocument(services.origin, page, rows, {
    path: FEED_PATHS[kind](id),
    page: `/${kind}s/${id}`,
    title: `${item.name} on MovieBooks`,
    subtitle: `The newest connections featuring the ${kind} ${item.name}.`,
    since: item.since,
  });
}

/**
 * One page of a feed: its entries and RFC 5005's links to the first, previous and next pages. A page past the
 * last is 404; the first page exists even when empty (a new member's, a movie only private members wrote about).
 */
function feedDocument(origin: string, page: number, rows: ConnectionRows, subject: FeedSubject): string {
  if (!rows.length && page > 1) throw notFound(FEED_MESSAGES.page);
  const shown = rows.slice(0, FEED_ENTRIES);
  const entries = shown.map((row) => entryOf(origin, toConnectionView(origin, row)));
  const updated = Math.max(subject.since, ...entries.map((entry) => Date.parse(entry.updated)));
  const feedUrl = origin + subject.path;
  const pageUrl = (n: number) => (n === 1 ? feedUrl : `${feedUrl}?page=${n}`);
  const hasNext = rows.length > FEED_ENTRIES && page < FEED_PAGES;
  return renderAtom({
    id: feedUrl,
    self: pageUrl(page),
    pages: {
      first: feedUrl,
      previous: page > 1 ? pageUrl(page - 1) : undefined,
      next: hasNext ? pageUrl(page + 1) : undefined,
    },
    alternate: origin + subject.page,
    title: subject.title,
    subtitle: subject.subtitle,
    updated: new Date(updated).toISOString(),
    icon: `${origin}/favicon.png`,
    author: { name: "MovieBooks", uri: `${origin}/` },
    entries,
  });
}

/** How long a text-only post's title may be: its context's start, on one line. */
const TITLE_LENGTH = 80;

function entryOf(origin: string, connection: ConnectionView): AtomEntry {
  const url = `${origin}/connections/${connection._id}`;
  // A spoiler is never quoted: the entry says it is hidden, and a text-only post is titled as such.
  const context = quotableContext(connection).trim();
  const title = connection.movieRef || connection.bookRef || !context ? connectionTitle(connection) : oneLine(context);
  return {
    url,
    title,
    published: connection.createdAt,
    updated: connection.updatedAt,
    author: { name: memberName(connection.userRef), uri: `${origin}/users/${connection.userRef._id}` },
    content: connection.contextSpoiler ? SPOILER_TEXT.hidden : context || title,
    categories: connection.tags,
  };
}

function oneLine(text: string): string {
  // Control characters count as white space here: a title is one line of text.
  const line = text.replace(/[\s\p{Cc}]+/gu, " ");
  return shortened(line, TITLE_LENGTH);
}
