/**
 * Applies the SQL migrations in migrations/, then the data backfills (scripts/backfills), to a libSQL
 * database: the local server in development, Turso in production. Usage: `DATABASE_URL=… [DATABASE_AUTH_TOKEN=…] npm run db:migrate`.
 */
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { runBackfills } from "./backfills/index.ts";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../migrations", import.meta.url));

export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await requireForeignKeys(client);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await runBackfills(client);
  } finally {
    client.close();
  }
}

/**
 * A connection's child rows are deleted only by ON DELETE CASCADE (decision 012), which SQLite applies only on
 * connections with foreign keys on. libSQL builds turn them on for every connection (Turso's server, and the
 * embedded package under scripts/local-db); this asks a fresh connection, as the Worker gets one, and refuses a
 * database where deletes would leave orphans.
 */
async function requireForeignKeys(client: Client): Promise<void> {
  const { rows } = await client.execute("PRAGMA foreign_keys");
  if (Number(rows[0]?.[0]) !== 1) {
    throw new Error(
      "This database does not enforce foreign keys on new connections; see docs/decisions/012-triggers-and-deletes.md.",
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL (and DATABASE_AUTH_TOKEN for Turso) to the database to migrate.");
    process.exit(1);
  }
  await migrateDatabase(url, process.env.DATABASE_AUTH_TOKEN);
  console.log(`Migrations applied to ${new URL(url).host}.`);
}
