import { firstCharacters } from "../worker/core/rules/characters.ts";

/**
 * SPEC.md §9 description snippets: the text as plain text on one line (white space and control characters
 * collapsed), its first `length` characters, with '...' appended when longer.
 */
export function snippet(text: string, length: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const clean = text.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  const kept = firstCharacters(clean, length);
  return kept === clean ? clean : `${kept}...`;
}
