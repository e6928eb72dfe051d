/**
 * Builds a benchmark database with `size` connections: the project's own migrations for the schema, then
 * rows written straight into the file with the embedded `libsql` driver (prepared statements in large
 * transactions), because going through the HTTP API would take hours at a million connections.
 *
 * The shape follows what a community site looks like after a few years (all draws are Zipf-like, see
 * random.ts): about one member per 20 connections, a few very active members and a long tail, 10% private
 * members, follows towards popular members, movies and books shared by many connections, a handful of genres,
 * directors and tags that dominate, likes, favorites and comments per connection with heavy tails, and the
 * notifications those actions create. Rows carry the same normalisation and search documents the core
 * services write (worker/core/catalog/search-index.ts, worker/core/notifications/text.ts), so the Worker cannot tell them from
 * posted data.
 */
import Database from "libsql";
import {
  bookSearchText,
  connectionSearchText,
  isbn13Of,
  movieSearchText,
  nameKey,
  titleKey,
} from "../../worker/core/catalog/index.ts";
import { notificationText } from "../../worker/core/notifications/index.ts";
import { normalizeTags, personSlug } from "../../worker/core/rules/index.ts";
import { startLocalDbServer } from "../local-db/server.ts";
import { migrateDatabase } from "../migrate.ts";
import { nth } from "./lists.ts";
import { createRandom, heavyTailCount, pick, seededId, Zipf } from "./random.ts";
import {
  BOOK_GENRES,
  COMMON_TAGS,
  COMMON_TERM,
  MOVIE_GENRES,
  personName,
  pseudoWord,
  RARE_TERM,
  title,
  WORDS,
} from "./vocabulary.ts";

export const BENCH_PASSWORD = "benchmark-password";

/** What the measurement needs to know about a generated database. */
export interface Dataset {
  file: string;
  size: number;
  /** The member the benchmark logs in as: an active member, but not the most active one (see below). */
  viewer: { id: string; email: string };
  /** A public member of the same kind as the viewer, whose profile page is measured. */
  profileUserId: string;
  /** The most active member (public), for the "power user's profile" case. */
  topUserId: string;
  /** The member who follows the most others (up to 500), for the Following feed's worst case. */
  heavyFollower: { id: string; email: string; follows: number };
  /** A recent, visible connection with the most comments among recent ones (the detail page). */
  connectionId: string;
  /** The most popular value of every feed filter. */
  filters: { movieGenre: string; director: string; actor: string; bookGenre: string; author: string; tags: string };
  commonTerm: string;
  rareTerm: string;
  rows: Record<string, number>;
  seconds: number;
}

const DAY = 86_400_000;
/** Connections per transaction: large enough to amortise commits, small enough to keep memory flat. */
const BATCH = 10_000;

