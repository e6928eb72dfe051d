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
  slugOf,
  slugsOf,
  toBook,
  toMovie,
  upsertBook,
  upsertMovie,
} from "./catalog.ts";
export { PERSON_WORKS_SHOWN, personReads, toPerson } from "./credits.ts";
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
