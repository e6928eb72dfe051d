import { type SQL, sql } from "drizzle-orm";

/** The `value` column of a subquery as a JSON array text, `[]` when it has no rows (one query, not one per row). */
export const jsonList = (query: SQL) => sql<string>`(select coalesce(json_group_array(value), '[]') from (${query}))`;
/**
 * A new id computed by the database, in `newId()`'s format (8 hex digits of seconds, 16 random), for statements
 * that insert one row per selected row.
 */
export const sqlNewId = () => sql<string>`(printf('%08x', unixepoch()) || lower(hex(randomblob(8))))`;

/** Now in milliseconds, as the tables' `created_at` defaults compute it, for columns of an INSERT … SELECT. */
export const sqlNow = () => sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;
