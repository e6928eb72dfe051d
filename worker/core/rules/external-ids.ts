import { blankOrMatching, type Rule } from "./forms.ts";

/**
 * A work's ids at other catalogs, which a post may carry (API.md "Catalog with identity", decision 019): typed, or
 * filled in by the create page's suggestions. Each is optional; a malformed one is refused with its message.
 */
export const EXTERNAL_IDS = {
  tmdb: { pattern: "[0-9]{1,10}", message: "TMDB ID must be a number." },
  imdb: { pattern: "tt[0-9]{7,10}", message: "IMDb ID must look like tt0123456." },
  wikidata: { pattern: "Q[0-9]{1,10}", message: "Wikidata ID must look like Q42." },
  openLibrary: { pattern: "OL[0-9]{1,10}[WM]", message: "Open Library ID must look like OL45804W." },
} as const;

export type ExternalIdKind = keyof typeof EXTERNAL_IDS;

export const externalIdRule = <Name extends string>(field: Name, kind: ExternalIdKind): Rule<Name> =>
  blankOrMatching(field, EXTERNAL_IDS[kind].pattern, EXTERNAL_IDS[kind].message);
