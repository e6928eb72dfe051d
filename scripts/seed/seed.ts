/**
 * Writes the demo content (content.ts) and its generated images (images.ts) into an empty database and R2
 * bucket. Used by `npm start` on first run and by the end-to-end tests, so both see the same believable site.
 * Rows are written with the same normalisation and texts the core services use (tags, search documents,
 * notification messages), so seeded data is indistinguishable from posted data.
 */
import { count } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "../../worker/core/auth/index.ts";
import {
  bookSearchText,
  connectionSearchText,
  indexBook,
  indexConnection,
  indexMovie,
  isbn13Of,
  movieSearchText,
  nameKey,
  titleKey,
} from "../../worker/core/catalog/index.ts";
import { newId } from "../../worker/core/ids.ts";
import { type ImageBucket, type ImageKind, storeImage } from "../../worker/core/images/index.ts";
import { reportSnapshot } from "../../worker/core/moderation/index.ts";
import { type MemberNotificationType, notificationText } from "../../worker/core/notifications/index.ts";
import { memberName, normalizeTags, personSlug, splitList } from "../../worker/core/rules/index.ts";
import type { Database } from "../../worker/db/client.ts";
import * as schema from "../../worker/db/schema.ts";
import {
  comments,
  favorites,
  followRequests,
  follows,
  likes,
  connections as pairs,
  reportCases,
  textPosts,
  users,
  verdictVotes,
} from "./content.ts";
import { DEMO_EMAIL, DEMO_PASSWORD, MODERATOR_EMAIL } from "./demo-account.ts";
import { renderAvatar, renderCover, renderPoster, renderScreenshot } from "./images.ts";
import { cachedCopies } from "./seed-cache.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.users);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoContent(db: Database, bucket: ImageBucket, now = Date.now()): Promise<void> {
  const putPng = (kind: ImageKind, bytes: Uint8Array) =>
    storeImage(bucket, kind, { bytes, type: "image/png" }, cachedCopies);

  // One hash for everyone: PBKDF2 is deliberately slow, and demo accounts share the documented password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userRows = await Promise.all(
    users.map(async (user, index) => ({
      id: newId(now - (400 - index) * DAY),
      username: user.username,
      email: user.email,
      passwordHash,
      displayName: user.displayName,
      bio: user.bio,
      location: user.location,
      isPrivate: user.isPrivate,
      role: user.moderator ? ("moderator" as const) : ("member" as const),
      pictureKey: await putPng("avatar", renderAvatar({ name: memberName(user), hue: user.avatarHue })),
      createdAt: now - (400 - index) * DAY,
    })),
  );
  const userByName = new Map(userRows.map((row) => [row.username, row]));
  const userId = (username: string) => {
    const row = userByName.get(username);
    if (!row) throw new Error(`Seed content names an unknown user: ${username}`);
    return row;
  };

  const movieRows: (typeof schema.movies.$inferInsert)[] = [];
  const bookRows: (typeof schema.books.$inferInsert)[] = [];
  const movieGenreRows: (typeof schema.movieGenres.$inferInsert)[] = [];
  const movieActorRows: (typeof schema.movieActors.$inferInsert)[] = [];
  const bookGenreRows: (typeof schema.bookGenres.$inferInsert)[] = [];
  const movieIds = new Map<string, string>();
  const bookIds = new Map<string, string>();
  /** Each work's search text, copied into the documents of the connections featuring it. */
  const searchTexts = new Map<string, string>();
  const connectionRows: (typeof schema.connections.$inferInsert & { createdAt: number })[] = [];
  const tagRows: (typeof schema.connectionTags.$inferInsert)[] = [];
  const searchRows: BatchItem<"sqlite">[] = [];

  for (const [index, pair] of pairs.entries()) {
    const createdAt = now - pair.daysAgo * DAY - index * 7 * MINUTE;
    // The catalog's identity (decision 019): a movie is its title's key and year, a book its title's and author's.
    const movieKey = `${titleKey(pair.movie.title)}\u0000${pair.movie.year}`;
    let movieId = movieIds.get(movieKey);
    if (!movieId) {
      movieId = newId(createdAt);
      movieIds.set(movieKey, movieId);
      const posterKey = await putPng(
        "poster",
        renderPoster({
          title: pair.movie.title,
          year: pair.movie.year,
          director: pair.movie.director,
          seed: pair.movie.title,
        }),
      );
      movieRows.push({
        id: movieId,
        title: pair.movie.title,
        titleKey: titleKey(pair.movie.title),
        year: pair.movie.year,
        director: pair.movie.director,
        directorSlug: personSlug(pair.movie.director),
        synopsis: pair.movie.synopsis,
        posterKey,
        createdAt,
      });
      for (const [position, name] of splitList(pair.movie.genres).entries()) {
        movieGenreRows.push({ movieId, position, name, nameLower: name.toLowerCase() });
      }
      for (const [position, name] of splitList(pair.movie.actors).entries()) {
        movieActorRows.push({ movieId, position, name, nameLower: name.toLowerCase(), slug: personSlug(name) });
      }
      const text = movieSearchText({
        ...pair.movie,
        genres: splitList(pair.movie.genres),
        actors: splitList(pair.movie.actors),
      });
      searchTexts.set(movieId, text);
      searchRows.push(...indexMovie(db, movieId, text));
    }
    const bookKey = `${titleKey(pair.book.title)}\u0000${nameKey(pair.book.author)}`;
    let bookId = bookIds.get(bookKey);
    if (!bookId) {
      bookId = newId(createdAt);
      bookIds.set(bookKey, bookId);
      const coverKey = await putPng(
        "cover",
        renderCover({ title: pair.book.title, author: pair.book.author, seed: pair.book.title }),
      );
      bookRows.push({
        id: bookId,
        title: pair.book.title,
        titleKey: titleKey(pair.book.title),
        author: pair.book.author,
        authorKey: nameKey(pair.book.author),
        authorSlug: personSlug(pair.book.author),
        publicationYear: pair.book.publicationYear,
        isbn: pair.book.isbn,
        isbn13: isbn13Of(pair.book.isbn),
        synopsis: pair.book.synopsis,
        coverKey,
        createdAt,
      });
      for (const [position, name] of splitList(pair.book.genres).entries()) {
        bookGenreRows.push({ bookId, position, name, nameLower: name.toLowerCase() });
      }
      const text = bookSearchText({ ...pair.book, genres: splitList(pair.book.genres) });
      searchTexts.set(bookId, text);
      searchRows.push(...indexBook(db, bookId, text));
    }

    const id = newId(createdAt);
    const tags = normalizeTags(pair.tags);
    // Connections with a scripted still, and every third one besides, carry a screenshot, so cards show all
    // their variants.
    const caption = pair.screenshot?.caption ?? (index % 3 === 0 ? pair.movie.title : null);
    const screenshotKey = caption
      ? await putPng("screenshot", renderScreenshot({ caption, seed: `${pair.movie.title}-still` }))
      : null;
    connectionRows.push({
      id,
      userId: userId(pair.author).id,
      movieId,
      bookId,
      context: pair.context,
      kind: pair.kind,
      screenshotKey,
      createdAt,
    });
    tagRows.push(...tags.map((tag) => ({ connectionId: id, tag })));
    searchRows.push(
      ...indexConnection(db, id, {
        body: connectionSearchText({ context: pair.context, tags }),
        movie: searchTexts.get(movieId) ?? null,
        book: searchTexts.get(bookId) ?? null,
      }),
    );
  }

  for (const [index, post] of textPosts.entries()) {
    const createdAt = now - post.daysAgo * DAY - index * 11 * MINUTE;
    const id = newId(createdAt);
    const tags = normalizeTags(post.tags);
    connectionRows.push({ id, userId: userId(post.author).id, context: post.context, createdAt });
    tagRows.push(...tags.map((tag) => ({ connectionId: id, tag })));
    searchRows.push(
      ...indexConnection(db, id, {
        body: connectionSearchText({ context: post.context, tags }),
        movie: null,
        book: null,
      }),
    );
  }

  const pairConnection = (index: number) => {
    const row = connectionRows[index];
    if (!row || index >= pairs.length) throw new Error(`Seed content names an unknown connection: ${index}`);
    return row;
  };

  const notificationRows: (typeof schema.notifications.$inferInsert & { createdAt: number })[] = [];
  const notify = (
    type: MemberNotificationType,
    sender: (typeof userRows)[number],
    recipientId: string,
    connectionId: string | null,
    createdAt: number,
    extra: { commentId?: string; dedupeKey?: string } = {},
  ) => {
    if (sender.id === recipientId) return;
    const { message, link } = notificationText(type, sender, connectionId);
    notificationRows.push({
      id: newId(createdAt),
      recipientId,
      senderId: sender.id,
      type,
      connectionId,
      commentId: extra.commentId ?? null,
      dedupeKey: extra.dedupeKey ?? null,
      link,
      message,
      read: true,
      createdAt,
    });
  };

  const followRows = follows.map(([follower, followee], index) => {
    const createdAt = now - (90 - index) * DAY;
    notify("new_follower", userId(follower), userId(followee).id, null, createdAt, { dedupeKey: "follow" });
    return { followerId: userId(follower).id, followeeId: userId(followee).id, createdAt };
  });

  const requestRows = followRequests.map(([requester, target], index) => {
    const createdAt = now - (followRequests.length - index) * 3 * 60 * MINUTE;
    notify("follow_request", userId(requester), userId(target).id, null, createdAt, { dedupeKey: "follow_request" });
    return { id: newId(createdAt), requesterId: userId(requester).id, targetId: userId(target).id, createdAt };
  });

  const likeRows = likes.map((like, index) => {
    const connection = pairConnection(like.connection);
    const createdAt = Math.min(now, connection.createdAt + (index % 48) * 30 * MINUTE + MINUTE);
    const sender = userId(like.user);
    notify("like", sender, connection.userId, connection.id, createdAt, { dedupeKey: `like:${connection.id}` });
    return { connectionId: connection.id, userId: sender.id, createdAt };
  });

  const voteRows = verdictVotes.map((vote, index) => {
    const connection = pairConnection(vote.connection);
    const createdAt = Math.min(now, connection.createdAt + (index % 36) * 40 * MINUTE + 3 * MINUTE);
    return {
      movieId: connection.movieId as string,
      bookId: connection.bookId as string,
      userId: userId(vote.user).id,
      choice: vote.choice,
      createdAt,
    };
  });

  const favoriteRows = favorites.map((favorite, index) => {
    const connection = pairConnection(favorite.connection);
    const createdAt = Math.min(now, connection.createdAt + (index % 24) * 45 * MINUTE + 2 * MINUTE);
    const sender = userId(favorite.user);
    notify("favorite", sender, connection.userId, connection.id, createdAt, {
      dedupeKey: `favorite:${connection.id}`,
    });
    return { userId: sender.id, connectionId: connection.id, createdAt };
  });

  const commentRows = comments.map((comment) => {
    const connection = pairConnection(comment.connection);
    const createdAt = Math.min(now, connection.createdAt + comment.minutesAfterPost * MINUTE);
    const sender = userId(comment.user);
    const id = newId(createdAt);
    notify("comment", sender, connection.userId, connection.id, createdAt, { commentId: id });
    return { id, connectionId: connection.id, userId: sender.id, text: comment.text, createdAt };
  });

  // Open cases, each with its snapshot as the core takes it when a report comes in.
  const caseRows: (typeof schema.reportCases.$inferInsert)[] = [];
  const reportRows: (typeof schema.reports.$inferInsert)[] = [];
  for (const entry of reportCases) {
    const connection = pairConnection(entry.connection);
    const pair = pairs[entry.connection];
    if (!pair) throw new Error(`Seed content names an unknown connection: ${entry.connection}`);
    const firstAt = now - Math.max(...entry.reports.map((report) => report.hoursAgo)) * 60 * MINUTE;
    const commentRow = entry.comment === undefined ? null : (commentRows[entry.comment] ?? null);
    const target = commentRow
      ? {
          type: "comment" as const,
          id: commentRow.id,
          userId: commentRow.userId,
          ...reportSnapshot({ type: "comment", id: commentRow.id, connectionId: connection.id, text: commentRow.text }),
        }
      : {
          type: "connection" as const,
          id: connection.id,
          userId: connection.userId,
          ...reportSnapshot({
            type: "connection",
            id: connection.id,
            movieTitle: pair.movie.title,
            bookTitle: pair.book.title,
            context: pair.context,
          }),
        };
    const caseId = newId(firstAt);
    caseRows.push({
      id: caseId,
      targetType: target.type,
      targetId: target.id,
      targetUserId: target.userId,
      summary: target.summary,
      url: target.url,
      createdAt: firstAt,
    });
    for (const report of entry.reports) {
      const createdAt = now - report.hoursAgo * 60 * MINUTE;
      reportRows.push({
        id: newId(createdAt),
        caseId,
        reporterId: userId(report.reporter).id,
        reason: report.reason,
        note: report.note ?? "",
        createdAt,
      });
    }
  }

  // Each member's three newest notifications are still unread, so the header badge shows a count on first login.
  const byRecipient = Map.groupBy(notificationRows, (row) => row.recipientId);
  for (const rows of byRecipient.values()) {
    const newestFirst = rows.sort((a, b) => b.createdAt - a.createdAt);
    for (const row of newestFirst.slice(0, 3)) row.read = false;
  }

  // Parents before children; libSQL batches run as one transaction, so a failed seed leaves nothing behind.
  const inserts: BatchItem<"sqlite">[] = [
    db.insert(schema.users).values(userRows),
    db.insert(schema.movies).values(movieRows),
    db.insert(schema.movieGenres).values(movieGenreRows),
    db.insert(schema.movieActors).values(movieActorRows),
    db.insert(schema.books).values(bookRows),
    db.insert(schema.bookGenres).values(bookGenreRows),
    // Oldest first, as they would have been posted: posting order is search's newest-first order (decision 038).
    db.insert(schema.connections).values(connectionRows.toSorted((a, b) => a.createdAt - b.createdAt)),
    db.insert(schema.connectionTags).values(tagRows),
    db.insert(schema.follows).values(followRows),
    db.insert(schema.followRequests).values(requestRows),
    db.insert(schema.likes).values(likeRows),
    db.insert(schema.favorites).values(favoriteRows),
    db.insert(schema.verdictVotes).values(voteRows),
    db.insert(schema.comments).values(commentRows),
    db.insert(schema.notifications).values(notificationRows),
    db.insert(schema.reportCases).values(caseRows),
    db.insert(schema.reports).values(reportRows),
    ...searchRows,
  ];
  await db.batch(inserts as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const another = userRows[1];
  console.log(
    `Seeded ${userRows.length} members, ${connectionRows.length} connections, ${commentRows.length} comments, ` +
      `${likeRows.length} likes, ${notificationRows.length} notifications, ${caseRows.length} open reports ` +
      `(demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}; moderator: ${MODERATOR_EMAIL}; every demo member shares that ` +
      `password${another ? `, e.g. ${memberName(another)}` : ""}).`,
  );
}
