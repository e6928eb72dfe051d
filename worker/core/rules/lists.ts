/**
 * Tags are stored normalised (API.md): trimmed, lower-cased, inner white space collapsed, empties and
 * duplicates dropped. Input is either comma-separated text (forms) or an array (JSON clients).
 */
export function normalizeTags(input: string | readonly string[] | null | undefined): string[] {
  const raw = typeof input === "string" ? input.split(",") : (input ?? []);
  const tags = raw.map((tag) => String(tag).trim().toLowerCase().replace(/\s+/g, " ")).filter(Boolean);
  return [...new Set(tags)];
}

/** Comma-separated lists of names (genres, actors): trimmed, empties and case-insensitive repeats dropped. */
export function splitList(input: string | readonly string[] | null | undefined): string[] {
  const raw = typeof input === "string" ? input.split(",") : (input ?? []);
  const seen = new Set<string>();
  const names: string[] = [];
  for (const item of raw) {
    const name = String(item).trim().replace(/\s+/g, " ");
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}
