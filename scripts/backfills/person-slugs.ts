/**
 * People's slugs (migration 0016, decision 021) for directors, actors and authors written before the columns
 * existed. Writing a slug fires the filter triggers (0017), which copy it onto the work's connections as their
 * director, actor or author filter value and count it.
 */
import type { Client, InStatement } from "@libsql/client";
import { personSlug } from "../../worker/core/rules/index.ts";
import type { Backfill } from "./index.ts";

const CHUNK = 500;

interface Column {
  table: string;
  /** The columns that pick out one row. */
  key: readonly string[];
  name: string;
  slug: string;
}

const COLUMNS: readonly Column[] = [
  { table: "movies", key: ["id"], name: "director", slug: "director_slug" },
  { table: "movie_actors", key: ["movie_id", "name_lower"], name: "name", slug: "slug" },
  { table: "books", key: ["id"], name: "author", slug: "author_slug" },
];

async function fillColumn(client: Client, { table, key, name, slug }: Column): Promise<number> {
  const { rows } = await client.execute({
    sql: `SELECT ${[...key, name].join(", ")} FROM ${table} WHERE ${slug} IS NULL LIMIT ?`,
    args: [CHUNK],
  });
  if (!rows.length) return 0;
  const where = key.map((column) => `${column} = ?`).join(" AND ");
  const updates: InStatement[] = rows.map((row) => ({
    sql: `UPDATE ${table} SET ${slug} = ? WHERE ${where}`,
    args: [personSlug(String(row[name])), ...key.map((column) => row[column] ?? null)],
  }));
  await client.batch(updates, "write");
  return rows.length;
}

export const personSlugs: Backfill = {
  name: "person slugs (directors, actors, authors)",
  async fillChunk(client) {
    let changed = 0;
    for (const column of COLUMNS) changed += await fillColumn(client, column);
    return changed;
  },
};
