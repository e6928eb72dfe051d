/**
 * The whole data model in one place (SPEC.md §3, API.md "Shapes").
 *
 * Conventions:
 * - Ids are 24-hex strings from `newId()` (time-ordered, so "newest first, ties by id" sorts well).
 * - Times are integer milliseconds since the epoch.
 * - Case-insensitive uniqueness and matching use `lower(...)` expression indexes, so lookups stay indexed;
 *   movies and books match on keys the catalog computes (worker/core/catalog/identity.ts, decision 019).
 * - List-valued fields (genres, actors, tags) live in their own tables with a lower-cased column, so
 *   "case-insensitive exact match on any element" is an index seek instead of a scan over JSON.
 * - Images are R2 object keys; the API turns them into absolute URLs.
 * - Counts that pages need on every request (public connections in all, per tag, per filter value), the
 *   copies the filters walk (`connection_facets`, tags' `created_at`, both rows' owner) and each connection's copy
 *   of its owner's privacy are kept up to date by triggers (listed in `triggers.ts`), so every write path maintains them
 *   and reads never scan all connections to count or filter them.
 * - Child rows go with their parent through `onDelete: "cascade"` and nothing else: no service and no trigger
 *   deletes them (docs/decisions/012-triggers-and-deletes.md). A schema change that makes drizzle-kit rebuild a
 *   table drops its triggers; `npm run db:generate` says which to create again.
 */
import { desc, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { CONNECTION_KINDS, IMAGE_FIELDS, VERDICT_CHOICES } from "../core/rules/index.ts";
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, RESOLVE_ACTIONS } from "../core/rules/moderation.ts";

