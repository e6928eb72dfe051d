import type { LookupType } from "../../rules/index.ts";
import type { bookExternalIds, movieExternalIds } from "../catalog.ts";

/** API.md "Catalog with identity": where a candidate came from. */
export const LOOKUP_SOURCES = ["local", "tmdb", "openlibrary", "wikidata"] as const;
export type LookupSourceName = (typeof LOOKUP_SOURCES)[number];

/**
 * A suggestion's external ids as the API shows a work's (only those it has). Strings: a TMDB id is a number
 * there, but a form field and a cache key are text.
 */
export type MovieIdsShown = ReturnType<typeof movieExternalIds>;
export type BookIdsShown = ReturnType<typeof bookExternalIds>;

/**
 * One suggestion for a movie. `_id` only for works already in the catalog; `posterUrl` is "" when there is none
 * (as the API's other image fields). Genres and actors are what the provider gave, for the create form to fill.
 */
export interface MovieSuggestion {
  source: LookupSourceName;
  _id?: string;
  title: string;
  year: number | null;
  director: string;
  posterUrl: string;
  externalIds: MovieIdsShown;
  genres: string[];
  actors: string[];
}

/** One suggestion for a book; `year` is the first publication year. */
export interface BookSuggestion {
  source: LookupSourceName;
  _id?: string;
  title: string;
  year: number | null;
  author: string;
  coverUrl: string;
  externalIds: BookIdsShown;
  genres: string[];
}

export type Suggestion = MovieSuggestion | BookSuggestion;

/** A checked lookup: the trimmed text, the type, and the year when one was given. */
export interface LookupQuery {
  type: LookupType;
  q: string;
  year: number | null;
}

/**
 * Every source of suggestions, the local catalog included, answers through this one interface. `signal` ends a
 * remote source's calls at its time limit; a source that fails throws, and the lookup goes on without it.
 */
export interface LookupSource {
  name: LookupSourceName;
  /** Whether it can answer this type at all (TMDB has movies only, Open Library books only). */
  handles(type: LookupType): boolean;
  search(query: LookupQuery, signal: AbortSignal): Promise<Suggestion[]>;
}
