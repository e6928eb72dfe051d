/**
 * Characters as the limits count them (decision 047): code points, so an emoji or a rarer CJK character is one, not
 * the two UTF-16 units JavaScript's `length` counts. A module of its own, without text.ts's patterns, for the pages
 * that only count or cut.
 */

/** How long text is. Every length rule counts with this. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The text's first `length` characters, counted as `characterCount` counts them (an emoji is never cut in half). */
export function firstCharacters(text: string, length: number): string {
  // Fewer UTF-16 units than the limit means fewer characters too: the common case needs no array.
  if (text.length <= length) return text;
  const characters = Array.from(text);
  return characters.length > length ? characters.slice(0, length).join("") : text;
}

/** Text cut short (a card's preview, a notice's quote, a feed entry's title): its first characters and '…'. */
export function shortened(text: string, length: number): string {
  const kept = firstCharacters(text, length);
  return kept === text ? text : `${kept.trimEnd()}…`;
}
