import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";
import { bookSearchText, isbn13Of, movieSearchText } from "../../worker/core/catalog/index.ts";
import { newId } from "../../worker/core/ids.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { driftedCounts } from "../support/counts.ts";
import { api } from "../support/http.ts";
import { type RunningWorker, startWorker } from "../support/worker.ts";

// Migration 0016 and its backfill (decision 019) on a database written under the old rule (movies unique by
// lower(title), books by lower(title) and lower(author)): no connection is lost, every row gets its keys, works
// the old rule merged stay one, and rows whose new identity is the same become one with everything pointing
// at them.

let directory: string;
let server: LocalDbServer;
let client: Client;
let worker: RunningWorker;

const DAY = 86_400_000;
const start = Date.now() - 100 * DAY;
let clock = 0;
/** Ids in the order rows are written, as `newId()` makes them over time. */
const nextId = () => newId(start + ++clock * 60_000);

const ids = {
  users: [nextId(), nextId(), nextId()],
  martian: nextId(),
  martianThe: nextId(),
  martianBang: nextId(),
  littleWomen: nextId(),
  road: nextId(),
  roadThe: nextId(),
  hobbit: nextId(),
  hobbitThe: nextId(),
  dune: nextId(),
  duneAuthorless: nextId(),
  messiah: nextId(),
};
const connectionIds = Array.from({ length: 8 }, nextId);

async function databaseAt0015(): Promise<void> {
  const folder = join(directory, "migrations");
  mkdirSync(join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const upTo = journal.entries.filter((entry) => entry.idx <= 15);
  expect(upTo.at(-1)?.tag).toBe("0015_verdict_tallies");
  for (const { tag } of upTo) cpSync(`migrations/${tag}.sql`, join(folder, `${tag}.sql`));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: upTo }));
  await migrate(drizzle(client), { migrationsFolder: folder });
}

