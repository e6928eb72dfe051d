// Conformance of the local Hrana-over-HTTP server (scripts/local-db) with the clients the app uses:
// @libsql/client (Node build and the HTTP-only web build that runs inside workerd) and Drizzle on top of it,
// plus raw protocol requests for what the clients never send on their own.

import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect as openSocket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, type Config, createClient, LibsqlBatchError, LibsqlError } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../scripts/local-db/server.ts";

const SCHEMA = `
  CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  CREATE TABLE books (
    id INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL REFERENCES authors(id),
    title TEXT NOT NULL
  );
  CREATE TABLE vals (k TEXT PRIMARY KEY, v); -- no type affinity: values keep their exact type
  CREATE TABLE big_ids (id INTEGER PRIMARY KEY);
  CREATE TABLE drizzle_films (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL UNIQUE,
    year INTEGER
  );
`;

const films = sqliteTable("drizzle_films", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull().unique(),
  year: integer("year"),
});

let directory: string;
let server: LocalDbServer;
const openClients: Client[] = [];

function connect(config: Partial<Config> = {}, factory: (config: Config) => Client = createClient): Client {
  const client = factory({ url: server.url, ...config });
  openClients.push(client);
  return client;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "local-db-conformance-"));
  server = await startLocalDbServer({ file: join(directory, "nested", "test.db"), port: 0 });
  await connect().executeMultiple(SCHEMA);
});

