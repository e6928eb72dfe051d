/**
 * SPEC.md §9 description snippets: the text as plain text on one line (white space and control characters
 * collapsed), its first `length` characters, with '...' appended when longer.
 */
export function snippet(text: string, length: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const clean = text.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  return clean.length > length ? `${clean.slice(0, length)}...` : clean;
}

/** Text shown cut short (a card's context preview, the share text): the first `length` characters and '…'. */
export function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
