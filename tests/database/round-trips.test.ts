// The request's round trips (decision 040): what a request asks in the same moment travels as one batch, riders go
// with the next round trip without causing one, and writes wait for the session check. A real libSQL database on
// a temporary file; a wrapper around its client counts what reaches it.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient, type InStatement } from "@libsql/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RoundTrips } from "../../worker/db/round-trips.ts";

let directory: string;
let client: Client;
let sent: string[][];

/** The client, with every call that reaches the database written down (its statements' SQL). */
function counted(inner: Client): Client {
  const sqlOf = (stmt: InStatement | string) => (typeof stmt === "string" ? stmt : stmt.sql);
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === "execute") {
        return (stmt: InStatement) => {
          sent.push([sqlOf(stmt)]);
          return target.execute(stmt);
        };
      }
      if (property === "batch") {
        return (stmts: InStatement[], mode?: "write" | "read" | "deferred") => {
          sent.push(stmts.map(sqlOf));
          return target.batch(stmts, mode);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "moviebooks-round-trips-"));
  client = createClient({ url: `file:${join(directory, "test.db")}` });
  await client.execute("create table notes (id integer primary key, body text not null unique)");
});

afterAll(() => {
  client.close();
  rmSync(directory, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.execute("delete from notes");
  await client.execute("insert into notes (body) values ('first'), ('second')");
  sent = [];
});

const roundTrips = () => new RoundTrips(counted(client));

describe("one round trip for what a request asks at once", () => {
  it("sends calls made in the same moment as one batch, each caller getting its own answers", async () => {
    const trips = roundTrips();
    const [one, [two, three]] = await Promise.all([
      trips.execute("select body from notes where id = 1"),
      trips.batch(["select body from notes where id = 2", "select count(*) as n from notes"]),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(3);
    expect(one.rows[0]?.body).toBe("first");
    expect(two?.rows[0]?.body).toBe("second");
    expect(three?.rows[0]?.n).toBe(2);
  });

  it("keeps a lone call as it was made", async () => {
    const trips = roundTrips();
    await trips.execute("select 1");
    expect(sent).toEqual([["select 1"]]);
  });

  it("answers each caller alone when one statement of the batch fails, and only that one fails", async () => {
    const trips = roundTrips();
    const [duplicate, read] = await Promise.allSettled([
      trips.execute("insert into notes (body) values ('first')"),
      trips.execute("select count(*) as n from notes"),
    ]);
    expect(duplicate.status).toBe("rejected");
    expect(read.status === "fulfilled" && read.value.rows[0]?.n).toBe(2);
  });
});

describe("riders", () => {
  it("go with the next round trip, first, without causing one", async () => {
    const trips = roundTrips();
    const rider = trips.ride({ sql: "select 'checked' as answer", args: [] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toEqual([]);
    const page = await trips.execute("select body from notes where id = 1");
    expect((await rider).rows[0]?.answer).toBe("checked");
    expect(page.rows[0]?.body).toBe("first");
    expect(sent).toEqual([["select 'checked' as answer", "select body from notes where id = 1"]]);
  });

  it("are sent when pulled, and fail as unsent when the round trips close first", async () => {
    const pulled = roundTrips();
    const answer = pulled.ride({ sql: "select 1 as one", args: [] });
    pulled.pull();
    expect((await answer).rows[0]?.one).toBe(1);
    const closed = new RoundTrips(createClient({ url: `file:${join(directory, "test.db")}` }));
    const unsent = closed.ride({ sql: "select 1", args: [] });
    closed.close();
    await expect(unsent).rejects.toThrow(/Closed before the statement was sent/);
  });
});

describe("writes held until the session check", () => {
  it("sends reads at once, and writes, with what is asked after them, once the gate opens", async () => {
    const trips = roundTrips();
    let open!: () => void;
    trips.holdWritesUntil(new Promise<void>((resolve) => (open = resolve)));
    const before = await trips.execute("select count(*) as n from notes");
    expect(before.rows[0]?.n).toBe(2);
    const write = trips.execute("insert into notes (body) values ('third')");
    // A read asked after the write may be there to read what it wrote: it waits behind it.
    const after = trips.execute("select count(*) as n from notes");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toHaveLength(1);
    open();
    await write;
    expect((await after).rows[0]?.n).toBe(3);
    expect(sent).toEqual([
      ["select count(*) as n from notes"],
      ["insert into notes (body) values ('third')", "select count(*) as n from notes"],
    ]);
  });

  it("fails the writes, and writes nothing, when the check fails", async () => {
    const trips = roundTrips();
    trips.holdWritesUntil(Promise.reject(new Error("The session is not what its token said.")));
    await expect(trips.execute("delete from notes")).rejects.toThrow(/not what its token said/);
    await expect(trips.batch(["select 1", "update notes set body = 'changed'"])).rejects.toThrow(/token said/);
    expect((await client.execute("select count(*) as n from notes")).rows[0]?.n).toBe(2);
    expect(sent).toEqual([]);
  });
});

describe("a write beside the check", () => {
  it("goes with the check's round trip while other writes are held", async () => {
    const trips = roundTrips();
    let open!: () => void;
    trips.holdWritesUntil(new Promise<void>((resolve) => (open = resolve)));
    const check = trips.ride({ sql: "select 'checked' as answer", args: [] });
    const held = trips.execute("insert into notes (body) values ('held')");
    const beside = trips.executeBesideTheCheck({
      sql: "insert into notes (body) select 'beside' where exists (select 1 from notes where id = 1)",
      args: [],
    });
    expect((await beside).rowsAffected).toBe(1);
    expect((await check).rows[0]?.answer).toBe("checked");
    expect(sent).toEqual([
      [
        "select 'checked' as answer",
        "insert into notes (body) select 'beside' where exists (select 1 from notes where id = 1)",
      ],
    ]);
    open();
    await held;
    expect(sent).toHaveLength(2);
  });

  it("fails once the check has failed, as held writes do", async () => {
    const trips = roundTrips();
    trips.holdWritesUntil(Promise.reject(new Error("The session is not what its token said.")));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(trips.executeBesideTheCheck({ sql: "delete from notes", args: [] })).rejects.toThrow(/token said/);
    expect(sent).toEqual([]);
  });
});