export async function generateDataset(
  file: string,
  size: number,
  passwordHash: string,
  log: (message: string) => void,
): Promise<Dataset> {
  const started = performance.now();

  // 1. The schema, exactly as production gets it: the project's migrator through the local server.
  const server = await startLocalDbServer({ file, port: 0 });
  try {
    await migrateDatabase(server.url);
  } finally {
    await server.close();
  }

  const db = new Database(file);
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY",
  );

  // 2. Secondary indexes are dropped during the load and rebuilt at the end: building an index by sorting
  // is much faster than maintaining it row by row. Rebuilding the unique ones also proves the generated data
  // respects them (movie title key+year, book title key+author key, ISBN-13s, usernames, emails, notification
  // dedupe keys).
  // The two kept are what the genre triggers (migrations/0006) search when a new movie's or book's genres are
  // written; without them every such insert would scan all connections loaded so far.
  const keptForTriggers = new Set(["connections_movie_newest", "connections_book_newest"]);
  const indexes = (
    db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as Array<{
      name: string;
      sql: string;
    }>
  ).filter(({ name }) => !keptForTriggers.has(name));
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);

  const random = createRandom(size);
  const now = Date.now();
  const start = now - 3 * 365 * DAY;

  const insert = {
    user: db.prepare(
      "INSERT INTO users (id, username, email, password_hash, display_name, bio, location, is_private, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    follow: db.prepare("INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)"),
    movie: db.prepare(
      "INSERT INTO movies (id, title, title_key, year, director, director_slug, synopsis, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    movieGenre: db.prepare("INSERT INTO movie_genres (movie_id, position, name, name_lower) VALUES (?, ?, ?, ?)"),
    movieActor: db.prepare(
      "INSERT INTO movie_actors (movie_id, position, name, name_lower, slug) VALUES (?, ?, ?, ?, ?)",
    ),
    movieSearch: db.prepare("INSERT INTO movie_search (movie_id, body) VALUES (?, ?)"),
    book: db.prepare(
      "INSERT INTO books (id, title, title_key, author, author_key, author_slug, publication_year, isbn, isbn13, synopsis, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    bookGenre: db.prepare("INSERT INTO book_genres (book_id, position, name, name_lower) VALUES (?, ?, ?, ?)"),
    bookSearch: db.prepare("INSERT INTO book_search (book_id, body) VALUES (?, ?)"),
    connection: db.prepare(
      "INSERT INTO connections (id, user_id, movie_id, book_id, context, created_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    tag: db.prepare("INSERT INTO connection_tags (connection_id, tag) VALUES (?, ?)"),
    connectionSearch: db.prepare(
      "INSERT INTO connection_search (rowid, connection_id, body, movie, book) VALUES (?, ?, ?, ?, ?)",
    ),
    like: db.prepare("INSERT INTO likes (connection_id, user_id, created_at) VALUES (?, ?, ?)"),
    favorite: db.prepare("INSERT INTO favorites (user_id, connection_id, created_at) VALUES (?, ?, ?)"),
    comment: db.prepare("INSERT INTO comments (id, connection_id, user_id, text, created_at) VALUES (?, ?, ?, ?, ?)"),
    notification: db.prepare(
      "INSERT INTO notifications (id, recipient_id, sender_id, type, connection_id, comment_id, dedupe_key, link, message, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
  };

  // ---- Text ----------------------------------------------------------------------------------------------
  const vocabulary = [...WORDS];
  for (let i = 0; vocabulary.length < 3000; i++) vocabulary.push(pseudoWord(i));
  const wordZipf = new Zipf(vocabulary.length, 1.0);
  const sentence = (min: number, max: number) => {
    const count = min + Math.floor(random() * (max - min + 1));
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(nth(vocabulary, wordZipf.sample(random)));
    const text = words.join(" ");
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };

  // ---- Members -------------------------------------------------------------------------------------------
  // Rank = activity: rank 0 posts the most. Ids are time-prefixed by the join date, so id order is unrelated
  // to activity, as on a real site.
  const userCount = Math.max(20, Math.round(size / 20));
  const userZipf = new Zipf(userCount, 0.8);
  const userIds: string[] = [];
  const usernames: string[] = [];
  const displayNames: string[] = [];
  const isPrivate = new Uint8Array(userCount);
  // The viewer is a top-1% member: active enough to have notifications, followers and favorites, and the
  // same kind of member at every size (the single most active member's data grows with the site).
  const viewerRank = Math.max(1, Math.round(userCount / 100));
  const profileRank = viewerRank + 1;
  const alwaysPublic = new Set([0, viewerRank, profileRank]);
  const userTx = db.transaction(() => {
    for (let rank = 0; rank < userCount; rank++) {
      const joined = start - Math.floor(random() * 365 * DAY);
      const id = seededId(random, joined);
      const name = personName(rank + 3000);
      const username = `${name.toLowerCase().replace(/[^a-z]/g, "")}${rank}`;
      const displayName = random() < 0.7 ? name : "";
      const privateMember = !alwaysPublic.has(rank) && random() < 0.1;
      userIds.push(id);
      usernames.push(username);
      displayNames.push(displayName);
      isPrivate[rank] = privateMember ? 1 : 0;
      insert.user.run(
        id,
        username,
        `${username}@example.com`,
        passwordHash,
        displayName,
        random() < 0.3 ? sentence(5, 20) : "",
        random() < 0.3 ? pick(random, ["Lisbon", "Osaka", "Berlin", "Toronto", "Lagos", "Lima", "Oslo", "Pune"]) : "",
        privateMember ? 1 : 0,
        joined,
      );
    }
  });
  userTx();
  log(`    ${userCount.toLocaleString("en")} members`);

  const sender = (rank: number) => ({
    id: nth(userIds, rank),
    username: nth(usernames, rank),
    displayName: nth(displayNames, rank),
  });
  const notify = (
    type: "like" | "comment" | "favorite" | "new_follower",
    senderRank: number,
    recipientRank: number,
    connectionId: string | null,
    createdAt: number,
    commentId: string | null,
    dedupeKey: string | null,
  ) => {
    if (senderRank === recipientRank) return; // never for one's own action (API.md)
    const { message, link } = notificationText(type, sender(senderRank), connectionId);
    // Older notifications have been read; recent ones are partly unread (the header badge's count).
    const read = createdAt < now - 14 * DAY || random() < 0.3 ? 1 : 0;
    insert.notification.run(
      seededId(random, createdAt),
      nth(userIds, recipientRank),
      nth(userIds, senderRank),
      type,
      connectionId,
      commentId,
      dedupeKey,
      link,
      message,
      read,
      createdAt,
    );
  };

  // Follows: most members follow a few people, some follow hundreds; popular members attract followers.
  let followCount = 0;
  let heavyFollower = { rank: 0, follows: -1 };
  const followTx = db.transaction((from: number, to: number) => {
    for (let rank = from; rank < to; rank++) {
      const wanted = heavyTailCount(random, 0.25, 1.15, Math.min(userCount - 1, 500));
      const followees = userZipf.distinct(random, wanted).filter((followee) => followee !== rank);
      if (followees.length > heavyFollower.follows) heavyFollower = { rank, follows: followees.length };
      for (const followee of followees) {
        const createdAt = start + Math.floor(random() * (now - start));
        insert.follow.run(nth(userIds, rank), nth(userIds, followee), createdAt);
        notify("new_follower", rank, followee, null, createdAt, null, "follow");
        followCount++;
      }
    }
  });
  for (let rank = 0; rank < userCount; rank += BATCH) followTx(rank, Math.min(userCount, rank + BATCH));
  log(`    ${followCount.toLocaleString("en")} follows`);

  // ---- Catalogue -----------------------------------------------------------------------------------------
  // Movies and books are pools ranked by popularity; a row is written the first time a connection uses it
  // (with that connection's time), so unused titles never exist, as with find-or-create.
  const movieZipf = new Zipf(Math.max(10, Math.round(size / 6)), 0.9);
  const bookZipf = new Zipf(Math.max(10, Math.round(size / 6)), 0.9);
  const movieIds: Array<string | undefined> = [];
  const bookIds: Array<string | undefined> = [];
  /** Each work's search text, which the documents of the connections featuring it copy. */
  const searchTexts = new Map<string, string>();
  const movieGenreZipf = new Zipf(MOVIE_GENRES.length, 1.0);
  const bookGenreZipf = new Zipf(BOOK_GENRES.length, 1.0);
  const directorZipf = new Zipf(Math.max(10, Math.round(movieZipf.n / 5)), 1.0);
  const actorZipf = new Zipf(Math.max(30, movieZipf.n), 0.9);
  const authorZipf = new Zipf(Math.max(10, Math.round(bookZipf.n / 4)), 1.0);
  const directorName = (rank: number) => personName(rank + 17);
  const actorName = (rank: number) => personName(rank + 1000);
  const authorName = (rank: number) => personName(rank + 2000);

  /** One catalog entry per popularity rank, created by `create` the first time a connection draws that rank. */
  const oncePerRank =
    (zipf: Zipf, ids: Array<string | undefined>, create: (id: string, rank: number, createdAt: number) => void) =>
    (createdAt: number): string => {
      const rank = zipf.sample(random);
      const existing = ids[rank];
      if (existing) return existing;
      const id = seededId(random, createdAt);
      ids[rank] = id;
      create(id, rank, createdAt);
      return id;
    };

  const movieFor = oncePerRank(movieZipf, movieIds, (id, rank, createdAt) => {
    const movie = {
      title: title(rank, "The "),
      director: directorName(directorZipf.sample(random)),
      genres: movieGenreZipf.distinct(random, 1 + Math.floor(random() * 3)).map((g) => nth(MOVIE_GENRES, g)),
      actors: actorZipf.distinct(random, 2 + Math.floor(random() * 3)).map(actorName),
      synopsis: sentence(8, 25),
    };
    const year = 1930 + Math.floor(random() * 95);
    insert.movie.run(
      id,
      movie.title,
      titleKey(movie.title),
      year,
      movie.director,
      personSlug(movie.director),
      movie.synopsis,
      createdAt,
    );
    for (const [position, name] of movie.genres.entries())
      insert.movieGenre.run(id, position, name, name.toLowerCase());
    for (const [position, name] of movie.actors.entries())
      insert.movieActor.run(id, position, name, name.toLowerCase(), personSlug(name));
    const text = movieSearchText(movie);
    searchTexts.set(id, text);
    insert.movieSearch.run(id, text);
  });

  const bookFor = oncePerRank(bookZipf, bookIds, (id, rank, createdAt) => {
    const book = {
      title: title(rank, ""),
      author: authorName(authorZipf.sample(random)),
      genres: bookGenreZipf.distinct(random, 1 + Math.floor(random() * 2)).map((g) => nth(BOOK_GENRES, g)),
      synopsis: sentence(8, 25),
    };
    // One valid ISBN per book (the rank names it; the check digit is the one isbn13Of accepts), as posted.
    const stem = `978${String(rank).padStart(9, "0")}`;
    const isbn = Array.from({ length: 10 }, (_, digit) => `${stem}${digit}`).find((code) => isbn13Of(code)) ?? stem;
    const published = 1800 + Math.floor(random() * 225);
    const authorKey = nameKey(book.author);
    insert.book.run(
      id,
      book.title,
      titleKey(book.title),
      book.author,
      authorKey,
      personSlug(book.author),
      published,
      isbn,
      isbn,
      book.synopsis,
      createdAt,
    );
    for (const [position, name] of book.genres.entries()) insert.bookGenre.run(id, position, name, name.toLowerCase());
    const text = bookSearchText(book);
    searchTexts.set(id, text);
    insert.bookSearch.run(id, text);
  });

  // Tags: the vocabulary grows slower than the site (Heaps' law), a few dominate.
  const tagCount = Math.max(COMMON_TAGS.length, Math.round(60 * size ** 0.35));
  const tagZipf = new Zipf(tagCount, 1.05);
  const tagName = (rank: number) =>
    COMMON_TAGS[rank] ?? `${WORDS[9 + (rank % (WORDS.length - 9))]} ${pseudoWord(rank)}`;

  // ---- Connections and everything hanging off them -------------------------------------------------------
  const rareAt = new Set([Math.floor(size * 0.2), Math.floor(size * 0.5), Math.floor(size * 0.9)]);
  const recentFrom = Math.max(0, size - 2000);
  let detail = { id: "", comments: -1 };
  const counts = { likes: 0, comments: 0, favorites: 0 };

  const connectionTx = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const createdAt = Math.floor(start + ((i + random()) / size) * (now - start - DAY));
      const id = seededId(random, createdAt);
      const author = userZipf.sample(random);
      // Mostly pairs; some movie-only or book-only posts and a few text-only ones (SPEC allows all).
      const kind = random();
      const movieId = kind < 0.95 ? movieFor(createdAt) : null;
      const bookId = kind < 0.9 || (kind >= 0.95 && kind < 0.99) ? bookFor(createdAt) : null;
      let context = sentence(10, 25);
      if (rareAt.has(i)) context = `${context.slice(0, -1)} ${RARE_TERM}.`;
      const tags = normalizeTags(
        random() < 0.1 ? [] : tagZipf.distinct(random, 1 + Math.floor(random() * 4)).map(tagName),
      );
      // Posting order is creation order here, as on a live site (the trigger would look up the newest each time).
      const seq = i + 1;
      insert.connection.run(id, nth(userIds, author), movieId, bookId, context, createdAt, seq);
      for (const tag of tags) insert.tag.run(id, tag);
      insert.connectionSearch.run(
        seq,
        id,
        connectionSearchText({ context, tags }),
        movieId && (searchTexts.get(movieId) ?? null),
        bookId && (searchTexts.get(bookId) ?? null),
      );

      const later = () => Math.min(now, createdAt + Math.floor(random() * 7 * DAY));
      const likers = userZipf.distinct(random, heavyTailCount(random, 0.45, 1.6, Math.min(userCount - 1, 300)));
      for (const liker of likers) {
        const at = later();
        insert.like.run(id, nth(userIds, liker), at);
        notify("like", liker, author, id, at, null, `like:${id}`);
      }
      const favoriters = userZipf.distinct(random, heavyTailCount(random, 0.85, 2.0, 20));
      for (const favoriter of favoriters) {
        const at = later();
        insert.favorite.run(nth(userIds, favoriter), id, at);
        notify("favorite", favoriter, author, id, at, null, `favorite:${id}`);
      }
      const commentCount = heavyTailCount(random, 0.85, 1.8, 60);
      for (let c = 0; c < commentCount; c++) {
        const commenter = userZipf.sample(random);
        const at = later();
        const commentId = seededId(random, at);
        insert.comment.run(commentId, id, nth(userIds, commenter), sentence(4, 30), at);
        notify("comment", commenter, author, id, at, commentId, null);
      }
      counts.likes += likers.length;
      counts.favorites += favoriters.length;
      counts.comments += commentCount;
      if (i >= recentFrom && !isPrivate[author] && commentCount > detail.comments)
        detail = { id, comments: commentCount };
    }
  });
  for (let from = 0; from < size; from += BATCH) {
    connectionTx(from, Math.min(size, from + BATCH));
    if (size >= 100_000 && (from / BATCH) % 10 === 9 && from + BATCH < size)
      log(`    ${(from + BATCH).toLocaleString("en")} connections`);
  }
  log(
    `    ${size.toLocaleString("en")} connections, ${counts.likes.toLocaleString("en")} likes, ${counts.comments.toLocaleString("en")} comments`,
  );

  // 3. Indexes back, in one go.
  const indexStarted = performance.now();
  db.transaction(() => {
    for (const { sql } of indexes) db.exec(sql);
  })();
  log(`    indexes rebuilt in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);

  const rows: Record<string, number> = {};
  for (const table of [
    "users",
    "follows",
    "movies",
    "books",
    "connections",
    "connection_tags",
    "likes",
    "favorites",
    "comments",
    "notifications",
  ]) {
    rows[table] = Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  }
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();

  return {
    file,
    size,
    viewer: { id: nth(userIds, viewerRank), email: `${usernames[viewerRank]}@example.com` },
    profileUserId: nth(userIds, profileRank),
    topUserId: nth(userIds, 0),
    heavyFollower: {
      id: nth(userIds, heavyFollower.rank),
      email: `${usernames[heavyFollower.rank]}@example.com`,
      follows: heavyFollower.follows,
    },
    connectionId: detail.id,
    filters: {
      movieGenre: nth(MOVIE_GENRES, 0),
      director: directorName(0),
      actor: actorName(0),
      bookGenre: nth(BOOK_GENRES, 0),
      author: authorName(0),
      tags: nth(COMMON_TAGS, 0),
    },
    commonTerm: COMMON_TERM,
    rareTerm: RARE_TERM,
    rows,
    seconds: (performance.now() - started) / 1000,
  };
}
