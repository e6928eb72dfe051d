import type { InStatement, InValue, ResultSet } from "@libsql/client";
import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { counters } from "./schema.ts";

/**
 * The content version (decision 039): a number every write visitors could see raises, by triggers
 * (migrations/0022), in the writing transaction. The edge cache keeps visitors' pages under it.
 */
export const CONTENT_VERSION = "content_version";

/** The version's read as a statement of its own, to ride along with a request's round trip (decision 040). */
export function contentVersionStatement(db: Database): InStatement {
  const query = db.select({ value: counters.value }).from(counters).where(eq(counters.name, CONTENT_VERSION));
  const { sql, params } = query.toSQL();
  return { sql, args: params as InValue[] };
}

/** The version that statement answered: 0 before the first counted write. */
export const contentVersionOf = (result: ResultSet): number => Number(result.rows[0]?.[0] ?? 0);
