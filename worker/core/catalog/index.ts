export {
  type BookExternalIds,
  type BookFields,
  bookExternalIds,
  bookRead,
  CATALOG_MESSAGES,
  catalogLists,
  getBook,
  getMovie,
  type MovieExternalIds,
  type MovieFields,
  movieExternalIds,
  movieRead,
  slugOf,
  slugsOf,
  toBook,
  toMovie,
} from "./catalog.ts";
export {
  type Credit,
  type CreditCount,
  creditsReads,
  NO_WORKS,
  type PersonCredits,
  personCredits,
  personReads,
  toCredits,
  toPerson,
  type WorksWindow,
  worksPages,
  worksPageWindow,
} from "./credits.ts";
export { nameKey, titleKey } from "./identity.ts";
export { isbn13Of } from "./isbn.ts";
export { ARTWORK_TIMEOUT_MS, type ArtworkRequest, fetchArtwork } from "./lookup/artwork.ts";
export { lookupWorks, PROVIDER_TIMEOUT_MS } from "./lookup/lookup.ts";
export { lookupImageSources, PROVIDER_URLS } from "./lookup/providers.ts";
export {
  type BookSuggestion,
  LOOKUP_SOURCES,
  type LookupSourceName,
  type MovieSuggestion,
  type Suggestion,
} from "./lookup/types.ts";
export type { Settled, WorkChoice } from "./matching.ts";
export {
  bookSearchText,
  type ConnectionDocument,
  connectionSearchText,
  documentMatches,
  indexBook,
  indexConnection,
  indexMovie,
  movieSearchText,
  readSearchTerm,
  unindexConnectionsIn,
  updateConnectionDocument,
} from "./search-index.ts";
export {
  type BookCandidate,
  type BookRow,
  bookCandidate,
  findWorks,
  type MovieCandidate,
  type MovieRow,
  matchBook,
  matchMovie,
  movieCandidate,
  sameBook,
  writeBook,
  writeMovie,
} from "./works.ts";
