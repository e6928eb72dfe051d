import { CONNECTION_LIMITS } from "./connections.ts";

/** API.md "Catalog with identity", `GET /catalog/lookup`: what the server checks and the create form relies on. */
export const LOOKUP_TYPES = ["movie", "book"] as const;
export type LookupType = (typeof LOOKUP_TYPES)[number];

/** Fewer characters than this are not searched (the browser does not ask; the API answers 400). */
export const LOOKUP_MIN_CHARS = 2;
export const LOOKUP_MAX_RESULTS = 10;

export const LOOKUP_MESSAGES = {
  tooShort: `Search needs at least ${LOOKUP_MIN_CHARS} characters.`,
  tooLong: `Search can be at most ${CONNECTION_LIMITS.title} characters.`,
  badType: "Type must be movie or book.",
  badYear: `Year must be a year between ${CONNECTION_LIMITS.yearMin} and ${CONNECTION_LIMITS.yearMax}.`,
  /** Search's own words for typed text's rule (decision 029), for the search page and both search addresses. */
  controlCharacters: "Search cannot contain control characters (such as NUL).",
} as const;

/**
 * The create form's inputs a picked suggestion's external ids go to. A book's ISBN goes to the form's own ISBN
 * field (`bookIsbn`), which the member sees and may correct; the others are hidden inputs.
 */
export const EXTERNAL_ID_INPUTS = {
  movie: { tmdb: "movieTmdbId", imdb: "movieImdbId", wikidata: "movieWikidataId" },
  book: { openLibrary: "bookOpenLibraryId", wikidata: "bookWikidataId" },
} as const;