const createdAt = () =>
  integer("created_at", { mode: "number" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** A row's parent: the row cannot exist without it and goes with it (the one way child rows are deleted). */
const childOf = (column: string, parent: () => AnySQLiteColumn) =>
  text(column).notNull().references(parent, { onDelete: "cascade" });

/**
 * A movie's or book's list-valued field (genres, actors): one row per item, in order, keyed and matched by its
 * lower-cased name. One definition for all three, because the catalog writes them with one statement shape.
 */
function nameListColumns<const Key extends string>(key: Key, column: string, owner: () => AnySQLiteColumn) {
  const ownerId = childOf(column, owner);
  return {
    ...({ [key]: ownerId } as Record<Key, typeof ownerId>),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
  };
}

function nameListKeys<const Key extends string>(table: string, key: Key) {
  return (t: Record<Key | "nameLower", AnySQLiteColumn>) => [
    primaryKey({ columns: [t[key], t.nameLower] }),
    index(`${table}_name`).on(t.nameLower, t[key]),
  ];
}

function nameList<const Key extends string>(table: string, key: Key, column: string, owner: () => AnySQLiteColumn) {
  return sqliteTable(table, nameListColumns(key, column, owner), nameListKeys(table, key));
}

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    displayName: text("display_name").notNull().default(""),
    bio: text("bio").notNull().default(""),
    location: text("location").notNull().default(""),
    pictureKey: text("picture_key"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
    /** Moderators work the report queue (decision 017); operators grant the role with `npm run admin`. */
    role: text("role", { enum: ["member", "moderator"] })
      .notNull()
      .default("member"),
    /** Set while a moderator's suspension holds: no login, no sessions, content hidden from all but moderators. */
    suspendedAt: integer("suspended_at", { mode: "number" }),
    /**
     * How many connections the member has posted, kept by triggers (migrations/0023_feeds_spoilers_groups): the Following
     * feed's page count and the most active members it suggests (decision 031).
     */
    connectionCount: integer("connection_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("users_username_ci").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_ci").on(sql`lower(${t.email})`),
    index("users_public_by_username").on(t.isPrivate, sql`lower(${t.username})`),
    // The few suspended members, which every non-moderator's read of comments, likes and member lists leaves out.
    index("users_suspended").on(t.id).where(sql`${t.suspendedAt} is not null`),
    // Members to follow: the most active public, unsuspended members, read from the top (decision 031).
    index("users_most_active")
      .on(desc(t.connectionCount), t.id)
      .where(sql`${t.isPrivate} = 0 and ${t.suspendedAt} is null`),
    // What the Following tab and the privacy projection read about each followed member, without their wide rows
    // (decision 045). Named with INDEXED BY where it serves: without statistics, SQLite would pick it for others.
    index("users_shown").on(t.id, t.isPrivate, t.connectionCount).where(sql`${t.suspendedAt} is null`),
  ],
);

/** One row per logged-in token; deleting it revokes the token everywhere (logout, password change). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: childOf("user_id", () => users.id),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/**
 * External ids of a work (TMDB, IMDb, Wikidata, Open Library, ISBN-13): at most one row holds each, and a post
 * naming one joins that row whatever its title says (decision 019).
 */
const externalId = (name: string, column: AnySQLiteColumn) =>
  uniqueIndex(name).on(column).where(sql`${column} is not null`);

/**
 * A movie is its title's key and its year (decision 019): "Little Women" (1994) and (2019) are two rows. At most
 * one row of a title has no year; it is where posts that do not say which film go when the title has several.
 * `title_key` is null only on rows written before migration 0016 until its backfill has run.
 */
export const movies = sqliteTable(
  "movies",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    titleKey: text("title_key"),
    year: integer("year"),
    director: text("director").notNull().default(""),
    /** `personSlug(director)`: the director's page and filter value. Null only until the backfill has run. */
    directorSlug: text("director_slug"),
    synopsis: text("synopsis").notNull().default(""),
    posterKey: text("poster_key"),
    tmdbId: text("tmdb_id"),
    imdbId: text("imdb_id"),
    wikidataId: text("wikidata_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("movies_identity").on(t.titleKey, t.year),
    uniqueIndex("movies_identity_yearless").on(t.titleKey).where(sql`${t.year} is null`),
    externalId("movies_tmdb", t.tmdbId),
    // Whose picture an image key is, asked by every image request (decision 028).
    index("movies_poster_key").on(t.posterKey).where(sql`${t.posterKey} is not null`),
    externalId("movies_imdb", t.imdbId),
    externalId("movies_wikidata", t.wikidataId),
    index("movies_director_ci").on(sql`lower(${t.director})`),
    index("movies_director_slug").on(t.directorSlug),
    // The director's films in the order their page lists them (decision 021), so it reads only the first 50.
    index("movies_director_works").on(t.directorSlug, desc(t.year), t.title, t.id),
  ],
);

export const movieGenres = nameList("movie_genres", "movieId", "movie_id", () => movies.id);

/**
 * Actors are people: each row also keeps `personSlug(name)`, indexed, for their page and the actor filter, and a
 * copy of its movie's year and title (triggers, migration 0025), so an actor's films are one index range in the
 * order their page lists them, however many films they are credited in.
 */
export const movieActors = sqliteTable(
  "movie_actors",
  {
    ...nameListColumns("movieId", "movie_id", () => movies.id),
    slug: text("slug"),
    movieYear: integer("movie_year"),
    movieTitle: text("movie_title").notNull().default(""),
  },
  (t) => [
    ...nameListKeys("movie_actors", "movieId")(t),
    index("movie_actors_slug").on(t.slug, t.movieId),
    index("movie_actors_works").on(t.slug, desc(t.movieYear), t.movieTitle, t.movieId),
  ],
);

/**
 * A book is its title's key and its author's key, "" when no author is known (two "Dune"s by different authors
 * differ; decision 019). `isbn` is what was typed; `isbn13` the valid ISBN it names, if any. The keys are null
 * only on rows written before migration 0016 until its backfill has run.
 */
export const books = sqliteTable(
  "books",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    titleKey: text("title_key"),
    author: text("author").notNull().default(""),
    authorKey: text("author_key"),
    /** `personSlug(author)`, as `movies.director_slug`. */
    authorSlug: text("author_slug"),
    publicationYear: integer("publication_year"),
    isbn: text("isbn").notNull().default(""),
    synopsis: text("synopsis").notNull().default(""),
    coverKey: text("cover_key"),
    openLibraryId: text("open_library_id"),
    isbn13: text("isbn13"),
    wikidataId: text("wikidata_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("books_identity").on(t.titleKey, t.authorKey),
    externalId("books_open_library", t.openLibraryId),
    index("books_cover_key").on(t.coverKey).where(sql`${t.coverKey} is not null`),
    externalId("books_isbn13", t.isbn13),
    externalId("books_wikidata", t.wikidataId),
    index("books_author_ci").on(sql`lower(${t.author})`),
    index("books_author_slug").on(t.authorSlug),
    // The author's books in the order their page lists them (decision 021), so it reads only the first 50.
    index("books_author_works").on(t.authorSlug, desc(t.publicationYear), t.title, t.id),
  ],
);

export const bookGenres = nameList("book_genres", "bookId", "book_id", () => books.id);

export const connections = sqliteTable(
  "connections",
  {
    id: text("id").primaryKey(),
    userId: childOf("user_id", () => users.id),
    movieId: text("movie_id").references(() => movies.id),
    bookId: text("book_id").references(() => books.id),
    context: text("context").notNull().default(""),
    /** The context gives something away: shown only behind "Show spoiler", never in previews (decision 032). */
    contextSpoiler: integer("context_spoiler", { mode: "boolean" }).notNull().default(false),
    kind: text("kind", { enum: CONNECTION_KINDS }).notNull().default("other"),
    screenshotKey: text("screenshot_key"),
    moviePosterKey: text("movie_poster_key"),
    bookCoverKey: text("book_cover_key"),
    /**
     * A copy of the owner's visibility, set and kept by triggers, which the privacy rule reads per row: 0 when
     * anyone may see it, else bit 1 = the owner is private, bit 2 = the owner is suspended (decision 017). The
     * kept counts count the rows at 0. (Declared boolean as first generated; read only in SQL.)
     */
    ownerPrivate: integer("owner_private", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
    /**
     * Posting order, 1, 2, 3…, set by a trigger when a row is inserted without one (migrations/0021): the rowid
     * of the connection's search document, so search reads its matches newest first straight from the index
     * (decision 038). An explicit column, because VACUUM may renumber a table's implicit rowids.
     */
    seq: integer("seq"),
    /**
     * The connection's likes and comments dated from `trending_window.counted_from` on, kept by triggers
     * (migrations/0026) and aged hourly by the cron: an upper bound of this week's that the "top" and "discussed"
     * sorts walk in order, instead of ranking the week's likes on every request (decision 031's addendum).
     */
    weekLikes: integer("week_likes").notNull().default(0),
    weekComments: integer("week_comments").notNull().default(0),
  },
  (t) => [
    uniqueIndex("connections_seq").on(t.seq),
    // Each carries what the privacy rule reads, so choosing a page's ids and counting never visit the table.
    index("connections_newest").on(t.createdAt, t.id, t.ownerPrivate, t.userId),
    index("connections_user_newest").on(t.userId, t.createdAt, t.id, t.ownerPrivate),
    index("connections_movie_newest").on(t.movieId, t.createdAt, t.id, t.ownerPrivate, t.userId),
    index("connections_book_newest").on(t.bookId, t.createdAt, t.id, t.ownerPrivate, t.userId),
    index("connections_kind_newest").on(t.kind, t.createdAt, t.id, t.ownerPrivate, t.userId),
    // Whether the viewer may see an adaptation of a movie and book pair, before its verdict is shown (decision 018).
    index("connections_adaptation_pair")
      .on(t.movieId, t.bookId, t.ownerPrivate, t.userId)
      .where(sql`${t.kind} = 'adaptation'`),
    // Which connection an image key belongs to, asked by every image request (decision 028).
    index("connections_screenshot_key").on(t.screenshotKey, t.ownerPrivate).where(sql`${t.screenshotKey} is not null`),
    index("connections_movie_poster_key")
      .on(t.moviePosterKey, t.ownerPrivate)
      .where(sql`${t.moviePosterKey} is not null`),
    index("connections_book_cover_key").on(t.bookCoverKey, t.ownerPrivate).where(sql`${t.bookCoverKey} is not null`),
    // The ranked sorts' walks, in their page order, carrying what the privacy rule reads. Every connection is listed,
    // those at 0 too: a ranked page past the ranked rows reads the rest, newest first, from the 0 entries (migration
    // 0032, decision 031's second addendum).
    index("connections_week_likes").on(desc(t.weekLikes), desc(t.createdAt), desc(t.id), t.ownerPrivate, t.userId),
    index("connections_week_comments").on(
      desc(t.weekComments),
      desc(t.createdAt),
      desc(t.id),
      t.ownerPrivate,
      t.userId,
    ),
  ],
);

/**
 * One row: likes and comments dated `counted_from` or later are in the connections' `week_likes` and
 * `week_comments`. The cron moves it to 7 days ago, taking off what it passes (decision 031's addendum).
 */
export const trendingWindow = sqliteTable("trending_window", {
  id: integer("id").primaryKey(),
  countedFrom: integer("counted_from").notNull(),
});

/** Tags are stored normalised (trimmed, lower-cased, inner space collapsed), so equality is the match. */
export const connectionTags = sqliteTable(
  "connection_tags",
  {
    connectionId: childOf("connection_id", () => connections.id),
    tag: text("tag").notNull(),
    /** The connection's `created_at`, copied by a trigger, so a tag's connections can be walked newest first. */
    createdAt: integer("created_at", { mode: "number" }).notNull().default(0),
    /**
     * The connection's owner, copied by the same trigger (a connection never changes owner), so a removed tag row
     * still names whose count (`owner_tag_counts`) it leaves, even when its connection is already gone (a cascade).
     */
    userId: text("user_id").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.tag] }),
    // The owner last: a Following walk of a tag's entries skips the members it does not follow on the index alone.
    index("connection_tags_newest").on(t.tag, t.createdAt, t.connectionId, t.userId),
  ],
);

