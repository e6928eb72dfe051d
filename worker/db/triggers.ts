/**
 * Every trigger the database should hold once all migrations have run: the declared intent, which
 * tests/database/triggers.test.ts checks against a freshly migrated database and scripts/trigger-guard.ts checks
 * against the text of migrations/ (`npm test`, `npm run db:generate`). A migration that rebuilds or drops a
 * table drops that table's triggers; the guard fails unless the same migration creates them again.
 * How to add one: docs/decisions/012-triggers-and-deletes.md.
 */
export interface DeclaredTrigger {
  name: string;
  /** The table the trigger fires on. */
  table: string;
  /** Timing and event as written in CREATE TRIGGER, without quotes: "AFTER UPDATE OF owner_private". */
  event: string;
  /** The migration (file name without .sql) that first creates it. */
  createdIn: string;
  purpose: string;
}

/**
 * The tables whose rows visitors can see, directly or in a count, and the events that change what they see: each
 * raises the content version (decision 039), so an edge-cached visitor page rendered before the write is never
 * served after it. Favorites, blocks, follow requests, notifications and sessions show to no visitor (a block
 * reaches them through the follows it deletes); kept counts and copies follow these tables' writes.
 */
const CONTENT_EVENTS: ReadonlyArray<readonly [table: string, events: readonly string[]]> = [
  [
    "users",
    [
      "AFTER INSERT",
      "AFTER UPDATE OF username, display_name, bio, location, picture_key, is_private, suspended_at",
      "AFTER DELETE",
    ],
  ],
  ["movies", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["movie_genres", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["movie_actors", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["books", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["book_genres", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["connections", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["connection_tags", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["likes", ["AFTER INSERT", "AFTER DELETE"]],
  ["comments", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
  ["follows", ["AFTER INSERT", "AFTER DELETE"]],
  ["verdict_votes", ["AFTER INSERT", "AFTER UPDATE", "AFTER DELETE"]],
];

const PAST = { INSERT: "inserted", UPDATE: "updated", DELETE: "deleted" } as const;

const CONTENT_VERSION_TRIGGERS: DeclaredTrigger[] = CONTENT_EVENTS.flatMap(([table, events]) =>
  events.map((event) => ({
    name: `content_version_${table}_${PAST[event.split(" ")[1] as keyof typeof PAST]}`,
    table,
    event,
    createdIn: "0022_content_version",
    purpose: "raises the content version: edge-cached visitor pages from before the write are no longer served",
  })),
);

export const TRIGGERS: readonly DeclaredTrigger[] = [
  // The site-wide count of public connections and each connection's copy of its owner's privacy (decision 010).
  {
    name: "connections_inserted",
    table: "connections",
    event: "AFTER INSERT",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "counts a public connection; copies the owner's privacy and suspension onto it",
  },
  {
    name: "connections_deleted",
    table: "connections",
    event: "AFTER DELETE",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "uncounts a deleted public connection",
  },
  {
    name: "connections_privacy_changed",
    table: "connections",
    event: "AFTER UPDATE OF owner_private",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "moves the connection and its tags in or out of the public counts when it starts or stops being 0",
  },
  {
    name: "users_privacy_changed",
    table: "users",
    event: "AFTER UPDATE OF is_private, suspended_at",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "copies a member's privacy and suspension onto their connections (bits 1 and 2 of owner_private)",
  },
  {
    name: "connections_uncounted",
    table: "connections",
    event: "BEFORE DELETE",
    createdIn: "0008_children_deleted_by_foreign_keys",
    purpose: "uncounts a public connection's tags and facets before the cascade deletes them",
  },
  // Popular tags (tag_counts) and tags walked newest first.
  {
    name: "connection_tags_inserted",
    table: "connection_tags",
    event: "AFTER INSERT",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "counts a public connection's new tag",
  },
  {
    name: "connection_tags_deleted",
    table: "connection_tags",
    event: "AFTER DELETE",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "uncounts a tag removed from a public connection",
  },
  {
    name: "connection_tags_updated",
    table: "connection_tags",
    event: "AFTER UPDATE OF tag, connection_id",
    createdIn: "0003_counts_and_owner_privacy",
    purpose: "moves the count from the old tag to the new one",
  },
  {
    name: "connection_tags_dated",
    table: "connection_tags",
    event: "AFTER INSERT",
    createdIn: "0005_tags_newest_first",
    purpose: "copies the connection's created_at and owner (0024) onto the tag row",
  },
  // Each member's count per tag (owner_tag_counts), whatever their privacy: the popular tags a viewer sees.
  {
    name: "owner_tag_counts_counted",
    table: "connection_tags",
    event: "AFTER INSERT",
    createdIn: "0027_owner_tag_counts",
    purpose: "counts a new tag row for its connection's owner",
  },
  {
    name: "owner_tag_counts_uncounted",
    table: "connection_tags",
    event: "AFTER DELETE",
    createdIn: "0027_owner_tag_counts",
    purpose: "uncounts a removed tag row (a cascade too: the row names its owner), dropping counts that reach 0",
  },
  {
    name: "owner_tag_counts_moved",
    table: "connection_tags",
    event: "AFTER UPDATE OF tag, connection_id",
    createdIn: "0027_owner_tag_counts",
    purpose: "moves the count of the owner the row names from the old tag to the new one (0028)",
  },
  // Filter values (connection_facets) and their counts (facet_counts).
  {
    name: "connection_facets_counted",
    table: "connection_facets",
    event: "AFTER INSERT",
    createdIn: "0006_filter_facets",
    purpose: "counts a public connection's new filter value",
  },
  {
    name: "connection_facets_uncounted",
    table: "connection_facets",
    event: "AFTER DELETE",
    createdIn: "0006_filter_facets",
    purpose: "uncounts a filter value removed from a public connection",
  },
  {
    name: "connection_facets_owned",
    table: "connection_facets",
    event: "AFTER INSERT",
    createdIn: "0031_facets_by_owner",
    purpose: "copies the connection's owner onto the filter value's row",
  },
  {
    name: "connection_facets_privacy_changed",
    table: "connections",
    event: "AFTER UPDATE OF owner_private",
    createdIn: "0006_filter_facets",
    purpose: "moves the connection's filter values in or out of the public counts",
  },
  {
    name: "connection_facets_on_insert",
    table: "connections",
    event: "AFTER INSERT",
    createdIn: "0006_filter_facets",
    purpose: "copies a new connection's movie and book filter values (people by slug since 0018)",
  },
  {
    name: "connection_facets_on_movie_change",
    table: "connections",
    event: "AFTER UPDATE OF movie_id",
    createdIn: "0006_filter_facets",
    purpose: "replaces the movie filter values when the connection changes movie",
  },
  {
    name: "connection_facets_on_book_change",
    table: "connections",
    event: "AFTER UPDATE OF book_id",
    createdIn: "0006_filter_facets",
    purpose: "replaces the book filter values when the connection changes book",
  },
  {
    name: "movie_genres_facet_inserted",
    table: "movie_genres",
    event: "AFTER INSERT",
    createdIn: "0006_filter_facets",
    purpose: "adds a new movie genre to the movie's connections",
  },
  {
    name: "movie_genres_facet_deleted",
    table: "movie_genres",
    event: "AFTER DELETE",
    createdIn: "0006_filter_facets",
    purpose: "removes a movie genre from the movie's connections",
  },
  {
    name: "movie_genres_facet_updated",
    table: "movie_genres",
    event: "AFTER UPDATE OF movie_id, name_lower",
    createdIn: "0006_filter_facets",
    purpose: "replaces a changed movie genre on the movie's connections",
  },
  {
    name: "movie_actors_facet_inserted",
    table: "movie_actors",
    event: "AFTER INSERT",
    createdIn: "0006_filter_facets",
    purpose: "adds a new actor's slug to the movie's connections",
  },
  {
    name: "movie_actors_facet_deleted",
    table: "movie_actors",
    event: "AFTER DELETE",
    createdIn: "0006_filter_facets",
    purpose: "removes an actor's slug from the movie's connections unless another spelling keeps it",
  },
  {
    name: "movie_actors_facet_updated",
    table: "movie_actors",
    event: "AFTER UPDATE OF movie_id, slug",
    createdIn: "0006_filter_facets",
    purpose: "replaces a changed actor's slug on the movie's connections (by slug since 0018)",
  },
  {
    name: "book_genres_facet_inserted",
    table: "book_genres",
    event: "AFTER INSERT",
    createdIn: "0006_filter_facets",
    purpose: "adds a new book genre to the book's connections",
  },
  {
    name: "book_genres_facet_deleted",
    table: "book_genres",
    event: "AFTER DELETE",
    createdIn: "0006_filter_facets",
    purpose: "removes a book genre from the book's connections",
  },
  {
    name: "book_genres_facet_updated",
    table: "book_genres",
    event: "AFTER UPDATE OF book_id, name_lower",
    createdIn: "0006_filter_facets",
    purpose: "replaces a changed book genre on the book's connections",
  },
  {
    name: "movies_director_facet_changed",
    table: "movies",
    event: "AFTER UPDATE OF director_slug",
    createdIn: "0006_filter_facets",
    purpose: "replaces the director's slug, the filter value, on the movie's connections (since 0018)",
  },
  {
    name: "books_author_facet_changed",
    table: "books",
    event: "AFTER UPDATE OF author_slug",
    createdIn: "0006_filter_facets",
    purpose: "replaces the author's slug, the filter value, on the book's connections (since 0018)",
  },
  // "Book or film?" tallies per adaptation pair (verdicts), kept from the votes.
  {
    name: "verdict_votes_inserted",
    table: "verdict_votes",
    event: "AFTER INSERT",
    createdIn: "0015_verdict_tallies",
    purpose: "counts a new vote in its pair's tally",
  },
  {
    name: "verdict_votes_changed",
    table: "verdict_votes",
    event: "AFTER UPDATE OF choice",
    createdIn: "0015_verdict_tallies",
    purpose: "moves a changed vote to its new choice",
  },
  {
    name: "verdict_votes_deleted",
    table: "verdict_votes",
    event: "AFTER DELETE",
    createdIn: "0015_verdict_tallies",
    purpose: "uncounts a withdrawn or cascaded vote",
  },
  // Posting order: the rowid of a connection's search document (decision 038).
  {
    name: "connections_sequenced",
    table: "connections",
    event: "AFTER INSERT",
    createdIn: "0021_search_documents",
    purpose: "numbers a new connection after the newest one (`seq`), unless the insert brings its own",
  },
  ...CONTENT_VERSION_TRIGGERS,
  // Each member's number of connections (users.connection_count): the Following feed's count, members to follow.
  {
    name: "connections_member_counted",
    table: "connections",
    event: "AFTER INSERT",
    createdIn: "0023_feeds_spoilers_groups",
    purpose: "counts a new connection on its member",
  },
  {
    name: "connections_member_uncounted",
    table: "connections",
    event: "AFTER DELETE",
    createdIn: "0023_feeds_spoilers_groups",
    purpose: "uncounts a deleted connection from its member",
  },
  // Each actor's row keeps its movie's year and title, the order of the actor's films on their page (decision 021).
  {
    name: "movie_actors_work_copied",
    table: "movie_actors",
    event: "AFTER INSERT",
    createdIn: "0025_person_works",
    purpose: "copies the movie's year and title onto a new actor's row",
  },
  {
    name: "movie_actors_work_moved",
    table: "movie_actors",
    event: "AFTER UPDATE OF movie_id",
    createdIn: "0025_person_works",
    purpose: "copies the new movie's year and title onto an actor's row moved to another movie",
  },
  {
    name: "movies_work_order_changed",
    table: "movies",
    event: "AFTER UPDATE OF year, title",
    createdIn: "0025_person_works",
    purpose: "follows a movie's year (filled in by a later post) or title on its actors' rows",
  },
  // Each connection's likes and comments since `trending_window.counted_from`, for the ranked sorts (decision 031).
  ...(["likes", "comments"] as const).flatMap((table) => [
    {
      name: `${table}_week_counted`,
      table,
      event: "AFTER INSERT",
      createdIn: "0026_week_counts",
      purpose: `counts a new row in its connection's week_${table} when dated inside the counted window`,
    },
    {
      name: `${table}_week_uncounted`,
      table,
      event: "AFTER DELETE",
      createdIn: "0026_week_counts",
      purpose: `takes a deleted row off its connection's week_${table} when it was counted`,
    },
    {
      name: `${table}_week_moved`,
      table,
      event: "AFTER UPDATE OF created_at, connection_id",
      createdIn: "0026_week_counts",
      purpose: `follows a row redated or moved to another connection in week_${table}`,
    },
  ]),
];
