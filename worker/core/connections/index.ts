export {
  bookWithConnections,
  connectionDeletion,
  connectionsByIds,
  createConnection,
  deleteConnection,
  deleteImages,
  getConnection,
  listFeed,
  movieWithConnections,
  type NewestScope,
  newestConnectionsRead,
  ownImageKeys,
  pageNumber,
  pageReads,
  searchConnections,
  toPage,
  updateConnection,
  visibleCount,
} from "./connections.ts";
export { type FeedFilters, maintainedPublicCount, readFeedFilters } from "./feed-filters.ts";
export { popularTags } from "./popular-tags.ts";
export {
  type ConnectionView,
  newestFirst,
  selectConnections,
  toConnectionView,
  userConnections,
} from "./reads.ts";
export { CONNECTION_MESSAGES, imageMessages } from "./schemas.ts";
