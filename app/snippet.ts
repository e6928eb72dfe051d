/** SPEC.md §9 description snippets: the first `length` characters, with '...' appended when longer. */
export function snippet(text: string, length: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > length ? `${clean.slice(0, length)}...` : clean;
}