/**
 * How many of each member's connections carry each tag, whatever the member's privacy (trigger-maintained): the
 * popular tags a viewer sees add those of the private members they follow, one row per member and tag rather than
 * one per tagged connection (decision 042). Its migration (0027) makes it WITHOUT ROWID, which drizzle-kit cannot
 * say: a member's counts are one range of the key's b-tree.
 */
export const ownerTagCounts = sqliteTable(
  "owner_tag_counts",
  {
    userId: text("user_id").notNull(),
    tag: text("tag").notNull(),
    connections: integer("connections").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tag] }),
    // A member's largest count is the first entry of their range: the popular tags' bound on what they add.
    index("owner_tag_counts_top").on(t.userId, desc(t.connections)),
  ],
);

/** The feed filters other than tags, as stored in `connection_facets.facet`. */
export const FACETS = ["movieGenre", "director", "actor", "bookGenre", "author"] as const;

/**
 * Every value a connection can be filtered by (its movie's genres, director and actors, its book's genres and
 * author) with the connection's creation time and owner: genres lower-cased, people by their slug (decision 021).
 * Copied by triggers from the movie and book tables (migrations/0006; the owner from the connection, 0031), so a
 * filter value's connections can be walked newest first, a followed member's picked out on the index, and counted
 * from `facet_counts`, instead of testing every connection.
 */
