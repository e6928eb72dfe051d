import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";

/**
 * Search (API.md): `q` matches, case-insensitively as a substring, movie title, director, genres, actors,
 * synopsis; book title, author, genres, synopsis; the connection's context and tags. Each entity has its own
 * FTS5 trigram index (migrations/0002), kept current by the services that write those rows.
 */
export interface MovieText {
  title: string;
  director: string;
  genres: readonly string[];
  actors: readonly string[];
  synopsis: string;
}
export interface BookText {
  title: string;
  author: string;
  genres: readonly string[];
  synopsis: string;
}
export interface ConnectionText {
  context: string;
  tags: readonly string[];
}

// One field per line, so a match never spans two fields ("…King" + "Dune…" is not "kingdune").
const join = (parts: ReadonlyArray<string | undefined>) =>
  parts.filter((part): part is string => Boolean(part?.trim())).join("\n");

export const movieSearchText = (movie: MovieText) =>
  join([movie.title, movie.director, ...movie.genres, ...movie.actors, movie.synopsis]);
export const bookSearchText = (book: BookText) => join([book.title, book.author, ...book.genres, book.synopsis]);
export const connectionSearchText = (connection: ConnectionText) => join([connection.context, ...connection.tags]);

/** Statements that (re)place one row of a search index; batch them with the write they belong to. */
export function indexMovie(db: Database, movieId: SQL | string, text: string) {
  return replaceRow(db, "movie_search", "movie_id", movieId, text);
}
export function indexBook(db: Database, bookId: SQL | string, text: string) {
  return replaceRow(db, "book_search", "book_id", bookId, text);
}
export function indexConnection(db: Database, connectionId: string, text: string) {
  return replaceRow(db, "connection_search", "connection_id", connectionId, text);
}
/** Removes the search rows of the connections a subquery selects (`select id from connections where …`). */
export function unindexConnectionsIn(db: Database, connectionIds: SQL) {
  return db.run(sql`delete from connection_search where connection_id in (${connectionIds})`);
}

function replaceRow(db: Database, table: string, key: string, id: SQL | string, text: string) {
  const tableName = sql.identifier(table);
  const keyName = sql.identifier(key);
  return [
    db.run(sql`delete from ${tableName} where ${keyName} = ${id}`),
    db.run(sql`insert into ${tableName} (${keyName}, body) select ${id}, ${text}`),
  ] as const;
}

/** A search term as one FTS5 phrase (quotes doubled), so it is always data and never query syntax. */
export const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The condition "this connection matches the term". The term is always data, never syntax: for FTS it is one
 * quoted phrase (quotes doubled), which the trigram tokenizer matches as a substring; terms shorter than three
 * characters cannot use trigrams, so they fall back to LIKE with `%`, `_` and `\` escaped.
 */
export function matchesSearch(
  term: string,
  columns: { connectionId: AnySQLiteColumn; movieId: AnySQLiteColumn; bookId: AnySQLiteColumn },
): SQL {
  const match =
    [...term].length >= 3
      ? sql`body match ${ftsPhrase(term)}`
      : sql`body like ${`%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} escape '\\'`;
  return sql`(${columns.connectionId} in (select connection_id from connection_search where ${match})
    or ${columns.movieId} in (select movie_id from movie_search where ${match})
    or ${columns.bookId} in (select book_id from book_search where ${match}))`;
}
