/** SPEC.md §9 description snippets: the first `length` characters, with '...' appended when longer. */
export function snippet(text: string, length: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > length ? `${clean.slice(0, length)}...` : clean;
}

/** Text shown cut short (a card's context preview, the share text): the first `length` characters and '…'. */
export function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