export const connectionFacets = sqliteTable(
  "connection_facets",
  {
    connectionId: childOf("connection_id", () => connections.id),
    facet: text("facet", { enum: FACETS }).notNull(),
    value: text("value").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    /** The connection's owner, copied by a trigger (a connection never changes owner), as on `connection_tags`. */
    userId: text("user_id").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.facet, t.value] }),
    // The owner last: a Following walk of a value's entries skips the members it does not follow on the index alone.
    index("connection_facets_newest").on(t.facet, t.value, t.createdAt, t.connectionId, t.userId),
  ],
);

/** How many connections of public members have each facet value (trigger-maintained, like `tag_counts`). */
export const facetCounts = sqliteTable(
  "facet_counts",
  {
    facet: text("facet", { enum: FACETS }).notNull(),
    value: text("value").notNull(),
    publicConnections: integer("public_connections").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.facet, t.value] }),
    // A filter's most featured values (the feed form's suggestions), read from the top without sorting.
    index("facet_counts_popular").on(t.facet, desc(t.publicConnections), t.value),
  ],
);

/** How many connections of public members carry each tag (trigger-maintained; the sidebar's popular tags). */
export const tagCounts = sqliteTable(
  "tag_counts",
  {
    tag: text("tag").primaryKey(),
    publicConnections: integer("public_connections").notNull().default(0),
  },
  (t) => [index("tag_counts_popular").on(desc(t.publicConnections), t.tag)],
);

/** Site-wide counts by name (trigger-maintained); `public_connections` is the only one so far. */
export const counters = sqliteTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

export const likes = sqliteTable(
  "likes",
  {
    connectionId: childOf("connection_id", () => connections.id),
    userId: childOf("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.userId] }),
    // A member's likes, newest last: also what the ranked sorts take off for a member hidden from the viewer.
    index("likes_user_dated").on(t.userId, t.createdAt),
    // The last 7 days' likes, a bounded range read for the "top this week" sort (decision 031).
    index("likes_recent").on(t.createdAt, t.connectionId, t.userId),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    userId: childOf("user_id", () => users.id),
    connectionId: childOf("connection_id", () => connections.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.connectionId] }),
    index("favorites_connection").on(t.connectionId),
    index("favorites_user_newest").on(t.userId, t.createdAt),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    connectionId: childOf("connection_id", () => connections.id),
    userId: childOf("user_id", () => users.id),
    text: text("text").notNull(),
    /** The comment gives something away: shown only behind "Show spoiler" (decision 032). */
    spoiler: integer("spoiler", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    index("comments_connection_oldest").on(t.connectionId, t.createdAt, t.id),
    index("comments_user_dated").on(t.userId, t.createdAt),
    // The last 7 days' comments, a bounded range read for the "most discussed" sort (decision 031).
    index("comments_recent").on(t.createdAt, t.connectionId, t.userId),
  ],
);

