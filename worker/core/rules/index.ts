export { ACCOUNT_MESSAGES, RESET_LINK_MINUTES } from "./account.ts";
export {
  CHANGE_PASSWORD_FORM,
  DELETE_ACCOUNT_FORM,
  FORGOT_PASSWORD_FORM,
  RESET_PASSWORD_FORM,
} from "./account-forms.ts";
export { AUTH_MESSAGES, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "./auth.ts";
export { LOGIN_FORM, SIGNUP_FORM } from "./auth-forms.ts";
export { characterCount, firstCharacters, shortened } from "./characters.ts";
export { COMMENT_MAX, COMMENT_TEXT_ATTRIBUTES } from "./comment-text.ts";
export { COMMENT_FORMS, COMMENT_TEXT_MESSAGES } from "./comments.ts";
export {
  CONNECTION_LIMITS,
  CONNECTION_MESSAGES,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_MESSAGES,
  IMAGE_FIELDS,
  IMAGE_KINDS,
  type ImageField,
  imageMessages,
  KEPT_IMAGE_FIELDS,
  NEED_TITLES_OR_CONTEXT,
  SAVE_FAILED,
} from "./connections.ts";
export { DISMISSED_UPDATE_KEY, THEME_COOKIE, VISITOR_PAGE_COOKIES } from "./cookies.ts";
export { CREATE_CONNECTION_FORM } from "./create-connection-form.ts";
export { EDIT_CONNECTION_FORMS } from "./edit-connection-forms.ts";
export { EXTERNAL_IDS, type ExternalIdKind } from "./external-ids.ts";
export {
  FEED_SCOPE_LABELS,
  FEED_SCOPES,
  FEED_SORT_LABELS,
  FEED_SORTS,
  FEED_VIEW_MESSAGES,
  type FeedScope,
  type FeedSort,
  isFeedScope,
  isFeedSort,
  SUGGESTED_MEMBERS,
  TRENDING_DAYS,
  TRENDING_WINDOW_MS,
} from "./feed-views.ts";
export { ATOM_TYPE, FEED_PATHS } from "./feeds.ts";
export {
  attributesOf,
  type FieldAttributes,
  type FieldError,
  type FieldValue,
  type FormRules,
  type FormValues,
  firstFailure,
  imageRules,
  readField,
  readForm,
} from "./forms.ts";
export {
  IMAGE_VARIANT_WIDTHS,
  imageVariantPath,
  responsiveImage,
  UPLOADED_IMAGE_FOLDERS,
} from "./image-variants.ts";
export {
  CONNECTION_KINDS,
  type ConnectionKind,
  KIND_INVALID,
  KIND_LABELS,
  VERDICT_CHOICES,
  VERDICT_MESSAGES,
  type VerdictChoice,
} from "./kinds.ts";
export {
  COUNT_LIMIT,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  SHARE_IMAGE_SIZE,
} from "./limits.ts";
export { listItems, normalizeTags, splitList } from "./lists.ts";
export {
  EXTERNAL_ID_INPUTS,
  LOOKUP_MAX_RESULTS,
  LOOKUP_MESSAGES,
  LOOKUP_MIN_CHARS,
  LOOKUP_TYPES,
  type LookupType,
} from "./lookup.ts";
export {
  isTargetType,
  MODERATION_MESSAGES,
  REPORT_FORM,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  RESOLVE_ACTIONS,
  RESOLVE_FORM,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
  type ResolveAction,
} from "./moderation.ts";
export { connectionTitle, memberName } from "./names.ts";
export {
  isPersonSlug,
  PERSON_MESSAGES,
  PERSON_ROLES,
  PERSON_SLUG_MAX,
  type PersonRole,
  personPath,
  personSlug,
  personWorksPath,
} from "./people.ts";
export { PROFILE_LIMITS, PROFILE_MESSAGES } from "./profile.ts";
export { PROFILE_FORM } from "./profile-form.ts";
export { isTicked, quotableContext, SPOILER_TEXT } from "./spoilers.ts";
export { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, readName, readText } from "./text.ts";
export { NEW_WORK, WHICH_WORK_FIELDS } from "./which-work.ts";
