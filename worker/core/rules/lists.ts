import { readName } from "./text.ts";

type ListInput = string | readonly (string | number)[] | null | undefined;

/**
 * The entries of a list field, as every list (tags, genres, actors) is read: comma-separated text (forms) or an
 * array (JSON clients); each entry read as a name (text.ts: trimmed, invisible ends and bidirectional controls
 * dropped) with its inner white space collapsed, empty ones dropped. Repeats
 * stay: each kind of list drops them its own way below, after the entry limits have counted them.
 */
export function listItems(input: ListInput): string[] {
  const raw = typeof input === "string" ? input.split(",") : (input ?? []);
  return raw.map((item) => readName(String(item).replace(/\s+/g, " "))).filter(Boolean);
}

/** Tags are stored normalised (API.md): list entries lower-cased, duplicates dropped. */
export function normalizeTags(input: ListInput): string[] {
  return [...new Set(listItems(input).map((tag) => tag.toLowerCase()))];
}

/** Lists of names (genres, actors): list entries with case-insensitive repeats dropped, the first spelling kept. */
export function splitList(input: ListInput): string[] {
  const seen = new Set<string>();
  return listItems(input).filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
