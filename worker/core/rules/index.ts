export {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  LOGIN_FORM,
  PASSWORD_MIN,
  SIGNUP_FORM,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./auth.ts";
export { COMMENT_FORMS, COMMENT_TEXT_MESSAGES } from "./comments.ts";
export {
  CONNECTION_LIMITS,
  CREATE_CONNECTION_FORM,
  EDIT_CONNECTION_FORMS,
  IMAGE_KINDS,
  type ImageField,
  imageMessages,
  NEED_TITLES_OR_CONTEXT,
} from "./connections.ts";
export {
  attributesOf,
  type FieldAttributes,
  type FieldError,
  type FieldValue,
  type FormRules,
  type FormValues,
  firstFailure,
  listItems,
  readForm,
} from "./forms.ts";
export { COMMENT_MAX, IMAGE_TYPES, MAX_IMAGE_BYTES } from "./limits.ts";
export { normalizeTags, splitList } from "./lists.ts";
export { PROFILE_FORM, PROFILE_LIMITS, PROFILE_MESSAGES } from "./profile.ts";
