import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";

/**
 * A fresh local libSQL server on a temporary file with every migration applied through `npm run db:migrate`'s
 * function, reached over HTTP as the Worker reaches Turso.
 */
export interface MigratedDatabase {
  url: string;
  close(): Promise<void>;
}

export async function startMigratedDatabase(): Promise<MigratedDatabase> {
  const directory = mkdtempSync(join(tmpdir(), "moviebooks-test-"));
  const server = await startLocalDbServer({ file: join(directory, "test.db"), port: 0 });
  await migrateDatabase(server.url);
  return {
    url: server.url,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