export const follows = sqliteTable(
  "follows",
  {
    followerId: childOf("follower_id", () => users.id),
    followeeId: childOf("followee_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee").on(t.followeeId, t.followerId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * A request to follow a private member, waiting for their answer (API.md "Follow requests"). A pair never has a
 * request and a follow at once: every write that creates one removes or refuses the other in the same batch.
 */
export const followRequests = sqliteTable(
  "follow_requests",
  {
    id: text("id").primaryKey(),
    requesterId: childOf("requester_id", () => users.id),
    targetId: childOf("target_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follow_requests_pair").on(t.requesterId, t.targetId),
    index("follow_requests_target_newest").on(t.targetId, t.createdAt, t.id),
    check("follow_requests_not_self", sql`${t.requesterId} <> ${t.targetId}`),
  ],
);

/**
 * A member keeping another out (API.md "Blocks"): read by the one privacy rule in both directions. Blocking removes
 * the pair's follows and requests in the same batch, and every follow or request write refuses a blocked pair in
 * its own statement, so a pair never has a block and a follow at once.
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked").on(t.blockedId, t.blockerId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const notificationTypes = [
  "like",
  "comment",
  "favorite",
  "new_follower",
  "follow_request",
  "follow_accepted",
  "moderation",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    recipientId: childOf("recipient_id", () => users.id),
    senderId: childOf("sender_id", () => users.id),
    type: text("type", { enum: notificationTypes }).notNull(),
    connectionId: text("connection_id").references(() => connections.id, { onDelete: "cascade" }),
    commentId: text("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /**
     * Set for like, favorite, follow and follow request notifications ("like:<connectionId>", "follow",
     * "follow_request", "follow_accepted"): the unique index below makes a repeated action by the same sender a
     * no-op instead of a second notification.
     */
    dedupeKey: text("dedupe_key"),
    link: text("link").notNull().default(""),
    message: text("message").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_recipient_newest").on(t.recipientId, t.createdAt, t.id),
    index("notifications_connection").on(t.connectionId),
    index("notifications_comment").on(t.commentId),
    // One connection's likes, favorites or comments for one member: a notification group (decision 033).
    index("notifications_group").on(t.recipientId, t.connectionId, t.type, t.createdAt, t.id),
    // The unread entries the header's badge counts, one per group (decision 033).
    index("notifications_unread").on(t.recipientId, t.type, t.connectionId, t.id).where(sql`${t.read} = 0`),
    uniqueIndex("notifications_dedupe").on(t.recipientId, t.senderId, t.dedupeKey),
  ],
);

/**
 * Password reset links (issue 13): the SHA-256 of each link's token (only the e-mail holds the token itself), its
 * member and when it stops working. A link is claimed by deleting its row, so it works once.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: childOf("user_id", () => users.id),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("password_resets_user").on(t.userId, t.expiresAt), index("password_resets_expiry").on(t.expiresAt)],
);

/**
 * The development outbox: mail kept here instead of sent when `MAIL_OUTBOX` is on and no provider is configured
 * (`npm start`, tests), shown at /dev/outbox. Production sends through the provider and leaves it empty.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_newest").on(t.createdAt, t.id)],
);

/**
 * One case per reported thing while it is open (decision 017): reports of the same connection, comment or member
 * gather in it until a moderator resolves it; a later report opens a new case. `summary` and `url` are what the
 * target looked like when first reported, so the queue and the log still say what it was after a removal.
 */
export const reportCases = sqliteTable(
  "report_cases",
  {
    id: text("id").primaryKey(),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text("target_id").notNull(),
    /** The member the case is about: the author of the connection or comment, or the member reported. */
    targetUserId: text("target_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    summary: text("summary").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "number" }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: RESOLVE_ACTIONS }),
    resolutionNote: text("resolution_note").notNull().default(""),
  },
  (t) => [
    uniqueIndex("report_cases_open_target").on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index("report_cases_queue").on(t.status, t.resolvedAt),
    index("report_cases_target_user").on(t.targetUserId),
    index("report_cases_resolved_by").on(t.resolvedBy),
  ],
);

/** One member's report in a case; a member reports a case once. */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    caseId: text("case_id")
      .notNull()
      .references(() => reportCases.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_once_per_case").on(t.caseId, t.reporterId),
    index("reports_reporter").on(t.reporterId, t.createdAt),
  ],
);

export const MODERATION_ACTIONS = [...RESOLVE_ACTIONS, "unsuspend", "grant", "revoke"] as const;

/**
 * The audit log: every moderator's and operator's action, written in the same transaction as the action and
 * never changed. Who, target and what it was are copied, so an entry still reads right after the target or the
 * moderator has gone (their ids then become null or point at nothing).
 */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: text("id").primaryKey(),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    /** The moderator's username, or "operator" for the command line. */
    actorName: text("actor_name").notNull(),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    caseId: text("case_id"),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text("target_id").notNull(),
    summary: text("summary").notNull(),
    url: text("url").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_actions_newest").on(t.createdAt, t.id),
    index("moderation_actions_moderator").on(t.moderatorId),
  ],
);

