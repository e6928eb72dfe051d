export { block, blockedMembersRead, blockTarget, listBlocks, meWithBlocks, unblock } from "./blocks.ts";
export {
  acceptFollowRequest,
  declineFollowRequest,
  FOLLOW_REQUESTS_SHOWN,
  type FollowRequestView,
  listFollowRequests,
} from "./follow-requests.ts";
export { follow, followList, followStatus, removeFollower, unfollow } from "./follows.ts";
export {
  authorsHiddenFrom,
  authorVisibleTo,
  connectionVisibleTo,
  isModerator,
  listedMemberTo,
  maySeeContentOf,
  mayViewProfileOf,
  membersShownTo,
  viewerRelation,
  visibilityAdjustmentOwners,
  visibilityAdjustments,
} from "./privacy.ts";
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
  updateProfile,
  updateProfilePicture,
} from "./profiles.ts";
export { BLOCK_MESSAGES, FOLLOW_MESSAGES, PROFILE_MESSAGES, profileUpdateSchema } from "./schemas.ts";
export { type SuggestedMember, suggestedMembersRead, toSuggestedMembers } from "./suggestions.ts";
export { toUserSummary, type UserSummary } from "./user-summary.ts";
