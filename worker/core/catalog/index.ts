export {
  bookRead,
  CATALOG_MESSAGES,
  catalogLists,
  chooseBook,
  findExisting,
  getBook,
  getMovie,
  movieRead,
  toBook,
  toMovie,
  upsertBook,
  upsertMovie,
} from "./catalog.ts";
export {
  bookSearchText,
  connectionSearchText,
  indexBook,
  indexConnection,
  indexMovie,
  matchesSearch,
  movieSearchText,
  unindexConnection,
} from "./search-index.ts";
