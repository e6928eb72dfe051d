export {
  type BookFields,
  bookRead,
  CATALOG_MESSAGES,
  catalogLists,
  chooseBook,
  findExisting,
  getBook,
  getMovie,
  type MovieFields,
  movieRead,
  toBook,
  toMovie,
  upsertBook,
  upsertMovie,
} from "./catalog.ts";
export { ARTWORK_TIMEOUT_MS, type ArtworkRequest, fetchArtwork } from "./lookup/artwork.ts";
export { lookupWorks, PROVIDER_TIMEOUT_MS } from "./lookup/lookup.ts";
export { lookupImageSources, PROVIDER_URLS } from "./lookup/providers.ts";
export type {
  BookCandidate,
  BookExternalIds,
  Candidate,
  LookupSourceName,
  MovieCandidate,
  MovieExternalIds,
} from "./lookup/types.ts";
export {
  bookSearchText,
  connectionSearchText,
  indexBook,
  indexConnection,
  indexMovie,
  matchesSearch,
  movieSearchText,
  unindexConnectionsIn,
} from "./search-index.ts";