/** What the old find-or-create wrote: rows without keys, search documents, connections, votes. */
async function oldRuleData(): Promise<void> {
  const movie = (id: string, title: string, year: number | null, director = "", genres: string[] = []) => [
    {
      sql: "insert into movies (id, title, year, director, poster_key, created_at) values (?, ?, ?, ?, ?, ?)",
      args: [id, title, year, director, director ? `posters/${id}.png` : null, start],
    },
    ...genres.map((name, position) => ({
      sql: "insert into movie_genres (movie_id, position, name, name_lower) values (?, ?, ?, ?)",
      args: [id, position, name, name.toLowerCase()],
    })),
    {
      sql: "insert into movie_search (movie_id, body) values (?, ?)",
      args: [id, movieSearchText({ title, director, genres, actors: [], synopsis: "" })],
    },
  ];
  const book = (id: string, title: string, author: string, isbn = "", synopsis = "") => [
    {
      sql: "insert into books (id, title, author, isbn, synopsis, created_at) values (?, ?, ?, ?, ?, ?)",
      args: [id, title, author, isbn, synopsis, start],
    },
    {
      sql: "insert into book_search (book_id, body) values (?, ?)",
      args: [id, bookSearchText({ title, author, genres: [], synopsis })],
    },
  ];
  const connection = (index: number, user: number, movieId: string | null, bookId: string | null, tags: string[]) => [
    {
      sql: "insert into connections (id, user_id, movie_id, book_id, context, kind, created_at) values (?, ?, ?, ?, ?, ?, ?)",
      args: [connectionIds[index]!, ids.users[user]!, movieId, bookId, `Post ${index}`, "adaptation", start + index],
    },
    ...tags.map((tag) => ({
      sql: "insert into connection_tags (connection_id, tag) values (?, ?)",
      args: [connectionIds[index]!, tag],
    })),
  ];
  const vote = (movieId: string, bookId: string, user: number, choice: string) => ({
    sql: "insert into verdict_votes (movie_id, book_id, user_id, choice) values (?, ?, ?, ?)",
    args: [movieId, bookId, ids.users[user]!, choice],
  });
  await client.batch(
    [
      ...ids.users.map((id, index) => ({
        sql: "insert into users (id, username, email, password_hash) values (?, ?, ?, 'x')",
        args: [id, `old_${index}`, `old_${index}@example.com`],
      })),
      // Three spellings of one yearless title the old rule kept apart; the second knows the most.
      ...movie(ids.martian, "The Martian", null),
      ...movie(ids.martianThe, "Martian, The", null, "Ridley Scott", ["Science Fiction", "Drama"]),
      ...movie(ids.martianBang, "The Martian!", null, "Someone Else", ["Comedy"]),
      // The old rule filed every "Little Women" under one movie; it stays one.
      ...movie(ids.littleWomen, "Little Women", 2019, "Greta Gerwig"),
      // One title, two years: two works under the new rule as well.
      ...movie(ids.road, "The Road", 2009),
      ...movie(ids.roadThe, "Road, The", 2010),
      ...book(ids.hobbit, "The Hobbit", "J.R.R. Tolkien", "0-441-56959-5"),
      ...book(ids.hobbitThe, "Hobbit, The", "J. R. R. Tolkien", "", "There and back again."),
      ...book(ids.dune, "Dune", "Frank Herbert", "9780441013593"),
      ...book(ids.duneAuthorless, "Dune", ""),
      // The same ISBN typed for another book: only the first holds it as its ISBN-13.
      ...book(ids.messiah, "Dune Messiah", "Frank Herbert", "978-0-441-01359-3"),
      ...connection(0, 0, ids.martian, ids.hobbit, ["mars"]),
      ...connection(1, 1, ids.martianThe, ids.hobbitThe, ["mars", "survival"]),
      ...connection(2, 2, ids.martianBang, ids.dune, []),
      ...connection(3, 0, ids.littleWomen, ids.duneAuthorless, []),
      ...connection(4, 1, ids.littleWomen, ids.duneAuthorless, []),
      ...connection(5, 0, ids.road, ids.messiah, []),
      ...connection(6, 1, ids.roadThe, ids.dune, []),
      ...connection(7, 2, null, null, ["text"]),
      vote(ids.martian, ids.hobbit, 0, "book"),
      // Member 0 voted on both spellings' pair: the surviving pair keeps their first vote.
      vote(ids.martianThe, ids.hobbitThe, 0, "film"),
      vote(ids.martianThe, ids.hobbitThe, 1, "film"),
      vote(ids.martianBang, ids.dune, 2, "tie"),
    ],
    "write",
  );
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "moviebooks-migration-"));
  server = await startLocalDbServer({ file: join(directory, "old.db"), port: 0 });
  client = createClient({ url: server.url });
  await databaseAt0015();
  await oldRuleData();
  await migrateDatabase(server.url);
  worker = await startWorker({ databaseUrl: server.url });
});

