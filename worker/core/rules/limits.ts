/**
 * SPEC.md §9 limits that both the server's checks and the browser's instant feedback use. Kept free of
 * server-only imports so client components can import it.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif"] as const;
/**
 * The most pixels an uploaded image may have (decision 036's addendum): a few kilobytes of PNG can claim 20,000 ×
 * 20,000, which every viewer's browser would decode until its copies are made. 50 MP holds any phone's photo and an
 * 8K film frame.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** How the limit reads in its messages. */
export const MAX_IMAGE_PIXELS_TEXT = `Maximum is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 × 6000).`;

/** Share images (a connection's, the home page's) are 1200×630, the size link previews show large. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Request bodies are read only up to a cap (decision 029): a body announcing more is refused with a 413 before a
 * byte of it is read. Text is bounded by the longest form (a connection's context, synopses and names, in any
 * script); uploads have room for the three images of a new connection plus its text.
 */
export const REQUEST_LIMITS = {
  textBytes: 256 * 1024,
  uploadBytes: 3 * MAX_IMAGE_BYTES + 1024 * 1024,
} as const;

export const REQUEST_MESSAGES = {
  tooLarge: "This request is too large. It can be at most 256 KB.",
  filesTooLarge: "The files are too large. Maximum size is 5MB per image.",
} as const;

/**
 * Counts that could read every match stop at this many (decisions 038, 042 and 044): a common word matches a fifth of
 * everything, a common genre a fifth of what a member follows, a prolific actor's films run to thousands in a
 * generated catalog. Past it a count is shown as "1,000+", and the shape that carries it says it was capped.
 */
export const COUNT_LIMIT = 1000;
