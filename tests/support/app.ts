import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";
import { seedDemoContent } from "../../scripts/seed/seed.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { type CountingProxy, startCountingProxy } from "./counting-proxy.ts";
import { type RunningWorker, startWorker } from "./worker.ts";

/**
 * A complete MovieBooks for one test file: a fresh local libSQL server on a temporary file, migrated, and the
 * built Worker running in workerd against it with its own R2. `db` and `bucket` let tests check what was
 * (or was not) written.
 */
export interface TestApp {
  url: string;
  db: Database;
  bucket: RunningWorker["bucket"];
  databaseUrl: string;
  /** With `countRoundTrips`: the proxy between the Worker and the database, counting its requests. */
  roundTrips?: CountingProxy;
  close(): Promise<void>;
}

export async function startTestApp(options: { seed?: boolean; countRoundTrips?: boolean } = {}): Promise<TestApp> {
  const directory = mkdtempSync(join(tmpdir(), "moviebooks-test-"));
  const server = await startLocalDbServer({ file: join(directory, "test.db"), port: 0 });
  await migrateDatabase(server.url);
  const roundTrips = options.countRoundTrips ? await startCountingProxy(server.url) : undefined;
  const worker = await startWorker({ databaseUrl: roundTrips?.url ?? server.url });
  const client = createClient({ url: server.url });
  const db = createDatabase(client);
  if (options.seed) await seedDemoContent(db, worker.bucket);
  return {
    url: worker.url,
    db,
    bucket: worker.bucket,
    databaseUrl: server.url,
    roundTrips,
    async close() {
      client.close();
      await worker.close();
      await roundTrips?.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
