import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { counters } from "./schema.ts";

/**
 * The content version (decision 039): a number every write visitors could see raises, by triggers
 * (migrations/0022), in the writing transaction. The edge cache keeps visitors' pages under it.
 */
export const CONTENT_VERSION = "content_version";

export async function contentVersionRead(db: Database): Promise<number> {
  const [row] = await db.select({ value: counters.value }).from(counters).where(eq(counters.name, CONTENT_VERSION));
  return row?.value ?? 0;
}
