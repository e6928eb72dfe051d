import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";

export type Database = ReturnType<typeof createDatabase>;

/**
 * Wraps a libSQL client (HTTP inside the Worker, file or HTTP in Node scripts) in the typed Drizzle API. Queries
 * name their tables (`worker/db/schema.ts`); the schema is not handed over, since Drizzle would build its
 * relational-query map from it for every request's client, which nothing here uses.
 */
export function createDatabase(client: Client) {
  return drizzle(client);
}
