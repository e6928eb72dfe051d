// Child rows go with their parent by ON DELETE CASCADE alone (decision 012), whoever deletes the parent: here
// plain SQL on a freshly migrated database, with no application code involved. The kept counts (decision 010)
// must still equal a count from scratch afterwards.

import { type Client, createClient } from "@libsql/client";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../worker/core/ids.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import {
  bookGenres,
  books,
  comments,
  connections,
  connectionTags,
  favorites,
  likes,
  movieActors,
  movieGenres,
  movies,
  notifications,
  users,
} from "../../worker/db/schema.ts";
import { type MigratedDatabase, startMigratedDatabase } from "../support/database.ts";

let database: MigratedDatabase;
let client: Client;
let db: Database;

const ids = {
  owner: newId(),
  fan: newId(),
  hidden: newId(),
  movie: newId(),
  book: newId(),
  doomed: newId(),
  kept: newId(),
  hiddenConnection: newId(),
  doomedComment: newId(),
  keptComment: newId(),
  likeNotice: newId(),
  doomedCommentNotice: newId(),
  keptCommentNotice: newId(),
  followNotice: newId(),
};

const member = (id: string, username: string, isPrivate = false) => ({
  id,
  username,
  email: `${username}@example.com`,
  passwordHash: "x",
  isPrivate,
});

const notification = (id: string, fields: Partial<typeof notifications.$inferInsert>) => ({
  id,
  recipientId: ids.owner,
  senderId: ids.fan,
  type: "comment" as const,
  message: "A notification",
  ...fields,
});

beforeAll(async () => {
  database = await startMigratedDatabase();
  client = createClient({ url: database.url });
  db = createDatabase(client);
  await db.batch([
    db.insert(users).values([member(ids.owner, "owner"), member(ids.fan, "fan"), member(ids.hidden, "hidden", true)]),
    db.insert(movies).values({ id: ids.movie, title: "Cascade Film", director: "Dir One", directorSlug: "dir-one" }),
    db.insert(movieGenres).values({ movieId: ids.movie, position: 0, name: "Drama", nameLower: "drama" }),
    db
      .insert(movieActors)
      .values({ movieId: ids.movie, position: 0, name: "Ana Lead", nameLower: "ana lead", slug: "ana-lead" }),
    db.insert(books).values({ id: ids.book, title: "Cascade Book", author: "Author One", authorSlug: "author-one" }),
    db.insert(bookGenres).values({ bookId: ids.book, position: 0, name: "Noir", nameLower: "noir" }),
    db.insert(connections).values([
      { id: ids.doomed, userId: ids.owner, movieId: ids.movie, bookId: ids.book },
      { id: ids.kept, userId: ids.owner, movieId: ids.movie, bookId: ids.book },
      { id: ids.hiddenConnection, userId: ids.hidden, movieId: ids.movie },
    ]),
    db.insert(connectionTags).values([
      { connectionId: ids.doomed, tag: "rain" },
      { connectionId: ids.doomed, tag: "heist" },
      { connectionId: ids.kept, tag: "rain" },
      { connectionId: ids.hiddenConnection, tag: "rain" },
    ]),
    db.insert(likes).values([
      { connectionId: ids.doomed, userId: ids.fan },
      { connectionId: ids.kept, userId: ids.fan },
    ]),
    db.insert(favorites).values([
      { connectionId: ids.doomed, userId: ids.fan },
      { connectionId: ids.kept, userId: ids.fan },
    ]),
    db.insert(comments).values([
      { id: ids.doomedComment, connectionId: ids.doomed, userId: ids.fan, text: "Goes" },
      { id: ids.keptComment, connectionId: ids.kept, userId: ids.fan, text: "Stays, then goes" },
    ]),
    db.insert(notifications).values([
      notification(ids.likeNotice, { type: "like", connectionId: ids.doomed, dedupeKey: `like:${ids.doomed}` }),
      // Names only its comment, so it can only go through the comment's own cascade.
      notification(ids.doomedCommentNotice, { commentId: ids.doomedComment }),
      notification(ids.keptCommentNotice, { connectionId: ids.kept, commentId: ids.keptComment }),
      notification(ids.followNotice, { type: "new_follower", recipientId: ids.fan, senderId: ids.owner }),
    ]),
  ]);
});

afterAll(async () => {
  client?.close();
  await database?.close();
});

async function rowsOf(connectionId: string) {
  const count = async (table: string) => {
    const [row] = await db.all<{ n: number }>(
      sql`select count(*) as n from ${sql.identifier(table)} where connection_id = ${connectionId}`,
    );
    return Number(row?.n);
  };
  return {
    tags: await count("connection_tags"),
    facets: await count("connection_facets"),
    likes: await count("likes"),
    favorites: await count("favorites"),
    comments: await count("comments"),
  };
}

