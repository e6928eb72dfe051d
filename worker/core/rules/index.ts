export { AUTH_MESSAGES, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "./auth.ts";
export { COMMENT_MAX, MAX_IMAGE_BYTES } from "./limits.ts";
export { listItems, normalizeTags, splitList } from "./lists.ts";
export { memberName } from "./names.ts";
export { PROFILE_LIMITS, PROFILE_MESSAGES } from "./profile.ts";
