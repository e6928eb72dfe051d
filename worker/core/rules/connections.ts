import { atMost, imageRules, listAtMost, listItemsAtMost, yearBetween } from "./forms.ts";
import { MAX_IMAGE_PIXELS_TEXT } from "./limits.ts";

export const NEED_TITLES_OR_CONTEXT =
  "Please provide either BOTH Movie Title and Book Title (for a full connection), OR enter some text in the Context field (for a text-only post).";

/** Limits the spec leaves open (docs/decisions/006): generous for people, bounded for the database. */
export const CONNECTION_LIMITS = {
  title: 200,
  name: 200,
  context: 5000,
  synopsis: 2000,
  listItems: 20,
  listItem: 100,
  isbn: 20,
  yearMin: 1000,
  yearMax: 2100,
} as const;

export const IMAGE_KINDS = { moviePoster: "movie poster", bookCover: "book cover", screenshot: "screenshot" } as const;
export type ImageField = keyof typeof IMAGE_KINDS;
export const IMAGE_FIELDS = ["moviePoster", "bookCover", "screenshot"] as const satisfies readonly ImageField[];

export function imageMessages(kind: string) {
  return {
    invalidType: `Invalid file type for ${kind}. Please upload: image/png, image/jpeg, image/gif.`,
    tooLarge: `File for ${kind} is too large. Maximum size is 5MB.`,
    tooManyPixels: `Image for ${kind} is too large. ${MAX_IMAGE_PIXELS_TEXT}`,
    /** A retry names an image its form kept that is gone (over 12 hours old, or used by another post). */
    notKept: `The ${kind} you chose before is no longer kept. Please choose it again.`,
  };
}

/**
 * The hidden fields by which a form that failed names the images it kept for its retry (staged uploads, decision
 * 030): the retry sends these instead of the files.
 */
export const KEPT_IMAGE_FIELDS = {
  moviePoster: "keptMoviePoster",
  bookCover: "keptBookCover",
  screenshot: "keptScreenshot",
} as const satisfies Record<ImageField, string>;

/** The create form's hidden field with its idempotency key; API clients send the `Idempotency-Key` header. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

export const IDEMPOTENCY_MESSAGES = {
  malformed: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
  reused: "This Idempotency-Key was already used for a different request.",
  /** The page's words for `reused`: the same create form, posted again after it succeeded, with other content. */
  formReused: "This form was already posted with other content. Reload the page to start a new connection.",
} as const;

/** SPEC.md §8's messages for a save that failed on the server's side (the form keeps everything for a retry). */
export const SAVE_FAILED = {
  create: "Failed to create connection.",
  edit: "Failed to save changes.",
} as const;

// The rules the create and edit forms share, with their messages (docs/decisions/006 limits).
const { listItems, listItem, yearMin, yearMax } = CONNECTION_LIMITS;
export const tooLong = <Name extends string>(field: Name, label: string, max: number) =>
  atMost(field, max, `${label} cannot be more than ${max} characters long.`);
export const list = <Name extends string>(field: Name, label: string) => [
  listAtMost(field, listItems, `${label}: at most ${listItems} entries.`),
  listItemsAtMost(field, listItem, `${label}: each entry can be at most ${listItem} characters long.`),
];
export const year = <Name extends string>(field: Name, label: string) =>
  yearBetween(field, yearMin, yearMax, `${label} must be a year between ${yearMin} and ${yearMax}.`);
export const image = <Name extends ImageField>(field: Name) => imageRules(field, imageMessages(IMAGE_KINDS[field]));

/** SPEC.md §5 and API.md messages for posting and editing connections. */
export const CONNECTION_MESSAGES = {
  needTitlesOrContext: NEED_TITLES_OR_CONTEXT,
  invalidId: "Invalid Connection ID format",
  batchIds: 'Request body must contain an array named "connectionIds".',
  notFound: "Connection not found",
  notAuthorizedEdit: "You are not authorized to edit this connection.",
  notAuthorizedDelete: "You are not authorized to delete this connection.",
  deleted: "Connection deleted successfully",
} as const;
