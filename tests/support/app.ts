import { createClient } from "@libsql/client";
import { seedDemoContent } from "../../scripts/seed/seed.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { type CountingProxy, startCountingProxy } from "./counting-proxy.ts";
import { startMigratedDatabase } from "./database.ts";
import { copyStorage, runTemplates } from "./templates.ts";
import { type RunningWorker, startWorker } from "./worker.ts";

/**
 * A complete MovieBooks for one test file: a fresh local libSQL server on a temporary file, migrated (and seeded
 * with `seed`; in a test run, copies of the run's templates), and the built Worker running in workerd against it
 * with its own R2 (and `vars`, e.g. the title providers' fakes). `db` and `bucket` let tests check what was (or was
 * not) written.
 */
export interface TestApp {
  url: string;
  db: Database;
  bucket: RunningWorker["bucket"];
  databaseUrl: string;
  /** With `countRoundTrips`: the proxy between the Worker and the database, counting its requests. */
  roundTrips?: CountingProxy;
  /** What the Worker has logged as errors or warnings so far (`RunningWorker.errorsLogged`). */
  errorsLogged: string[];
  /** The Worker's own data center cache (`caches.default`), to see what the edge cache kept. */
  edgeCache(): Promise<Cache>;
  /** Runs the Worker's scheduled handler (wrangler.toml `[triggers]`) as if the cron fired at `time`. */
  scheduled(time?: Date): Promise<{ outcome: string }>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: { seed?: boolean; countRoundTrips?: boolean; vars?: Record<string, string> } = {},
): Promise<TestApp> {
  const templates = runTemplates();
  const server = await startMigratedDatabase(options.seed ? templates?.seeded.database : templates?.migrated);
  const storage = options.seed && templates ? copyStorage(templates.seeded.storage) : undefined;
  const roundTrips = options.countRoundTrips ? await startCountingProxy(server.url) : undefined;
  const worker = await startWorker({
    databaseUrl: roundTrips?.url ?? server.url,
    vars: options.vars,
    storage: storage?.path,
  });
  const client = createClient({ url: server.url });
  const db = createDatabase(client);
  if (options.seed && !templates) await seedDemoContent(db, worker.bucket);
  return {
    url: worker.url,
    db,
    bucket: worker.bucket,
    databaseUrl: server.url,
    roundTrips,
    errorsLogged: worker.errorsLogged,
    async edgeCache() {
      return (await worker.miniflare.getCaches()).default as unknown as Cache;
    },
    async scheduled(time = new Date()) {
      const fetcher = await worker.miniflare.getWorker();
      return fetcher.scheduled({ scheduledTime: time, cron: "17 * * * *" });
    },
    async close() {
      client.close();
      await worker.close();
      await roundTrips?.close();
      await server.close();
      storage?.remove();
    },
  };
}