afterAll(async () => {
  for (const client of openClients) client.close();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Awaits a promise that must reject with a LibsqlError, and returns the error. */
async function libsqlError(promise: Promise<unknown>): Promise<LibsqlError> {
  const error = await promise.then(
    () => expect.unreachable("expected the promise to reject"),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(LibsqlError);
  return error as LibsqlError;
}

async function post(path: string, body: string): Promise<{ status: number; json: any }> {
  const response = await fetch(new URL(path, server.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

function pipeline(body: unknown, path = "/v2/pipeline"): Promise<{ status: number; json: any }> {
  return post(path, JSON.stringify(body));
}

const sqlStmt = (sql: string, extra: object = {}) => ({ sql, want_rows: true, ...extra });

describe("HTTP endpoints", () => {
  it("answers the version probes and 404s the protobuf endpoint so clients fall back to JSON", async () => {
    for (const path of ["/", "/health", "/v2", "/v3"]) {
      expect((await fetch(new URL(path, server.url))).status, path).toBe(200);
    }
    expect((await fetch(new URL("/v3-protobuf", server.url))).status).toBe(404);
    expect((await fetch(new URL("/v3-protobuf/pipeline", server.url), { method: "POST" })).status).toBe(404);
    expect((await fetch(new URL("/v2/pipeline", server.url))).status).toBe(405);
  });

  it("keeps an idle client connection open for minutes, not Node's default 5 s, so a pooled one can be reused", async () => {
    const socket = openSocket(server.port, "127.0.0.1");
    await once(socket, "connect");
    const ask = async () => {
      socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      const [chunk] = (await once(socket, "data")) as [Buffer];
      return chunk.toString("latin1");
    };
    // Node announces the idle timeout it arms in the Keep-Alive header, which is also what clients read to decide
    // how long a pooled connection may wait for its next request.
    const first = await ask();
    expect(first.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(Number(/^keep-alive: timeout=(\d+)\r$/im.exec(first)?.[1])).toBeGreaterThanOrEqual(60);
    expect((await ask()).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    socket.destroy();
  });

  it("listens on 127.0.0.1 by default", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url.endsWith(`:${server.port}`)).toBe(true);
  });

  it("answers malformed requests with 4xx and keeps serving", async () => {
    const notJson = await post("/v2/pipeline", "{ this is not json");
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toMatch(/not valid JSON/);

    const wrongShape = await pipeline({ requests: "nope" });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.json.message).toMatch(/requests must be an array/);

    const unknownType = await pipeline({ requests: [{ type: "explode" }] });
    expect(unknownType.status).toBe(400);

    const badValue = await pipeline({
      requests: [{ type: "execute", stmt: sqlStmt("SELECT ?", { args: [{ type: "integer", value: "1.5" }] }) }],
    });
    expect(badValue.status).toBe(400);

    const forwardCondition = await pipeline({
      requests: [
        { type: "batch", batch: { steps: [{ stmt: sqlStmt("SELECT 1"), condition: { type: "ok", step: 0 } }] } },
      ],
    });
    expect(forwardCondition.status).toBe(400);

    const badBaton = await pipeline({ baton: "made-up", requests: [{ type: "close" }] });
    expect(badBaton.status).toBe(400);
    expect(badBaton.json.code).toBe("BATON_INVALID");

    expect((await fetch(new URL("/nowhere", server.url))).status).toBe(404);

    const result = await connect().execute("SELECT 1 AS still_alive");
    expect(result.rows[0]?.still_alive).toBe(1);
  });
});

describe("raw Hrana protocol", () => {
  it("encodes results the way the client decodes them", async () => {
    const { status, json } = await pipeline({
      baton: null,
      requests: [
        {
          type: "execute",
          stmt: sqlStmt("SELECT 42 AS i, 1.5 AS f, 'txt' AS t, x'00ff' AS b, NULL AS n, 9223372036854775807 AS big"),
        },
        { type: "close" },
      ],
    });
    expect(status).toBe(200);
    expect(json.baton).toBeNull();
    expect(json.results).toHaveLength(2);
    expect(json.results[1]).toEqual({ type: "ok", response: { type: "close" } });
    const result = json.results[0].response.result;
    expect(result.cols.map((col: { name: string }) => col.name)).toEqual(["i", "f", "t", "b", "n", "big"]);
    expect(result.rows).toEqual([
      [
        { type: "integer", value: "42" },
        { type: "float", value: 1.5 },
        { type: "text", value: "txt" },
        { type: "blob", base64: "AP8=" },
        { type: "null" },
        { type: "integer", value: "9223372036854775807" },
      ],
    ]);
    expect(result.affected_row_count).toBe(0);
    expect(result.last_insert_rowid).toBeNull();
  });

  it("keeps a stream open across requests with a fresh single-use baton each time", async () => {
    const first = await pipeline({ requests: [{ type: "execute", stmt: sqlStmt("CREATE TEMP TABLE scratch (x)") }] });
    expect(first.json.results[0].type).toBe("ok");
    const baton = first.json.baton as string;
    expect(typeof baton).toBe("string");

    // The TEMP table only exists on this stream's connection.
    const second = await pipeline({
      baton,
      requests: [{ type: "execute", stmt: sqlStmt("INSERT INTO scratch VALUES (1)") }],
    });
    expect(second.json.results[0].type).toBe("ok");
    expect(second.json.baton).not.toBe(baton);

    const reused = await pipeline({ baton, requests: [{ type: "close" }] });
    expect(reused.status).toBe(400);

    const closed = await pipeline({ baton: second.json.baton, requests: [{ type: "close" }] });
    expect(closed.json.baton).toBeNull();
  });

  it("starts every new stream as if on a new connection, though closed streams' connections are reused", async () => {
    const one = (statement: string) => ({
      requests: [{ type: "execute", stmt: sqlStmt(statement) }, { type: "close" }],
    });
    const value = (response: { json: any }) => response.json.results[0].response.result.rows[0][0].value;
    // Connection state a closed stream leaves behind: an open transaction, a TEMP table, foreign keys turned off.
    for (const leftover of ["BEGIN", "CREATE TEMP TABLE leftover (x)", "PRAGMA foreign_keys = OFF"]) {
      await pipeline(one(leftover));
      const answer = await pipeline({
        requests: [
          { type: "execute", stmt: sqlStmt("SELECT count(*) FROM temp.sqlite_schema") },
          { type: "execute", stmt: sqlStmt("PRAGMA foreign_keys") },
          { type: "get_autocommit" },
          { type: "close" },
        ],
      });
      const [temp, foreignKeys, autocommit] = answer.json.results;
      expect([temp.response.result.rows[0][0].value, foreignKeys.response.result.rows[0][0].value]).toEqual(["0", "1"]);
      expect(autocommit.response.is_autocommit).toBe(true);
    }
    // A statement prepared on a reused connection sees what other connections committed since.
    const before = Number(value(await pipeline(one("SELECT count(*) FROM vals"))));
    await connect().execute({ sql: "INSERT INTO vals VALUES ('reuse', 1)" });
    expect(Number(value(await pipeline(one("SELECT count(*) FROM vals"))))).toBe(before + 1);
  });

  it("evaluates batch step conditions: ok, error, not, and, or, is_autocommit", async () => {
    const ok = (step: number) => ({ type: "ok", step });
    const error = (step: number) => ({ type: "error", step });
    const steps = [
      { stmt: sqlStmt("SELECT 1") }, // 0 ok
      { stmt: sqlStmt("SELECT * FROM no_such_table") }, // 1 error
      { stmt: sqlStmt("SELECT 2"), condition: ok(0) }, // 2 runs
      { stmt: sqlStmt("SELECT 3"), condition: ok(1) }, // 3 skipped
      { stmt: sqlStmt("SELECT 4"), condition: error(1) }, // 4 runs
      { stmt: sqlStmt("SELECT 5"), condition: { type: "not", cond: ok(1) } }, // 5 runs
      { stmt: sqlStmt("SELECT 6"), condition: { type: "and", conds: [ok(0), error(1)] } }, // 6 runs
      { stmt: sqlStmt("SELECT 7"), condition: { type: "and", conds: [ok(0), ok(1)] } }, // 7 skipped
      { stmt: sqlStmt("SELECT 8"), condition: { type: "or", conds: [ok(1), ok(3)] } }, // 8 skipped
      { stmt: sqlStmt("SELECT 9"), condition: { type: "or", conds: [ok(1), ok(0)] } }, // 9 runs
      { stmt: sqlStmt("SELECT 10"), condition: { type: "is_autocommit" } }, // 10 runs
      { stmt: sqlStmt("BEGIN") }, // 11 ok
      { stmt: sqlStmt("SELECT 12"), condition: { type: "is_autocommit" } }, // 12 skipped: in a transaction
      { stmt: sqlStmt("SELECT 13"), condition: error(3) }, // 13 skipped: a skipped step did not fail
      { stmt: sqlStmt("ROLLBACK") }, // 14 ok
    ];
    const { json } = await pipeline({ requests: [{ type: "batch", batch: { steps } }, { type: "close" }] });
    const { step_results: results, step_errors: errors } = json.results[0].response.result;
    const ran = results.map((result: unknown) => result !== null);
    expect(ran).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
      true,
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(errors[1]).toMatchObject({ code: "SQLITE_ERROR", message: expect.stringMatching(/no such table/) });
    expect(errors.filter((error: unknown) => error !== null)).toHaveLength(1);
  });

  it("supports store_sql/sql_id/close_sql, sequence, describe and get_autocommit", async () => {
    const { json } = await pipeline({
      requests: [
        { type: "sequence", sql: "CREATE TEMP TABLE seq (x); INSERT INTO seq VALUES (1); INSERT INTO seq VALUES (2);" },
        { type: "store_sql", sql_id: 1, sql: "SELECT count(*) FROM seq WHERE x >= ?" },
        { type: "execute", stmt: { sql_id: 1, args: [{ type: "integer", value: "2" }], want_rows: true } },
        { type: "get_autocommit" },
        { type: "execute", stmt: sqlStmt("BEGIN") },
        { type: "get_autocommit" },
        { type: "execute", stmt: sqlStmt("ROLLBACK") },
        { type: "describe", sql: "SELECT x AS value FROM seq WHERE x = :x AND x > ?5" },
        { type: "describe", sql: "UPDATE seq SET x = 0" },
        { type: "close_sql", sql_id: 1 },
        { type: "execute", stmt: { sql_id: 1, want_rows: true } },
        { type: "execute", stmt: sqlStmt("SELECT 1; SELECT 2") },
        { type: "execute", stmt: sqlStmt("  -- nothing but a comment") },
        {
          type: "sequence",
          sql: "INSERT INTO seq VALUES (3); INSERT INTO nowhere VALUES (4); INSERT INTO seq VALUES (5);",
        },
        { type: "execute", stmt: sqlStmt("SELECT group_concat(x) AS xs FROM seq") },
        { type: "close" },
      ],
    });
    const results = json.results;
    expect(results.map((result: { type: string }) => result.type)).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "error",
      "error",
      "error",
      "error",
      "ok",
      "ok",
    ]);
    expect(results[2].response.result.rows).toEqual([[{ type: "integer", value: "1" }]]);
    expect(results[3].response.is_autocommit).toBe(true);
    expect(results[5].response.is_autocommit).toBe(false);
    expect(results[7].response.result).toEqual({
      params: [{ name: ":x" }, { name: null }, { name: null }, { name: null }, { name: "?5" }],
      cols: [{ name: "value", decltype: null }],
      is_explain: false,
      is_readonly: true,
    });
    expect(results[8].response.result.is_readonly).toBe(false);
    expect(results[10].error.code).toBe("SQL_NOT_FOUND");
    expect(results[11].error.code).toBe("SQL_MANY_STATEMENTS");
    expect(results[12].error.code).toBe("SQL_NO_STATEMENT");
    expect(results[13].error.message).toMatch(/no such table: nowhere/);
    // A sequence stops at its first failing statement.
    expect(results[14].response.result.rows).toEqual([[{ type: "text", value: "1,2,3" }]]);
  });

  it("serves v3 pipelines and cursors", async () => {
    const { json: opened } = await pipeline({ requests: [{ type: "get_autocommit" }] }, "/v3/pipeline");
    expect(opened.results[0].response.is_autocommit).toBe(true);

    const response = await fetch(new URL("/v3/cursor", server.url), {
      method: "POST",
      body: JSON.stringify({
        baton: opened.baton,
        batch: {
          steps: [
            { stmt: sqlStmt("SELECT 1 AS a UNION ALL SELECT 2") },
            { stmt: sqlStmt("SELECT * FROM no_such_table") },
            { stmt: sqlStmt("SELECT 3"), condition: { type: "ok", step: 1 } },
          ],
        },
      }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(typeof lines[0].baton).toBe("string");
    expect(lines.slice(1).map((entry: { type: string }) => entry.type)).toEqual([
      "step_begin",
      "row",
      "row",
      "step_end",
      "step_error",
    ]);
    expect(lines[1]).toEqual({ type: "step_begin", step: 0, cols: [{ name: "a", decltype: null }] });
    expect(lines[3].row).toEqual([{ type: "integer", value: "2" }]);
    expect(lines[5].step).toBe(1);

    const closed = await pipeline({ baton: lines[0].baton, requests: [{ type: "close" }] }, "/v3/pipeline");
    expect(closed.json.baton).toBeNull();
  });
});

describe.each([
  { name: "@libsql/client", factory: createClient, hugeId: 2n ** 62n + 1n },
  { name: "@libsql/client/web", factory: createWebClient, hugeId: 2n ** 62n + 2n },
])("$name", ({ name, factory, hugeId }) => {
  let client: Client;
  let bigintClient: Client;
  // Rows written by this suite are tagged so that the two client suites do not collide.
  const tag = (value: string) => `${name}: ${value}`;

  beforeAll(() => {
    client = connect({}, factory);
    bigintClient = connect({ intMode: "bigint" }, factory);
  });

  it("executes with positional arguments, including ?NNN", async () => {
    const result = await client.execute({
      sql: "SELECT ? AS a, ? AS b, ?1 AS again, ?5 AS fifth",
      args: [1n, "two", 3, 4, 5n],
    });
    expect(result.rows[0]).toMatchObject({ a: 1, b: "two", again: 1, fifth: 5 });
    expect(result.columns).toEqual(["a", "b", "again", "fifth"]);
  });

  it("executes with named arguments using :, @ and $ prefixes, given with or without the prefix", async () => {
    const result = await client.execute({
      sql: "SELECT :colon AS c, @at AS a, $dollar AS d, :colon || @at AS both",
      args: { ":colon": "x", at: "y", $dollar: null },
    });
    expect(result.rows[0]).toMatchObject({ c: "x", a: "y", d: null, both: "xy" });

    const error = await libsqlError(client.execute({ sql: "SELECT :missing", args: { other: 1 } }));
    expect(error.code).toBe("ARGS_INVALID");
  });

  it("reports last_insert_rowid and rows affected", async () => {
    const author = await client.execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Le Guin")] });
    expect(author.rowsAffected).toBe(1);
    expect(typeof author.lastInsertRowid).toBe("bigint");
    const authorId = author.lastInsertRowid!;

    // A rowid above 2^53 (in a table of its own: later inserts would continue counting from it).
    const explicit = await client.execute({ sql: "INSERT INTO big_ids (id) VALUES (?)", args: [hugeId] });
    expect(explicit.lastInsertRowid).toBe(hugeId);

    await client.batch(
      [1, 2, 3].map((n) => ({
        sql: "INSERT INTO books (author_id, title) VALUES (?, ?)",
        args: [authorId, tag(`Book ${n}`)],
      })),
      "write",
    );
    const update = await client.execute({
      sql: "UPDATE books SET title = title || '!' WHERE author_id = ?",
      args: [authorId],
    });
    expect(update.rowsAffected).toBe(3);
    expect(update.lastInsertRowid).toBeUndefined();

    const select = await client.execute({ sql: "SELECT * FROM books WHERE author_id = ?", args: [authorId] });
    expect(select.rows).toHaveLength(3);
    expect(select.rowsAffected).toBe(0); // not the stale count of the UPDATE
    expect(select.lastInsertRowid).toBeUndefined();

    const returning = await client.execute({
      sql: "INSERT INTO books (author_id, title) VALUES (?, ?) RETURNING id, title",
      args: [authorId, tag("Book 4")],
    });
    expect(returning.rows[0]?.title).toBe(tag("Book 4"));
    expect(returning.rowsAffected).toBe(1);
    expect(returning.lastInsertRowid).toBe(BigInt(returning.rows[0]?.id as number));

    const deleted = await client.execute({ sql: "DELETE FROM books WHERE author_id = ?", args: [authorId] });
    expect(deleted.rowsAffected).toBe(4);
  });

  it("runs a write batch atomically and rolls all of it back when a statement fails", async () => {
    const results = await client.batch(
      [
        { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Batch A")] },
        { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Batch B")] },
        { sql: "SELECT count(*) AS n FROM authors WHERE name IN (?, ?)", args: [tag("Batch A"), tag("Batch B")] },
      ],
      "write",
    );
    expect(results.map((result) => result.rowsAffected)).toEqual([1, 1, 0]);
    expect(results[2]?.rows[0]?.n).toBe(2);

    const error = await libsqlError(
      client.batch(
        [
          { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Batch C")] },
          { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Batch D")] },
          { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Batch A")] }, // duplicate
          { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Batch E")] },
        ],
        "write",
      ),
    );
    expect(error).toBeInstanceOf(LibsqlBatchError);
    expect((error as LibsqlBatchError).statementIndex).toBe(2);
    expect(error.code).toBe("SQLITE_CONSTRAINT");

    const left = await client.execute({
      sql: "SELECT count(*) AS n FROM authors WHERE name IN (?, ?, ?)",
      args: [tag("Batch C"), tag("Batch D"), tag("Batch E")],
    });
    expect(left.rows[0]?.n).toBe(0);
  });

  it("stores repeated statements with store_sql, even beyond the client's cache of 30", async () => {
    const statements = Array.from({ length: 40 }, (_, i) => ({ sql: `SELECT ${i} AS n, ? AS arg`, args: [i] }));
    const results = await client.batch([...statements, ...statements], "read");
    expect(results.map((result) => result.rows[0]?.n)).toEqual([...statements, ...statements].map((_, i) => i % 40));
  });

  it("commits an interactive transaction, invisible to other clients until then", async () => {
    const other = connect({}, factory);
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Tx commit")] });
    const inside = await tx.execute({
      sql: "SELECT count(*) AS n FROM authors WHERE name = ?",
      args: [tag("Tx commit")],
    });
    expect(inside.rows[0]?.n).toBe(1);

    const outside = await other.execute({
      sql: "SELECT count(*) AS n FROM authors WHERE name = ?",
      args: [tag("Tx commit")],
    });
    expect(outside.rows[0]?.n).toBe(0);

    await tx.commit();
    const after = await other.execute({
      sql: "SELECT count(*) AS n FROM authors WHERE name = ?",
      args: [tag("Tx commit")],
    });
    expect(after.rows[0]?.n).toBe(1);
  });

  it("rolls back an interactive transaction", async () => {
    const tx = await client.transaction("write");
    await tx.batch([
      { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Tx rollback 1")] },
      { sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Tx rollback 2")] },
    ]);
    await tx.rollback();
    expect(tx.closed).toBe(true);
    const after = await client.execute({
      sql: "SELECT count(*) AS n FROM authors WHERE name LIKE ?",
      args: [tag("Tx rollback %")],
    });
    expect(after.rows[0]?.n).toBe(0);
  });

  it("makes concurrent writers wait for an open write transaction instead of failing or deadlocking", async () => {
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Holder")] });

    let waitersDone = 0;
    const insertWaiter = connect({}, factory)
      .execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Waiter")] })
      .finally(() => waitersDone++);
    const transactionWaiter = connect({}, factory)
      .transaction("write")
      .then(async (waitingTx) => {
        await waitingTx.execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Tx waiter")] });
        await waitingTx.commit();
      })
      .finally(() => waitersDone++);
    await vi.waitFor(() => expect(server.waitingForLocks()).toBe(2), { timeout: 4000 });
    expect(waitersDone).toBe(0);

    await tx.commit();
    expect((await insertWaiter).rowsAffected).toBe(1);
    await transactionWaiter;
    const all = await client.execute({
      sql: "SELECT count(*) AS n FROM authors WHERE name IN (?, ?, ?)",
      args: [tag("Holder"), tag("Waiter"), tag("Tx waiter")],
    });
    expect(all.rows[0]?.n).toBe(3);
  });

  it("reports unique, not null and foreign key violations as SQLITE_CONSTRAINT errors", async () => {
    await client.execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Unique")] });
    const unique = await libsqlError(
      client.execute({ sql: "INSERT INTO authors (name) VALUES (?)", args: [tag("Unique")] }),
    );
    expect(unique.code).toBe("SQLITE_CONSTRAINT");
    expect(unique.message).toMatch(/UNIQUE constraint failed: authors\.name/);

    const notNull = await libsqlError(client.execute("INSERT INTO authors (name) VALUES (NULL)"));
    expect(notNull.code).toBe("SQLITE_CONSTRAINT");
    expect(notNull.message).toMatch(/NOT NULL constraint failed: authors\.name/);

    const foreignKey = await libsqlError(
      client.execute({ sql: "INSERT INTO books (author_id, title) VALUES (?, ?)", args: [999_999_999, tag("Orphan")] }),
    );
    expect(foreignKey.code).toBe("SQLITE_CONSTRAINT");
    expect(foreignKey.message).toMatch(/FOREIGN KEY constraint failed/);

    const syntax = await libsqlError(client.execute("SELEC 1"));
    expect(syntax.code).toBe("SQLITE_ERROR");
    expect(syntax.message).toMatch(/syntax error/);
  });

  it("round-trips NULL, 64-bit integers, floats, unicode text and blobs", async () => {
    const cases: { key: string; value: unknown; sqlType: string; expected: unknown }[] = [
      { key: "null", value: null, sqlType: "null", expected: null },
      { key: "small int", value: 42n, sqlType: "integer", expected: 42n },
      { key: "above 2^53", value: 2n ** 53n + 1n, sqlType: "integer", expected: 2n ** 53n + 1n },
      { key: "int64 max", value: 2n ** 63n - 1n, sqlType: "integer", expected: 2n ** 63n - 1n },
      { key: "int64 min", value: -(2n ** 63n), sqlType: "integer", expected: -(2n ** 63n) },
      { key: "boolean", value: true, sqlType: "integer", expected: 1n },
      { key: "float", value: 3.25, sqlType: "real", expected: 3.25 },
      { key: "whole number", value: 42, sqlType: "real", expected: 42 }, // JS numbers travel as floats
      { key: "tiny float", value: -1.5e-300, sqlType: "real", expected: -1.5e-300 },
      { key: "text", value: "héllo wörld — 日本語 🎬", sqlType: "text", expected: "héllo wörld — 日本語 🎬" },
      { key: "empty text", value: "", sqlType: "text", expected: "" },
      { key: "blob", value: new Uint8Array([0, 1, 2, 254, 255]), sqlType: "blob", expected: [0, 1, 2, 254, 255] },
      { key: "array buffer", value: new Uint8Array([9, 8, 7]).buffer, sqlType: "blob", expected: [9, 8, 7] },
      { key: "empty blob", value: new Uint8Array([]), sqlType: "blob", expected: [] },
    ];
    for (const { key, value } of cases) {
      await bigintClient.execute({ sql: "INSERT INTO vals (k, v) VALUES (?, ?)", args: [tag(key), value as never] });
    }
    for (const { key, sqlType, expected } of cases) {
      const { rows } = await bigintClient.execute({
        sql: "SELECT v, typeof(v) AS t FROM vals WHERE k = ?",
        args: [tag(key)],
      });
      const actual = rows[0]?.v;
      expect(rows[0]?.t, key).toBe(sqlType);
      if (sqlType === "blob") {
        expect(actual, key).toBeInstanceOf(ArrayBuffer);
        expect([...new Uint8Array(actual as ArrayBuffer)], key).toEqual(expected);
      } else {
        expect(actual, key).toBe(expected);
      }
    }

    const infinity = await client.execute("SELECT 1e999 AS inf, -1e999 AS neg");
    expect(infinity.rows[0]).toMatchObject({ inf: Infinity, neg: -Infinity });
  });

  it("honours the client's intMode", async () => {
    const sqlText = "SELECT 9007199254740993 AS big, 7 AS small";
    expect((await bigintClient.execute(sqlText)).rows[0]).toMatchObject({ big: 9007199254740993n, small: 7n });
    expect((await connect({ intMode: "string" }, factory).execute(sqlText)).rows[0]).toMatchObject({
      big: "9007199254740993",
      small: "7",
    });
    // The default "number" mode refuses integers that a JS number cannot hold exactly.
    await expect(client.execute(sqlText)).rejects.toThrow(RangeError);
    expect((await client.execute("SELECT 7 AS small")).rows[0]?.small).toBe(7);
  });

  it("runs executeMultiple, and executes a single statement that contains semicolons", async () => {
    const table = `"multi ${name}"`;
    await client.executeMultiple(`
      CREATE TABLE IF NOT EXISTS ${table} (x);
      INSERT INTO ${table} VALUES ('a;b'); -- a semicolon inside a string
      INSERT INTO ${table} VALUES (2);
    `);
    // A trigger body is part of one statement, semicolons and all.
    await client.execute(`
      CREATE TRIGGER "double ${name}" AFTER INSERT ON ${table} WHEN NEW.x = 3
      BEGIN
        INSERT INTO ${table} VALUES (NEW.x * 2);
        INSERT INTO ${table} VALUES (NEW.x * 3);
      END
    `);
    const insert = await client.execute(`INSERT INTO ${table} VALUES (3)`);
    expect(insert.rowsAffected).toBe(1); // rows written by the trigger do not count
    const { rows } = await client.execute(`SELECT x FROM ${table} ORDER BY rowid`);
    expect(rows.map((row) => row.x)).toEqual(["a;b", 2, 3, 6, 9]);
  });
});

describe("Drizzle over the local server", () => {
  let db: ReturnType<typeof drizzle>;

  beforeAll(() => {
    db = drizzle(connect());
  });

  it("inserts, selects, updates and deletes", async () => {
    const [inserted] = await db.insert(films).values({ title: "Stalker", year: 1979 }).returning();
    expect(inserted).toMatchObject({ title: "Stalker", year: 1979 });
    expect(inserted?.id).toBeTypeOf("number");

    await db.insert(films).values([
      { title: "Solaris", year: 1972 },
      { title: "Mirror", year: null },
    ]);
    const all = await db.select().from(films).orderBy(films.id);
    expect(all.map((film) => film.title)).toEqual(["Stalker", "Solaris", "Mirror"]);

    const updated = await db.update(films).set({ year: 1975 }).where(eq(films.title, "Mirror")).run();
    expect(updated.rowsAffected).toBe(1);
    const [mirror] = await db.select({ year: films.year }).from(films).where(eq(films.title, "Mirror"));
    expect(mirror?.year).toBe(1975);

    const deleted = await db.delete(films).where(eq(films.title, "Solaris")).returning({ id: films.id });
    expect(deleted).toHaveLength(1);
    const [{ count } = { count: -1 }] = await db.select({ count: sql<number>`count(*)` }).from(films);
    expect(count).toBe(2);
  });

  it("commits db.transaction and rolls it back when the callback throws", async () => {
    await db.transaction(async (tx) => {
      await tx.insert(films).values({ title: "Andrei Rublev", year: 1966 });
      await tx.insert(films).values({ title: "Ivan's Childhood", year: 1962 });
    });
    const committed = await db.select().from(films).where(sql`${films.year} < 1970`);
    expect(committed).toHaveLength(2);

    await expect(
      db.transaction(async (tx) => {
        await tx.insert(films).values({ title: "Nostalghia", year: 1983 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db.select().from(films).where(eq(films.title, "Nostalghia"))).toHaveLength(0);

    // A failing statement (duplicate title) aborts the whole transaction.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(films).values({ title: "The Sacrifice", year: 1986 });
        await tx.insert(films).values({ title: "Stalker", year: 1979 });
      }),
    ).rejects.toThrow();
    expect(await db.select().from(films).where(eq(films.title, "The Sacrifice"))).toHaveLength(0);
  });

  it("rolls back a nested transaction (savepoint) without losing the outer one", async () => {
    await db.transaction(async (tx) => {
      await tx.insert(films).values({ title: "Outer", year: 2000 });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(films).values({ title: "Inner", year: 2001 });
          inner.rollback();
        }),
      ).rejects.toThrow();
    });
    const titles = (await db.select({ title: films.title }).from(films)).map((film) => film.title);
    expect(titles).toContain("Outer");
    expect(titles).not.toContain("Inner");
  });

  it("runs db.batch atomically", async () => {
    const [insert, select] = await db.batch([
      db.insert(films).values({ title: "Batch film", year: 2020 }).returning({ id: films.id }),
      db.select().from(films).where(eq(films.title, "Batch film")),
    ]);
    expect(insert).toHaveLength(1);
    expect(select).toHaveLength(1);

    await expect(
      db.batch([
        db.insert(films).values({ title: "Batch film 2", year: 2021 }),
        db.insert(films).values({ title: "Batch film", year: 2020 }), // duplicate
      ]),
    ).rejects.toThrow();
    expect(await db.select().from(films).where(eq(films.title, "Batch film 2"))).toHaveLength(0);
  });

  it("surfaces constraint errors with the SQLite code", async () => {
    const error = await db
      .insert(films)
      .values({ title: "Stalker" })
      .then(
        () => expect.unreachable("duplicate insert must fail"),
        (error: unknown) => error,
      );
    // Drizzle wraps the driver error; the LibsqlError is its cause.
    const cause = error instanceof LibsqlError ? error : (error as Error).cause;
    expect(cause).toBeInstanceOf(LibsqlError);
    expect((cause as LibsqlError).code).toBe("SQLITE_CONSTRAINT");
  });
});

describe("lock contention", () => {
  it("gives up with SQLITE_BUSY after the busy timeout, and the stream keeps working afterwards", async () => {
    const busyServer = await startLocalDbServer({ file: join(directory, "busy.db"), port: 0, busyTimeoutMs: 150 });
    const send = async (body: unknown) => {
      const response = await fetch(new URL("/v2/pipeline", busyServer.url), {
        method: "POST",
        body: JSON.stringify(body),
      });
      return (await response.json()) as any;
    };
    const insert = (value: string) => ({ type: "execute", stmt: sqlStmt(`INSERT INTO t VALUES ('${value}')`) });
    const client = createClient({ url: busyServer.url });
    try {
      await client.execute("CREATE TABLE t (x)");
      const holder = await client.transaction("write");
      await holder.execute("INSERT INTO t VALUES ('holder')");

      // A long-lived stream that runs out of patience while the write lock is taken...
      const started = Date.now();
      const first = await send({ requests: [insert("gave up")] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
      expect(first.results[0].error.code).toBe("SQLITE_BUSY");

      await holder.commit();
      // ...still works, and its later writes are really committed (visible elsewhere, lock released).
      const second = await send({ baton: first.baton, requests: [insert("second try"), { type: "close" }] });
      expect(second.results[0].type).toBe("ok");
      const { rows } = await client.execute("SELECT x FROM t ORDER BY rowid");
      expect(rows.map((row) => row.x)).toEqual(["holder", "second try"]);
      await client.execute("INSERT INTO t VALUES ('unblocked')");
    } finally {
      client.close();
      await busyServer.close();
    }
  });
});

describe("idle streams", () => {
  it("expire, rolling back their transaction and releasing the write lock", async () => {
    const idleServer = await startLocalDbServer({
      file: join(directory, "idle.db"),
      port: 0,
      streamIdleTimeoutMs: 200,
    });
    const client = createClient({ url: idleServer.url });
    const other = createClient({ url: idleServer.url });
    try {
      await client.execute("CREATE TABLE t (x)");
      const tx = await client.transaction("write");
      await tx.execute("INSERT INTO t VALUES ('abandoned')");

      // The write lock is freed when the stream expires: this insert waits for it, and would fail with SQLITE_BUSY
      // after the 5 s busy timeout if the abandoned transaction kept it...
      await other.execute("INSERT INTO t VALUES ('other')");
      const { rows } = await other.execute("SELECT x FROM t");
      expect(rows.map((row) => row.x)).toEqual(["other"]);
      // ...and the client learns why its transaction is gone.
      const error = await libsqlError(tx.commit());
      expect(error.code).toBe("STREAM_EXPIRED");
    } finally {
      client.close();
      other.close();
      await idleServer.close();
    }
  });

  it("are all closed when the server closes", async () => {
    const file = join(directory, "shutdown.db");
    const shortLived = await startLocalDbServer({ file, port: 0 });
    const client = createClient({ url: shortLived.url });
    await client.execute("CREATE TABLE t (x)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    await shortLived.close();
    client.close();

    // The unfinished transaction was rolled back and its lock released: a new server can write at once.
    const again = await startLocalDbServer({ file, port: 0 });
    const fresh = createClient({ url: again.url });
    try {
      await fresh.execute("INSERT INTO t VALUES (2)");
      expect((await fresh.execute("SELECT x FROM t")).rows.map((row) => row.x)).toEqual([2]);
    } finally {
      fresh.close();
      await again.close();
    }
  });
});
