import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";
import { seedDemoContent } from "../../scripts/seed/seed.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { startWorker } from "./worker.ts";

/**
 * Every test file starts its own site on its own database and R2, and most start from the same state: freshly
 * migrated, or seeded with the demo content. Migrating takes half a second and seeding six (some 400 images
 * written to R2 through Miniflare), so a test run makes each state once and every file starts from a copy of it.
 * The run's global setup (tests/global-setup.ts) makes them and names them in the environment its test workers
 * inherit; outside a test run (the load script) there are none and a site is migrated and seeded in place.
 */
export interface Templates {
  /** A migrated database file. */
  migrated: string;
  /** A seeded database file and the R2 storage (Miniflare's persistence directory) its image keys point into. */
  seeded: { database: string; storage: string };
}

const VARIABLE = "MOVIEBOOKS_TEST_TEMPLATES";

export function runTemplates(): Templates | undefined {
  const named = process.env[VARIABLE];
  return named ? (JSON.parse(named) as Templates) : undefined;
}

/** Makes both states in `directory` and names them for the test workers started after this. */
export async function makeTemplates(directory: string): Promise<Templates> {
  const templates: Templates = {
    migrated: join(directory, "migrated.db"),
    seeded: { database: join(directory, "seeded.db"), storage: join(directory, "seeded-storage") },
  };
  // One database is migrated, then seeded; VACUUM INTO takes each state as a complete file, whatever the
  // server's connections still hold in their write-ahead logs.
  const database = await startLocalDbServer({ file: join(directory, "work.db"), port: 0 });
  const client = createClient({ url: database.url });
  await migrateDatabase(database.url);
  await client.execute({ sql: "vacuum into ?", args: [templates.migrated] });
  const worker = await startWorker({ databaseUrl: database.url, storage: templates.seeded.storage });
  await seedDemoContent(createDatabase(client), worker.bucket);
  await worker.close();
  await client.execute({ sql: "vacuum into ?", args: [templates.seeded.database] });
  client.close();
  await database.close();

  process.env[VARIABLE] = JSON.stringify(templates);
  return templates;
}

/** A private copy of a template's storage, removed by the returned function. */
export function copyStorage(storage: string): { path: string; remove(): void } {
  const directory = mkdtempSync(join(tmpdir(), "moviebooks-storage-"));
  const path = join(directory, "storage");
  cpSync(storage, path, { recursive: true });
  return { path, remove: () => rmSync(directory, { recursive: true, force: true }) };
}
