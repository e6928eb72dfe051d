export { FOLLOW_MESSAGES, follow, followList, followStatus, unfollow } from "./follows.ts";
export { connectionVisibleTo, maySeeContentOf, privateConnectionsVisibleTo, viewerFollows } from "./privacy.ts";
export {
  getMe,
  getProfile,
  listPublicUsers,
  type Me,
  meReads,
  type Profile,
  profileColumns,
  toMe,
  toProfile,
  toUserSummary,
  type UserSummary,
  updateProfile,
  updateProfilePicture,
} from "./profiles.ts";
export { PROFILE_MESSAGES } from "./schemas.ts";
