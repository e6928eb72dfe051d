/**
 * Data steps that SQL migrations cannot do alone, run by `migrateDatabase` after the SQL migrations: values
 * that only the Worker's TypeScript rules can compute (a title's normalised key, a person's slug) for rows
 * written before the column existed. Each step fills only the rows still missing the value, in chunks, so it
 * is idempotent and safe to run on every start; new rows get the value from the code that writes them.
 */
import type { Client } from "@libsql/client";
import { CATALOG_IDENTITY } from "./catalog-identity.ts";
import { personSlugs } from "./person-slugs.ts";

export interface Backfill {
  /** Shown in the log when the step changed rows. */
  name: string;
  /** Fills one chunk of rows still missing the value and answers how many it changed (0 when done). */
  fillChunk(client: Client): Promise<number>;
}

/** In the order they must run; a later step may rely on an earlier one's values. */
const BACKFILLS: Backfill[] = [...CATALOG_IDENTITY, personSlugs];

export async function runBackfills(client: Client): Promise<void> {
  for (const backfill of BACKFILLS) {
    let total = 0;
    for (let changed = await backfill.fillChunk(client); changed > 0; changed = await backfill.fillChunk(client)) {
      total += changed;
    }
    if (total > 0) console.log(`Backfill ${backfill.name}: ${total} row(s).`);
  }
}
