import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof createDatabase>;

/** Wraps a libSQL client (HTTP inside the Worker, file or HTTP in Node scripts) in the typed Drizzle API. */
export function createDatabase(client: Client) {
  return drizzle(client, { schema });
}
