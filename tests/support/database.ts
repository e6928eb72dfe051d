import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";

/**
 * A fresh local libSQL server on a temporary file with every migration applied through `npm run db:migrate`'s
 * function, reached over HTTP as the Worker reaches Turso. Given a `template` (a database file made so by
 * tests/support/templates.ts), the file starts as a copy of it instead.
 */
export interface MigratedDatabase {
  url: string;
  close(): Promise<void>;
}

export async function startMigratedDatabase(template?: string): Promise<MigratedDatabase> {
  const directory = mkdtempSync(join(tmpdir(), "moviebooks-test-"));
  const file = join(directory, "test.db");
  if (template) copyFileSync(template, file);
  const server = await startLocalDbServer({ file, port: 0 });
  if (!template) await migrateDatabase(server.url);
  return {
    url: server.url,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
