import { sql } from "drizzle-orm";
import type { Database } from "./db/client.ts";

/**
 * The text a connection is found by (API.md search): movie title, director, genres, actors, synopsis; book
 * title, author, genres, synopsis; context; tags. Stored lower-cased in the FTS5 trigram index, one row per
 * connection, and rebuilt whenever any of these change.
 */
export interface SearchSource {
  context: string;
  tags: readonly string[];
  movie?: {
    title: string;
    director: string;
    genres: readonly string[];
    actors: readonly string[];
    synopsis: string;
  } | null;
  book?: { title: string; author: string; genres: readonly string[]; synopsis: string } | null;
}

export function buildSearchDocument(source: SearchSource): string {
  const { movie, book } = source;
  const parts = [
    movie?.title,
    movie?.director,
    ...(movie?.genres ?? []),
    ...(movie?.actors ?? []),
    movie?.synopsis,
    book?.title,
    book?.author,
    ...(book?.genres ?? []),
    book?.synopsis,
    source.context,
    ...source.tags,
  ];
  // A newline between fields keeps a match from spanning two fields ("…King" + "Dune…" ≠ "kingdune").
  return parts
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.toLowerCase())
    .join("\n");
}

/** Statements that (re)place a connection's row in the search index; batch them with the write they follow. */
export function replaceSearchDocument(db: Database, connectionId: string, document: string) {
  return [
    db.run(sql`delete from connection_search where connection_id = ${connectionId}`),
    db.run(sql`insert into connection_search (connection_id, body) values (${connectionId}, ${document})`),
  ] as const;
}
