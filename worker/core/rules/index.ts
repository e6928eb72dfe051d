export { ACCOUNT_MESSAGES, RESET_LINK_MINUTES } from "./account.ts";
export { AUTH_MESSAGES, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "./auth.ts";
export { COMMENT_MAX, MAX_IMAGE_BYTES } from "./limits.ts";
export { normalizeTags, splitList } from "./lists.ts";
export { PROFILE_LIMITS, PROFILE_MESSAGES } from "./profile.ts";
