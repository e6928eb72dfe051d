import { type SQL, sql } from "drizzle-orm";

/** The `value` column of a subquery as a JSON array text, `[]` when it has no rows (one query, not one per row). */
export const jsonList = (query: SQL) => sql<string>`(select coalesce(json_group_array(value), '[]') from (${query}))`;
