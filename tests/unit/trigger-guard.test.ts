import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkMigrationTriggers, type Migration, readMigrations } from "../../scripts/trigger-guard.ts";
import { type DeclaredTrigger, TRIGGERS } from "../../worker/db/triggers.ts";

const migrations = readMigrations();
const onConnections = TRIGGERS.filter((trigger) => trigger.table === "connections").map((trigger) => trigger.name);

// What `npm run db:generate` wrote for a change that makes SQLite rebuild connections (its movie_id foreign key
// given ON DELETE SET NULL): CREATE TABLE __new_connections, copy, DROP TABLE connections, rename.
const REBUILD_CONNECTIONS = readFileSync(new URL("fixtures/rebuild-connections.sql", import.meta.url), "utf8");
// A trigger on another table that reads connections in its body blocks the rename; the verdict tallies' triggers
// read only their own tables.
const allSql = migrations.map((migration) => migration.sql).join("\n");
const readsConnections = (name: string) => {
  const start = allSql.indexOf(`CREATE TRIGGER \`${name}\``);
  return /\bconnections\b/.test(allSql.slice(start, allSql.indexOf("END;", start)).replace(/ON `?\w+`?/, ""));
};
const onOtherTables = TRIGGERS.filter(
  (trigger) => trigger.table !== "connections" && readsConnections(trigger.name),
).map((trigger) => trigger.name);

const BREAK = "--> statement-breakpoint\n";
const withMigration = (tag: string, sql: string): Migration[] => [...migrations, { tag, sql }];

describe("the trigger guard", () => {
  it("finds every declared trigger in migrations/, and no other", () => {
    expect(checkMigrationTriggers(migrations)).toEqual([]);
  });

  it("fails a generated rebuild of connections, naming each trigger it loses or that blocks it", () => {
    const problems = checkMigrationTriggers(withMigration("0099_rebuild", REBUILD_CONNECTIONS));
    expect(problems).toHaveLength(onConnections.length + onOtherTables.length);
    for (const trigger of onConnections) {
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^migrations/0099_rebuild\\.sql drops table connections .* trigger ${trigger},[^]*CREATE TRIGGER \`${trigger}\``,
          ),
        ),
      );
    }
    for (const trigger of onOtherTables) {
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^migrations/0099_rebuild\\.sql renames __new_connections to connections while trigger ${trigger} `,
          ),
        ),
      );
    }
  });

  it("passes the rebuild once it does what the guard asked", () => {
    const problems = checkMigrationTriggers(withMigration("0099_rebuild", REBUILD_CONNECTIONS));
    const drops = problems.flatMap((problem) => /Add (DROP TRIGGER `\w+`;)/.exec(problem)?.[1] ?? []);
    const creates = problems.map((problem) => problem.slice(problem.indexOf("CREATE TRIGGER")));
    const fixed = [
      REBUILD_CONNECTIONS.replace("DROP TABLE `connections`;", [...drops, "DROP TABLE `connections`;"].join(BREAK)),
      ...creates,
    ].join(BREAK);
    expect(checkMigrationTriggers(withMigration("0099_rebuild", fixed))).toEqual([]);
  });

  it("fails a migration that drops a declared trigger", () => {
    expect(checkMigrationTriggers(withMigration("0099_drop", "DROP TRIGGER `connection_tags_dated`;"))).toEqual([
      "connection_tags_dated (on connection_tags, created in 0005_tags_newest_first) no longer exists after " +
        "migrations/0099_drop.sql: create it again there, or remove it from worker/db/triggers.ts.",
    ]);
  });

  it("fails a list that misses a trigger the migrations create, or declares one they do not", () => {
    const withoutDated = TRIGGERS.filter((trigger) => trigger.name !== "connection_tags_dated");
    expect(checkMigrationTriggers(migrations, withoutDated)).toEqual([
      "The migrations create trigger connection_tags_dated (AFTER INSERT ON connection_tags), which " +
        "worker/db/triggers.ts does not declare.",
    ]);
    const invented: DeclaredTrigger = {
      name: "invented_trigger",
      table: "connections",
      event: "AFTER INSERT",
      createdIn: "0008_children_deleted_by_foreign_keys",
      purpose: "nothing",
    };
    expect(checkMigrationTriggers(migrations, [...TRIGGERS, invented])).toEqual([
      "invented_trigger is declared in worker/db/triggers.ts but no migration creates it.",
    ]);
  });

  it("fails a declared event, table or first migration that differs from the migrations'", () => {
    const misdeclared = TRIGGERS.map((trigger) =>
      trigger.name === "connection_tags_dated"
        ? { ...trigger, event: "BEFORE INSERT", createdIn: "0006_filter_facets" }
        : trigger,
    );
    expect(checkMigrationTriggers(migrations, misdeclared)).toEqual([
      "connection_tags_dated is first created in 0005_tags_newest_first, not 0006_filter_facets as declared.",
      "connection_tags_dated is declared as BEFORE INSERT ON connection_tags, but the migrations create it as " +
        "AFTER INSERT ON connection_tags.",
    ]);
  });
});
