// The declared triggers (worker/db/triggers.ts) against what a freshly migrated database really holds, and the
// foreign keys that delete child rows (decision 012) being enforced on every new connection.

import { type Client, createClient } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeEvent, parseCreateTrigger } from "../../scripts/trigger-guard.ts";
import { TRIGGERS } from "../../worker/db/triggers.ts";
import { type MigratedDatabase, startMigratedDatabase } from "../support/database.ts";

let database: MigratedDatabase;
let client: Client;

beforeAll(async () => {
  database = await startMigratedDatabase();
  client = createClient({ url: database.url });
});

afterAll(async () => {
  client?.close();
  await database?.close();
});

const describeTrigger = (trigger: { name: string; table: string; event: string }) =>
  `${trigger.name}: ${normalizeEvent(trigger.event)} ON ${trigger.table}`;

describe("a freshly migrated database", () => {
  it("holds exactly the declared triggers, each on its declared table and event", async () => {
    const { rows } = await client.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'");
    const actual = rows.map((row) => {
      const parsed = parseCreateTrigger(String(row.sql));
      expect(parsed, String(row.sql)).not.toBeNull();
      return describeTrigger({ name: String(row.name), table: String(row.tbl_name), event: parsed?.event ?? "" });
    });
    const declared = TRIGGERS.map(describeTrigger);

    expect({
      missing: declared.filter((trigger) => !actual.includes(trigger)),
      unexpected: actual.filter((trigger) => !declared.includes(trigger)),
    }).toEqual({ missing: [], unexpected: [] });
    expect(actual).toHaveLength(declared.length);
  });

  it("enforces foreign keys on every new connection, from Node and from the Worker's HTTP-only client", async () => {
    const web = createWebClient({ url: database.url });
    try {
      for (const connection of [client, web]) {
        const { rows } = await connection.execute("PRAGMA foreign_keys");
        expect(Number(rows[0]?.[0])).toBe(1);
      }
    } finally {
      web.close();
    }
  });
});
