/**
 * Applies the SQL migrations in migrations/ to a libSQL database: the local server in development,
 * Turso in production. Usage: `DATABASE_URL=… [DATABASE_AUTH_TOKEN=…] npm run db:migrate`.
 */
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../migrations", import.meta.url));

export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    client.close();
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