/**
 * "Book or film?": one member's vote on an adaptation pair (a movie and a book), whichever connection of the
 * pair it was cast on; the primary key makes it one vote per member per pair.
 */
export const verdictVotes = sqliteTable(
  "verdict_votes",
  {
    movieId: childOf("movie_id", () => movies.id),
    bookId: childOf("book_id", () => books.id),
    userId: childOf("user_id", () => users.id),
    choice: text("choice", { enum: VERDICT_CHOICES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.movieId, t.bookId, t.userId] }), index("verdict_votes_user").on(t.userId)],
);

/** Each pair's tally, kept by triggers on `verdict_votes` (migration 0015), so a card reads one row. */
export const verdicts = sqliteTable(
  "verdicts",
  {
    movieId: childOf("movie_id", () => movies.id),
    bookId: childOf("book_id", () => books.id),
    book: integer("book").notNull().default(0),
    film: integer("film").notNull().default(0),
    tie: integer("tie").notNull().default(0),
    total: integer("total").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.movieId, t.bookId] }),
    index("verdicts_book").on(t.bookId, t.movieId),
    index("verdicts_most_debated").on(sql`(${t.total} - abs(${t.book} - ${t.film})) desc`),
    index("verdicts_clearest").on(sql`(abs(${t.book} - ${t.film}) * 1.0 / ${t.total}) desc`, desc(t.total)),
  ],
);

/**
 * An image put in R2 for a write that has not shown it yet (decision 030). The row is written before the object,
 * and the write that shows the image claims it in the same transaction, so an object is either shown by a row or
 * listed here unclaimed. A form that failed names its images by these ids, so the retry needs no file again; the
 * scheduled sweep deletes the objects nobody claimed within a day, and the claimed rows after a day. `user_id`
 * has no foreign key on purpose: the account's deletion deletes its unclaimed objects and rows itself.
 */
export const stagedUploads = sqliteTable(
  "staged_uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** The connection image field it was chosen for. */
    field: text("field", { enum: IMAGE_FIELDS }).notNull(),
    imageKey: text("image_key").notNull(),
    /** The file's name as the member chose it, shown by the form that keeps it. */
    fileName: text("file_name").notNull(),
    /** SHA-256 of the bytes (hex): a retry naming this upload is the same request as one sending the file. */
    digest: text("digest").notNull(),
    createdAt: createdAt(),
    /** When a row took the image (null: none yet). Kept a day, so a retry of that post is still known as one. */
    claimedAt: integer("claimed_at", { mode: "number" }),
  },
  (t) => [index("staged_uploads_user").on(t.userId), index("staged_uploads_due").on(t.claimedAt, t.createdAt)],
);

/**
 * A member's Idempotency-Key for a connection they posted (decision 030): a retry with the key answers that
 * connection instead of posting again. Written in the post's own transaction; kept a day, then swept.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: childOf("user_id", () => users.id),
    key: text("key").notNull(),
    /** SHA-256 of the request (fields and image digests): a reused key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    connectionId: childOf("connection_id", () => connections.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_connection").on(t.connectionId),
    index("idempotency_keys_oldest").on(t.createdAt),
  ],
);
