/**
 * Migration 0016's data step (decision 019): gives movies and books written before it their identity keys (a
 * title's key and a book's author's key, from the catalog's own functions) and a book its ISBN-13 when its ISBN
 * checks out.
 *
 * Rows the old rule kept as one work stay one: their connections cannot be split, as nothing says which post
 * meant which film. Rows the old rule kept apart but whose new identity is the same ("Martian, The" and "The
 * Martian", both without a year) become one: the later row is merged into the earlier one with everything that
 * points at it (connections, votes), filling only what the earlier row lacks, as a post would. Rows are taken
 * in id order (ids grow with time), so the earliest row of a work survives.
 */
import type { Client, InStatement, Row } from "@libsql/client";
import { bookSearchText, isbn13Of, movieSearchText, nameKey, titleKey } from "../../worker/core/catalog/index.ts";
import type { Backfill } from "./index.ts";

/** Rows per chunk: each chunk is two reads and one transaction. */
const CHUNK = 200;

type Values = Record<string, string | number | null>;
interface Work {
  id: string;
  values: Values;
  lists: Record<string, string[]>;
}

interface CatalogTable {
  table: "movies" | "books";
  /** The column that names a row of this table in connections, votes, lists and the search table. */
  reference: "movie_id" | "book_id";
  /** Its list tables (genres, actors), each ordered by position. */
  lists: string[];
  search: "movie_search" | "book_search";
  /** The column of connections' search documents (migrations/0019) that copies this table's search text. */
  document: "movie" | "book";
  /** Columns a merge fills on the surviving row while they are empty ('') or null. */
  texts: string[];
  nullables: string[];
  /** The other columns read. */
  read: string[];
  /** The key columns the backfill fills, and the identity they make. */
  keys(work: Work): Values;
  identity(keys: Values): string;
  searchText(work: Work): string;
  /** Values filled once keyed, when no other row holds them. */
  once(work: Work): Values;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

const MOVIES: CatalogTable = {
  table: "movies",
  reference: "movie_id",
  lists: ["movie_genres", "movie_actors"],
  search: "movie_search",
  document: "movie",
  texts: ["director", "synopsis"],
  nullables: ["poster_key"],
  read: ["title", "year"],
  keys: (work) => ({ title_key: titleKey(text(work.values.title)) }),
  identity: (keys) => `${keys.title_key}\u0000${keys.year ?? ""}`,
  searchText: (work) =>
    movieSearchText({
      title: text(work.values.title),
      director: text(work.values.director),
      synopsis: text(work.values.synopsis),
      genres: work.lists.movie_genres ?? [],
      actors: work.lists.movie_actors ?? [],
    }),
  once: () => ({}),
};

const BOOKS: CatalogTable = {
  table: "books",
  reference: "book_id",
  lists: ["book_genres"],
  search: "book_search",
  document: "book",
  texts: ["isbn", "synopsis"],
  nullables: ["publication_year", "cover_key"],
  read: ["title", "author"],
  keys: (work) => ({ title_key: titleKey(text(work.values.title)), author_key: nameKey(text(work.values.author)) }),
  identity: (keys) => `${keys.title_key}\u0000${keys.author_key}`,
  searchText: (work) =>
    bookSearchText({
      title: text(work.values.title),
      author: text(work.values.author),
      synopsis: text(work.values.synopsis),
      genres: work.lists.book_genres ?? [],
    }),
  once: (work) => ({ isbn13: isbn13Of(text(work.values.isbn)) }),
};

function selectWorks(spec: CatalogTable, where: string): string {
  const columns = ["id", ...spec.read, ...spec.texts, ...spec.nullables];
  const lists = spec.lists.map(
    (list) =>
      `(select coalesce(json_group_array(name), '[]') from (select name from ${list} where ${spec.reference} = ${spec.table}.id order by position)) as ${list}`,
  );
  const keys = spec.table === "books" ? ["title_key", "author_key"] : ["title_key"];
  return `select ${[...columns, ...keys, ...lists].join(", ")} from ${spec.table} where ${where}`;
}

function toWork(spec: CatalogTable, row: Row): Work {
  const values: Values = {};
  for (const column of [...spec.read, ...spec.texts, ...spec.nullables]) values[column] = row[column] as Values[string];
  const lists = Object.fromEntries(spec.lists.map((list) => [list, JSON.parse(String(row[list])) as string[]]));
  return { id: String(row.id), values, lists };
}

/** A keyed row's identity, from its stored keys. */
function storedIdentity(spec: CatalogTable, row: Row): string {
  return spec.identity({
    title_key: row.title_key as string,
    author_key: (row.author_key ?? null) as string | null,
    year: (row.year ?? null) as number | null,
  });
}

function fillChunk(spec: CatalogTable) {
  return async (client: Client): Promise<number> => {
    const { rows } = await client.execute({
      sql: `${selectWorks(spec, "title_key is null")} order by id limit ?`,
      args: [CHUNK],
    });
    if (!rows.length) return 0;
    const chunk = rows.map((row) => toWork(spec, row));
    const titleKeys = [...new Set(chunk.map((work) => String(spec.keys(work).title_key)))];
    // Works already keyed with these titles: earlier chunks' rows, and rows the Worker wrote since 0016.
    const keyed = await client.execute({
      sql: selectWorks(spec, `title_key in (${titleKeys.map(() => "?").join(", ")})`),
      args: titleKeys,
    });
    const survivors = new Map(keyed.rows.map((row) => [storedIdentity(spec, row), toWork(spec, row)]));
    const keyedNow = new Set<Work>();
    const mergedInto = new Set<Work>();
    const statements: InStatement[] = [];
    for (const work of chunk) {
      const keys = spec.keys(work);
      const identity = spec.identity({ ...keys, year: work.values.year ?? null });
      const survivor = survivors.get(identity);
      if (survivor) {
        statements.push(...merge(spec, work, survivor));
        mergedInto.add(survivor);
      } else {
        const assignments = Object.keys(keys).map((column) => `${column} = ?`);
        statements.push({
          sql: `update ${spec.table} set ${assignments.join(", ")} where id = ? and title_key is null`,
          args: [...Object.values(keys), work.id],
        });
        survivors.set(identity, work);
        keyedNow.add(work);
      }
    }
    for (const work of mergedInto) statements.push(...reindex(spec, work));
    for (const work of new Set([...keyedNow, ...mergedInto])) statements.push(...fillOnce(spec, work));
    await client.batch(statements, "write");
    return chunk.length;
  };
}

/**
 * Moves everything that points at `loser` to `survivor` and deletes it: connections (the facet triggers follow),
 * votes (a member who voted on both pairs keeps the survivor's vote; the tally triggers count the moved ones),
 * lists and fields the survivor lacks. Its own lists, votes and tallies go with it by their foreign keys.
 */
function merge(spec: CatalogTable, loser: Work, survivor: Work): InStatement[] {
  const { table, reference } = spec;
  const fills = [
    ...spec.texts.map((column) => `${column} = case when ${column} = '' then ? else ${column} end`),
    ...spec.nullables.map((column) => `${column} = coalesce(${column}, ?)`),
  ];
  const statements: InStatement[] = [
    {
      sql: `update ${table} set ${fills.join(", ")} where id = ?`,
      args: [...[...spec.texts, ...spec.nullables].map((column) => loser.values[column] ?? null), survivor.id],
    },
  ];
  for (const column of spec.texts) survivor.values[column] ||= loser.values[column] ?? "";
  for (const column of spec.nullables) survivor.values[column] ??= loser.values[column] ?? null;
  for (const list of spec.lists) {
    if (survivor.lists[list]?.length) continue;
    survivor.lists[list] = loser.lists[list] ?? [];
    statements.push({
      sql: `insert or ignore into ${list} (${reference}, position, name, name_lower) select ?, position, name, name_lower from ${list} where ${reference} = ?`,
      args: [survivor.id, loser.id],
    });
  }
  statements.push(
    { sql: `update connections set ${reference} = ? where ${reference} = ?`, args: [survivor.id, loser.id] },
    {
      sql: `insert into verdict_votes (movie_id, book_id, user_id, choice, created_at)
        select ${reference === "movie_id" ? "?, book_id" : "movie_id, ?"}, user_id, choice, created_at
        from verdict_votes where ${reference} = ? on conflict do nothing`,
      args: [survivor.id, loser.id],
    },
    { sql: `delete from ${spec.search} where ${reference} = ?`, args: [loser.id] },
    { sql: `delete from ${table} where id = ?`, args: [loser.id] },
  );
  return statements;
}

/**
 * A row's search text again, once a merge has filled it in, in its own index and in the documents of every
 * connection featuring it (the merged row's connections among them).
 */
function reindex(spec: CatalogTable, work: Work): InStatement[] {
  const text = spec.searchText(work);
  return [
    { sql: `delete from ${spec.search} where ${spec.reference} = ?`, args: [work.id] },
    { sql: `insert into ${spec.search} (${spec.reference}, body) values (?, ?)`, args: [work.id, text] },
    {
      sql: `update connection_search set ${spec.document} = ? where rowid in (select seq from connections where ${spec.reference} = ?)`,
      args: [text, work.id],
    },
  ];
}

/** The values a keyed row takes once, each skipped when the row has one or another row holds it. */
function fillOnce(spec: CatalogTable, work: Work): InStatement[] {
  return Object.entries(spec.once(work)).flatMap(([column, value]) =>
    value === null
      ? []
      : [
          {
            sql: `update or ignore ${spec.table} set ${column} = ? where id = ? and ${column} is null`,
            args: [value, work.id],
          },
        ],
  );
}

export const CATALOG_IDENTITY: Backfill[] = [
  { name: "movie identity keys (0016)", fillChunk: fillChunk(MOVIES) },
  { name: "book identity keys (0016)", fillChunk: fillChunk(BOOKS) },
];
