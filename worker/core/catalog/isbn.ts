/**
 * A book's ISBN-13 from what a member typed in the ISBN field (decision 019): an ISBN-13, or an ISBN-10 turned
 * into one, with hyphens, spaces and an "ISBN" label allowed and the check digit checked; null for anything
 * else. What was typed is kept as the book's `isbn` either way.
 */
export function isbn13Of(typed: string): string | null {
  const compact = typed
    .replace(/^\s*isbn(?:-1[03])?:?/i, "")
    .replace(/[\s-]/g, "")
    .toUpperCase();
  if (/^\d{9}[\dX]$/.test(compact)) return isbn10Valid(compact) ? withCheckDigit(`978${compact.slice(0, 9)}`) : null;
  if (/^97[89]\d{10}$/.test(compact)) return withCheckDigit(compact.slice(0, 12)) === compact ? compact : null;
  return null;
}

function isbn10Valid(isbn: string): boolean {
  let sum = 0;
  for (const [index, char] of [...isbn].entries()) sum += (10 - index) * (char === "X" ? 10 : Number(char));
  return sum % 11 === 0;
}

/** Twelve digits and the ISBN-13 (EAN-13) check digit that completes them. */
function withCheckDigit(twelve: string): string {
  let sum = 0;
  for (const [index, char] of [...twelve].entries()) sum += Number(char) * (index % 2 === 0 ? 1 : 3);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
