export {
  bookWithConnections,
  connectionDeletion,
  connectionsByIds,
  createConnection,
  deleteConnection,
  deleteImages,
  getConnection,
  movieWithConnections,
  type NewestScope,
  newestConnectionsRead,
  ownImageKeys,
  pageNumber,
  pageReads,
  postConnection,
  searchConnections,
  toPage,
  updateConnection,
  visibleCount,
  type WorkQuestion,
} from "./connections.ts";
export { ageWeekCounts, type FeedView, feedReads, listFeed, readFeedView } from "./feed.ts";
export { FEED_FILTER_NAMES, type FeedFilters, maintainedPublicCount, readFeedFilters } from "./feed-filters.ts";
export {
  type FilterName,
  filterSuggestions,
  type PopularValues,
  popularValuesRead,
  SUGGESTION_MESSAGES,
  toPopularValues,
} from "./filter-suggestions.ts";
export { forgetIdempotencyKeys } from "./idempotency.ts";
export { type ImageAccess, imageAccess, SHARE_IMAGE_CACHE_CONTROL } from "./image-access.ts";
export { creditsWithConnections, personWithConnections } from "./person-connections.ts";
export { type PopularTag, popularTags, popularTagsRead, toPopularTags } from "./popular-tags.ts";
export {
  type KeptImage,
  keepImages,
  keptIdsIn,
  keptImagesOf,
  type PostImages,
  sentImages,
} from "./post-images.ts";
export {
  type ConnectionView,
  newestFirst,
  selectConnections,
  toConnectionView,
  userConnections,
} from "./reads.ts";
export {
  CONNECTION_MESSAGES,
  connectionIdsSchema,
  createConnectionSchema,
  imageMessages,
  updateConnectionSchema,
} from "./schemas.ts";
export { shareImage, shareImagePath } from "./share-image.ts";
