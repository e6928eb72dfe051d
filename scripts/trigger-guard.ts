/**
 * Reads migrations/ in the migrator's order and follows which triggers exist after each one, to catch what
 * SQLite does silently: dropping a table drops its triggers, and drizzle-kit changes some tables by rebuilding
 * them (CREATE TABLE __new_x, copy, DROP TABLE x, rename). Checked against the declared list in
 * worker/db/triggers.ts by `npm test` (tests/unit/trigger-guard.test.ts) and by `npm run db:generate`
 * (scripts/db-generate.ts) right after drizzle-kit writes a migration.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DeclaredTrigger, TRIGGERS } from "../worker/db/triggers.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../migrations", import.meta.url));

export interface Migration {
  /** The file name without .sql, as in migrations/meta/_journal.json. */
  tag: string;
  sql: string;
}

interface LiveTrigger {
  table: string;
  event: string;
  /** The CREATE TRIGGER statement, to show what a migration has to repeat. */
  statement: string;
}

/** The migrations in the order `migrate()` applies them: the journal's. */
export function readMigrations(folder = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => ({ tag, sql: readFileSync(join(folder, `${tag}.sql`), "utf8") }));
}

const name = String.raw`[\`"\[]?(\w+)[\`"\]]?`;
const CREATE_TRIGGER = String.raw`\bCREATE\s+(?:TEMP(?:ORARY)?\s+)?TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?${name}\s+([\s\S]*?)\s+ON\s+${name}`;
const STATEMENTS = new RegExp(
  [
    CREATE_TRIGGER,
    String.raw`\bDROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?${name}`,
    String.raw`\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?${name}`,
    String.raw`\bALTER\s+TABLE\s+${name}\s+RENAME\s+TO\s+${name}`,
  ].join("|"),
  "gi",
);

/** "AFTER UPDATE OF `a`, `b`" and its spacing variants all read "AFTER UPDATE OF a, b". */
export function normalizeEvent(event: string): string {
  return event
    .replace(/[`"[\]]/g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*,\s*/g, ", ")
    .trim()
    .toUpperCase()
    .replace(/ OF (.*)$/, (_, columns: string) => ` OF ${columns.toLowerCase()}`);
}

/** Name, table and event of a CREATE TRIGGER statement, e.g. the `sql` column of sqlite_master. */
export function parseCreateTrigger(statement: string): { name: string; table: string; event: string } | null {
  const [, triggerName, event, table] = new RegExp(CREATE_TRIGGER, "i").exec(statement) ?? [];
  return triggerName && event && table ? { name: triggerName, table, event: normalizeEvent(event) } : null;
}

/**
 * The last step of a rebuild, renaming the new table to the dropped one's name, first checks the whole schema:
 * SQLite refuses it ("error in trigger t: no such table: main.x") while a trigger on another table still
 * refers to the dropped table.
 */
function renameBlockers(tag: string, from: string, to: string, live: ReadonlyMap<string, LiveTrigger>): string[] {
  const mentions = new RegExp(String.raw`\b${to}\b`);
  return [...live]
    .filter(([, details]) => details.table !== from && mentions.test(details.statement))
    .map(
      ([trigger, details]) =>
        `migrations/${tag}.sql renames ${from} to ${to} while trigger ${trigger} (on ${details.table}) still refers ` +
        `to ${to}, which SQLite refuses. Add DROP TRIGGER \`${trigger}\`; before DROP TABLE \`${to}\`; and ` +
        `create it again after the rename:\n${details.statement}`,
    );
}

/**
 * Everything that disagrees between the migrations and the declared triggers; empty when they agree. Each
 * message names the migration and says what to do.
 */
export function checkMigrationTriggers(
  migrations: readonly Migration[],
  declared: readonly DeclaredTrigger[] = TRIGGERS,
): string[] {
  const problems: string[] = [];
  const tags = new Set(migrations.map((migration) => migration.tag));
  const declaredByName = new Map(declared.map((trigger) => [trigger.name, trigger]));
  const firstCreatedIn = new Map<string, string>();
  const live = new Map<string, LiveTrigger>();
  /** Declared triggers already reported lost, so a loss is told once, at the migration that caused it. */
  const lost = new Set<string>();

  for (const trigger of declared) {
    if (!tags.has(trigger.createdIn)) {
      problems.push(
        `worker/db/triggers.ts: ${trigger.name} says it is created in ${trigger.createdIn}, which is not a migration.`,
      );
    }
  }

  for (const migration of migrations) {
    const droppedWithTable = new Map<string, LiveTrigger>();
    const droppedTables = new Set<string>();
    for (const chunk of migration.sql.split("--> statement-breakpoint")) {
      const code = chunk.replace(/--[^\n]*/g, "");
      for (const match of code.matchAll(STATEMENTS)) {
        const [, created, event, createdOn, dropped, droppedTable, renamedFrom, renamedTo] = match;
        if (created && event && createdOn) {
          const statement = `${code.slice(match.index).trim().replace(/;$/, "")};`;
          live.set(created, { table: createdOn, event: normalizeEvent(event), statement });
          if (!firstCreatedIn.has(created)) firstCreatedIn.set(created, migration.tag);
        } else if (dropped) {
          live.delete(dropped);
        } else if (droppedTable) {
          droppedTables.add(droppedTable);
          for (const [trigger, details] of live) {
            if (details.table !== droppedTable) continue;
            live.delete(trigger);
            droppedWithTable.set(trigger, details);
          }
        } else if (renamedFrom && renamedTo) {
          if (droppedTables.delete(renamedTo))
            problems.push(...renameBlockers(migration.tag, renamedFrom, renamedTo, live));
          // A renamed table keeps its triggers.
          for (const details of live.values()) if (details.table === renamedFrom) details.table = renamedTo;
        }
      }
    }

    for (const [trigger, details] of droppedWithTable) {
      if (live.has(trigger) || !declaredByName.has(trigger)) continue;
      lost.add(trigger);
      problems.push(
        `migrations/${migration.tag}.sql drops table ${details.table} (a rebuild does), which drops its trigger ` +
          `${trigger}, and does not create it again. Append to that migration, after the table is back:\n` +
          details.statement,
      );
    }
    for (const trigger of declared) {
      if (!firstCreatedIn.has(trigger.name) || live.has(trigger.name) || lost.has(trigger.name)) continue;
      lost.add(trigger.name);
      problems.push(
        `${trigger.name} (on ${trigger.table}, created in ${trigger.createdIn}) no longer exists after ` +
          `migrations/${migration.tag}.sql: create it again there, or remove it from worker/db/triggers.ts.`,
      );
    }
  }

  for (const trigger of declared) {
    const actual = live.get(trigger.name);
    const first = firstCreatedIn.get(trigger.name);
    if (!actual) {
      if (!first) problems.push(`${trigger.name} is declared in worker/db/triggers.ts but no migration creates it.`);
      continue;
    }
    if (first !== trigger.createdIn) {
      problems.push(`${trigger.name} is first created in ${first}, not ${trigger.createdIn} as declared.`);
    }
    if (actual.table !== trigger.table || actual.event !== normalizeEvent(trigger.event)) {
      problems.push(
        `${trigger.name} is declared as ${trigger.event} ON ${trigger.table}, but the migrations create it as ` +
          `${actual.event} ON ${actual.table}.`,
      );
    }
  }
  for (const [trigger, actual] of live) {
    if (!declaredByName.has(trigger)) {
      problems.push(
        `The migrations create trigger ${trigger} (${actual.event} ON ${actual.table}), which worker/db/triggers.ts does not declare.`,
      );
    }
  }
  return problems;
}
