import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { badRequest } from "../errors.ts";
import { hasControlCharacters, LOOKUP_MESSAGES } from "../rules/index.ts";

/**
 * Search (API.md): `q` matches, case-insensitively as a substring, movie title, director, genres, actors,
 * synopsis; book title, author, genres, synopsis; the connection's context and tags. FTS5 trigram indexes, kept
 * current by the services that write those rows: a document per connection for search (migrations/0019), and
 * movies and books in their own (migrations/0002) for the create page's title suggestions.
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

/**
 * A connection's search document: its own text (`connectionSearchText`) and copies of its movie's and book's
 * (`movieSearchText`, `bookSearchText`), one FTS5 row whose rowid is the connection's posting order
 * (`connections.seq`). One document per result lets search read its matches newest first straight from the index
 * and stop after a page or a capped count, however common the term (decision 038); a movie's or book's text in
 * its own index would need every match read and sorted first.
 */
export interface ConnectionDocument {
  body: string;
  movie: string | null;
  book: string | null;
}

/** The document's rowid: the connection's posting order. */
const documentOf = (connectionId: string) => sql`(select seq from connections where id = ${connectionId})`;

/**
 * Statements that write a movie's search row and, when its text changed, the copy in the documents of the
 * connections featuring it; batch them with the write they belong to. Every copy of a movie's text is the same,
 * so its newest connection's copy tells whether the copies need rewriting (a post that changes nothing, the
 * usual case, rewrites none).
 */
export function indexMovie(db: Database, movieId: SQL | string, text: string) {
  return [...replaceRow(db, "movie_search", "movie_id", movieId, text), copyToDocuments(db, "movie", movieId, text)];
}
export function indexBook(db: Database, bookId: SQL | string, text: string) {
  return [...replaceRow(db, "book_search", "book_id", bookId, text), copyToDocuments(db, "book", bookId, text)];
}

function copyToDocuments(db: Database, work: "movie" | "book", workId: SQL | string, text: string) {
  const column = sql.identifier(work);
  const featuring = sql`select seq from connections where ${sql.identifier(`${work}_id`)} = ${workId}`;
  // Any one copy tells; the newest connection is one index seek away (connections_movie_newest, _book_newest).
  const oneCopy = sql`select ${column} from connection_search
    where rowid = (${featuring} order by created_at desc limit 1)`;
  return db.run(sql`update connection_search set ${column} = ${text}
    where (${oneCopy}) is not ${text} and rowid in (${featuring})`);
}

/** Statements that (re)place a connection's search document; batch them after the connection's row is written. */
export function indexConnection(db: Database, connectionId: string, document: ConnectionDocument) {
  return [
    db.run(sql`delete from connection_search where rowid = ${documentOf(connectionId)}`),
    db.run(sql`insert into connection_search (rowid, connection_id, body, movie, book)
      select seq, id, ${document.body}, ${document.movie}, ${document.book} from connections where id = ${connectionId}`),
  ] as const;
}

/** A statement that changes parts of a connection's document (an edit's own text, or its new book's text). */
export function updateConnectionDocument(db: Database, connectionId: string, changes: Partial<ConnectionDocument>) {
  const assignments = Object.entries(changes).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  return db.run(
    sql`update connection_search set ${sql.join(assignments, sql`, `)} where rowid = ${documentOf(connectionId)}`,
  );
}

/** Removes the documents of the connections a subquery selects (`select id from connections where …`). */
export function unindexConnectionsIn(db: Database, connectionIds: SQL) {
  return db.run(
    sql`delete from connection_search where rowid in (select seq from connections where id in (${connectionIds}))`,
  );
}

function replaceRow(db: Database, table: string, key: string, id: SQL | string, text: string) {
  const tableName = sql.identifier(table);
  const keyName = sql.identifier(key);
  return [
    db.run(sql`delete from ${tableName} where ${keyName} = ${id}`),
    db.run(sql`insert into ${tableName} (${keyName}, body) select ${id}, ${text}`),
  ] as const;
}

/**
 * A search term as typed, trimmed. Control characters are refused, as in any typed text (decision 029): FTS5 reads
 * a NUL as the end of its query string, so the query would fail rather than match.
 */
export function readSearchTerm(text: string, field = "q"): string {
  if (hasControlCharacters(text)) throw badRequest(LOOKUP_MESSAGES.controlCharacters, field);
  return text.trim();
}

/** A search term as one FTS5 phrase (quotes doubled), so it is always data and never query syntax. */
export const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The condition "this search document matches the term", on `connection_search` rows. The term is always data,
 * never syntax: for FTS it is one quoted phrase (quotes doubled), which the trigram tokenizer matches as a
 * substring of any of the document's texts; terms shorter than three characters cannot use trigrams, so they fall
 * back to LIKE with `%`, `_` and `\` escaped (read newest first, they stop at a page and a capped count too).
 */
export function documentMatches(term: string): SQL {
  if ([...term].length >= 3) return sql`connection_search match ${ftsPhrase(term)}`;
  const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const like = (column: string) => sql`connection_search.${sql.identifier(column)} like ${pattern} escape '\\'`;
  return sql`(${like("body")} or ${like("movie")} or ${like("book")})`;
}