async function notificationIds() {
  const rows = await db.select({ id: notifications.id }).from(notifications).orderBy(notifications.id);
  return rows.map((row) => row.id);
}

/** Every kept count (public connections, per tag, per filter value) equals a count made from the rows. */
async function expectKeptCountsToMatchRows() {
  const counted = async (query: SQL) =>
    (await db.all<{ n: number }>(query)).map((row) => ({ ...row, n: Number(row.n) })).filter((row) => row.n !== 0);
  expect(await counted(sql`select value as n from counters where name = 'public_connections'`)).toEqual(
    await counted(sql`select count(*) as n from connections where owner_private = 0`),
  );
  expect(await counted(sql`select tag, public_connections as n from tag_counts order by tag`)).toEqual(
    await counted(sql`select t.tag, count(*) as n from connection_tags t join connections c on c.id = t.connection_id
      where c.owner_private = 0 group by t.tag order by t.tag`),
  );
  expect(
    await counted(sql`select facet, value, public_connections as n from facet_counts order by facet, value`),
  ).toEqual(
    await counted(sql`select f.facet, f.value, count(*) as n from connection_facets f
      join connections c on c.id = f.connection_id where c.owner_private = 0
      group by f.facet, f.value order by f.facet, f.value`),
  );
  // Each member's count per tag follows the owner each tag row names (copied from its connection when written).
  expect(await counted(sql`select user_id, tag, connections as n from owner_tag_counts order by user_id, tag`)).toEqual(
    await counted(
      sql`select user_id, tag, count(*) as n from connection_tags group by user_id, tag order by user_id, tag`,
    ),
  );
}

describe("deleting a connection", () => {
  it("takes its tags, filter values, likes, favorites, comments and their notifications with it", async () => {
    expect(await rowsOf(ids.doomed)).toEqual({ tags: 2, facets: 5, likes: 1, favorites: 1, comments: 1 });
    const keptBefore = await rowsOf(ids.kept);

    await db.delete(connections).where(eq(connections.id, ids.doomed));

    expect(await rowsOf(ids.doomed)).toEqual({ tags: 0, facets: 0, likes: 0, favorites: 0, comments: 0 });
    expect(await notificationIds()).toEqual([ids.keptCommentNotice, ids.followNotice].sort());
    expect(await rowsOf(ids.kept)).toEqual(keptBefore);
    await expectKeptCountsToMatchRows();
  });

  it("keeps the counts right when the owner is private", async () => {
    await db.delete(connections).where(eq(connections.id, ids.hiddenConnection));
    expect(await rowsOf(ids.hiddenConnection)).toMatchObject({ tags: 0, facets: 0 });
    await expectKeptCountsToMatchRows();
  });
});

describe("changing a tag row", () => {
  it("moves its member's count from the old tag to the new one, and stays with the owner the row names", async () => {
    const elsewhere = newId();
    await db.insert(connections).values({ id: elsewhere, userId: ids.fan, movieId: ids.movie });
    await db.insert(connectionTags).values([
      { connectionId: ids.kept, tag: "storm" },
      { connectionId: elsewhere, tag: "storm" },
    ]);
    await expectKeptCountsToMatchRows();

    await db
      .update(connectionTags)
      .set({ tag: "drizzle" })
      .where(sql`${connectionTags.connectionId} = ${ids.kept} and ${connectionTags.tag} = 'storm'`);
    await expectKeptCountsToMatchRows();

    // No code moves a tag row to another connection; if one did, the count must not drift from the rows.
    await db
      .update(connectionTags)
      .set({ connectionId: elsewhere })
      .where(sql`${connectionTags.connectionId} = ${ids.kept} and ${connectionTags.tag} = 'drizzle'`);
    await expectKeptCountsToMatchRows();

    await db.delete(connections).where(eq(connections.id, elsewhere));
    await expectKeptCountsToMatchRows();
    const [left] = await db.all<{ n: number }>(sql`select count(*) as n from owner_tag_counts where connections <= 0`);
    expect(Number(left?.n)).toBe(0);
  });
});

describe("deleting a comment", () => {
  it("takes its notification with it and leaves the connection's other rows", async () => {
    await db.delete(comments).where(eq(comments.id, ids.keptComment));
    expect(await notificationIds()).toEqual([ids.followNotice]);
    expect(await rowsOf(ids.kept)).toEqual({ tags: 1, facets: 5, likes: 1, favorites: 1, comments: 0 });
  });
});