afterAll(async () => {
  await worker?.close();
  client?.close();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

const all = async (sql: string, args: Array<string | number> = []) => (await client.execute({ sql, args })).rows;

describe("migration 0016 and its backfill on old-rule data", () => {
  it("loses no connection, and every connection points at a work that exists", async () => {
    const rows = await all(
      `select c.id, c.movie_id, c.book_id, m.id as movie, b.id as book from connections c
       left join movies m on m.id = c.movie_id left join books b on b.id = c.book_id order by c.id`,
    );
    expect(rows.map((row) => row.id)).toEqual(connectionIds);
    for (const row of rows) {
      expect(row.movie).toBe(row.movie_id);
      expect(row.book).toBe(row.book_id);
    }
  });

  it("gives every movie and book its keys, and a book its ISBN-13 when its ISBN checks out and is free", async () => {
    expect(await all("select id from movies where title_key is null")).toEqual([]);
    expect(await all("select id from books where title_key is null or author_key is null")).toEqual([]);
    const keyed = await all("select title, title_key, year from movies order by title_key, year");
    expect(keyed.map((row) => [row.title, row.title_key, row.year])).toEqual([
      ["Little Women", "little women", 2019],
      ["The Martian", "martian", null],
      ["The Road", "road", 2009],
      ["Road, The", "road", 2010],
    ]);
    const bookKeys = await all("select id, title_key, author_key, isbn13 from books order by id");
    expect(bookKeys.map((row) => [row.id, row.title_key, row.author_key, row.isbn13])).toEqual([
      [ids.hobbit, "hobbit", "jrr tolkien", isbn13Of("0-441-56959-5")],
      [ids.dune, "dune", "frank herbert", "9780441013593"],
      [ids.duneAuthorless, "dune", "", null],
      [ids.messiah, "dune messiah", "frank herbert", null],
    ]);
  });

  it("merges works whose new identity is the same into the earliest, with their connections, lists, fields and votes", async () => {
    const [martian] = await all("select director, poster_key from movies where id = ?", [ids.martian]);
    expect(martian).toMatchObject({ director: "Ridley Scott", poster_key: `posters/${ids.martianThe}.png` });
    const genres = await all("select name from movie_genres where movie_id = ? order by position", [ids.martian]);
    expect(genres.map((row) => row.name)).toEqual(["Science Fiction", "Drama"]);
    expect(
      await all("select movie_id from movie_genres where movie_id in (?, ?)", [ids.martianThe, ids.martianBang]),
    ).toEqual([]);
    const moved = await all(
      "select movie_id, book_id from connections where id in (?, ?, ?) order by id",
      connectionIds.slice(0, 3),
    );
    expect(moved.map((row) => [row.movie_id, row.book_id])).toEqual([
      [ids.martian, ids.hobbit],
      [ids.martian, ids.hobbit],
      [ids.martian, ids.dune],
    ]);
    const [hobbit] = await all("select title, author, synopsis from books where id = ?", [ids.hobbit]);
    expect(hobbit).toMatchObject({ title: "The Hobbit", author: "J.R.R. Tolkien", synopsis: "There and back again." });

    const votes = await all("select movie_id, book_id, user_id, choice from verdict_votes order by user_id");
    expect(votes.map((row) => [row.movie_id, row.book_id, row.user_id, row.choice])).toEqual([
      [ids.martian, ids.hobbit, ids.users[0], "book"],
      [ids.martian, ids.hobbit, ids.users[1], "film"],
      [ids.martian, ids.dune, ids.users[2], "tie"],
    ]);
    const tallies = await all(
      "select movie_id, book_id, book, film, tie, total from verdicts where total > 0 order by book_id",
    );
    expect(tallies.map((row) => [row.movie_id, row.book_id, row.book, row.film, row.tie, row.total])).toEqual([
      [ids.martian, ids.hobbit, 1, 1, 0, 2],
      [ids.martian, ids.dune, 0, 0, 1, 1],
    ]);
    expect(
      await all(
        "select * from verdicts where movie_id not in (select id from movies) or book_id not in (select id from books)",
      ),
    ).toEqual([]);
  });

  it("keeps every kept count, copied filter value and search document right", async () => {
    expect(await driftedCounts(createDatabase(client))).toEqual([]);
    const searches = await all("select movie_id from movie_search where movie_id not in (select id from movies)");
    expect(searches).toEqual([]);
    const found = await api(worker, "GET", "/connections/search?q=Ridley%20Scott");
    expect(found.body.connections.map((connection: { _id: string }) => connection._id).sort()).toEqual(
      connectionIds.slice(0, 3),
    );
    const merged = await api(worker, "GET", `/connections/${connectionIds[1]}`);
    expect(merged.body).toMatchObject({
      movieRef: { _id: ids.martian, title: "The Martian", director: "Ridley Scott", externalIds: {} },
      bookRef: { _id: ids.hobbit, externalIds: { isbn13: isbn13Of("0-441-56959-5") } },
      verdict: { book: 1, film: 1, tie: 0, total: 2 },
    });
  });

  it("is idempotent, and new posts find the migrated works by their keys", async () => {
    const before = await all("select (select count(*) from movies) as movies, (select count(*) from books) as books");
    await migrateDatabase(server.url);
    expect(await all("select (select count(*) from movies) as movies, (select count(*) from books) as books")).toEqual(
      before,
    );

    const member = await api(worker, "POST", "/auth/register", {
      body: { username: "new_member", email: "new@example.com", password: "password123" },
    });
    const posted = await api(worker, "POST", "/connections", {
      token: member.body.token,
      body: { movieTitle: "MARTIAN, THE", bookTitle: "Hobbit", bookAuthor: "JRR Tolkien", context: "Again." },
    });
    expect(posted.body.movieRef._id).toBe(ids.martian);
    expect(posted.body.bookRef._id).toBe(ids.hobbit);
  });
});
