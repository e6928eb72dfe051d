// A database written before people had slugs (migrations up to 0015), then migrated as a deploy migrates it:
// the SQL migrations, then the backfill (scripts/backfills/person-slugs.ts). Every director, actor and author
// gets its slug, the filter values become those slugs through the triggers, and the kept counts equal a count
// from scratch. A second run changes nothing.

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";
import { MIGRATIONS_FOLDER } from "../../scripts/trigger-guard.ts";

const BEFORE_SLUGS = "0015_verdict_tallies";

let directory: string;
let server: LocalDbServer;
let client: Client;

/** migrations/ as it was before people had slugs: the files up to `last` and a journal that ends there. */
function migrationsUpTo(last: string): string {
  const folder = join(directory, "migrations");
  mkdirSync(join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  expect(end).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, end + 1);
  for (const { tag } of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

async function rows<T>(sql: string): Promise<T[]> {
  return (await client.execute(sql)).rows as unknown as T[];
}

const facetsOf = (facet: string) =>
  rows<{ value: string; n: number }>(
    `SELECT value, count(*) AS n FROM connection_facets WHERE facet = '${facet}' GROUP BY value ORDER BY value`,
  );

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "moviebooks-slugs-"));
  server = await startLocalDbServer({ file: join(directory, "old.db"), port: 0 });
  client = createClient({ url: server.url });
  await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(BEFORE_SLUGS) });
  await client.batch(
    [
      `INSERT INTO users (id, username, email, password_hash) VALUES ('u1', 'pub', 'pub@example.com', 'x')`,
      `INSERT INTO users (id, username, email, password_hash, is_private) VALUES ('u2', 'priv', 'priv@example.com', 'x', 1)`,
      `INSERT INTO movies (id, title, director) VALUES ('m1', 'Lady Bird', 'Gréta  Gerwig'), ('m2', 'Frances Ha', 'Noah Baumbach'), ('m3', 'Untitled', '')`,
      `INSERT INTO movie_actors (movie_id, position, name, name_lower) VALUES
        ('m1', 0, 'Saoirse Ronan', 'saoirse ronan'), ('m1', 1, 'Timothée Chalamet', 'timothée chalamet'),
        ('m2', 0, 'Greta Gerwig', 'greta gerwig'), ('m2', 1, '宮崎 駿', '宮崎 駿')`,
      `INSERT INTO books (id, title, author) VALUES ('b1', 'Little Women', 'Louisa May Alcott'), ('b2', 'Anon', '')`,
      `INSERT INTO connections (id, user_id, movie_id, book_id, created_at) VALUES
        ('c1', 'u1', 'm1', 'b1', 1), ('c2', 'u1', 'm2', 'b2', 2), ('c3', 'u2', 'm1', 'b1', 3), ('c4', 'u1', 'm3', NULL, 4)`,
    ],
    "write",
  );
  // What the old triggers wrote: lower-cased names.
  expect(await facetsOf("director")).toEqual([
    { value: "gréta  gerwig", n: 2 },
    { value: "noah baumbach", n: 1 },
  ]);
  await migrateDatabase(server.url);
});

afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("the person slugs backfill", () => {
  it("gives every director, actor and author written before the migration its slug", async () => {
    expect(await rows(`SELECT id, director_slug FROM movies ORDER BY id`)).toEqual([
      { id: "m1", director_slug: "greta-gerwig" },
      { id: "m2", director_slug: "noah-baumbach" },
      { id: "m3", director_slug: "" },
    ]);
    expect(await rows(`SELECT name, slug FROM movie_actors ORDER BY movie_id, position`)).toEqual([
      { name: "Saoirse Ronan", slug: "saoirse-ronan" },
      { name: "Timothée Chalamet", slug: "timothee-chalamet" },
      { name: "Greta Gerwig", slug: "greta-gerwig" },
      { name: "宮崎 駿", slug: "宮崎-駿" },
    ]);
    expect(await rows(`SELECT id, author_slug FROM books ORDER BY id`)).toEqual([
      { id: "b1", author_slug: "louisa-may-alcott" },
      { id: "b2", author_slug: "" },
    ]);
  });

  it("turns the people filter values into slugs on every connection", async () => {
    expect(await facetsOf("director")).toEqual([
      { value: "greta-gerwig", n: 2 },
      { value: "noah-baumbach", n: 1 },
    ]);
    expect(await facetsOf("actor")).toEqual([
      { value: "greta-gerwig", n: 1 },
      { value: "saoirse-ronan", n: 2 },
      { value: "timothee-chalamet", n: 2 },
      { value: "宮崎-駿", n: 1 },
    ]);
    expect(await facetsOf("author")).toEqual([{ value: "louisa-may-alcott", n: 2 }]);
  });

  it("leaves the kept counts equal to a count from scratch (the private member's connection uncounted)", async () => {
    const kept = await rows(
      `SELECT facet, value, public_connections AS n FROM facet_counts WHERE public_connections <> 0 ORDER BY facet, value`,
    );
    const counted = await rows(
      `SELECT f.facet, f.value, count(*) AS n FROM connection_facets f JOIN connections c ON c.id = f.connection_id
        WHERE c.owner_private = 0 GROUP BY f.facet, f.value ORDER BY f.facet, f.value`,
    );
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ facet: "director", value: "greta-gerwig", n: 1 });
  });

  it("changes nothing when it runs again", async () => {
    const before = await rows(`SELECT * FROM connection_facets ORDER BY connection_id, facet, value`);
    await migrateDatabase(server.url);
    expect(await rows(`SELECT * FROM connection_facets ORDER BY connection_id, facet, value`)).toEqual(before);
  });
});
