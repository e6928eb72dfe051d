/**
 * Spoilers (decision 032): a connection's context or a comment its author marked as giving something away. Pages
 * show it behind a closed `<details>` ("Show spoiler"), which works without JavaScript; everything read outside the
 * page (previews, JSON-LD, share images and text, Atom feeds) never carries it and says it is hidden instead.
 */
export const SPOILER_TEXT = {
  /**
   * The checkbox under a connection's context (create, edit) and under a comment's box. It sits right below the text
   * it marks, so it does not name it: a label holding "context" would also answer to the Context field's name.
   */
  field: "Contains spoilers",
  show: "Show spoiler",
  hide: "Hide spoiler",
  /** Where a preview or feed would have quoted the text. */
  hidden: "Contains spoilers: open it on MovieBooks to read it.",
} as const;

/**
 * Whether a form or JSON value ticks a flag: `true`, or the strings a checkbox or a client sends for it ("true",
 * "on", "1"). Anything else (absent, blank, "false") leaves it unticked.
 */
export function isTicked(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === "string" && ["true", "on", "1"].includes(value.trim().toLowerCase());
}

/** A connection's context as anything outside its page may quote it: nothing when it is a spoiler. */
export function quotableContext(connection: { context: string; contextSpoiler: boolean }): string {
  return connection.contextSpoiler ? "" : connection.context;
}
