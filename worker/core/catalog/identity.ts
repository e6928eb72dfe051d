/**
 * The keys that tell works apart (API.md "Catalog with identity", decision 019): a movie is its title's key and
 * its year, a book its title's key and its author's key. Two spellings of one title or name get the same key;
 * the stored title and author keep what the first post typed.
 */

/** Accents of Latin, Greek and Cyrillic letters once decomposed; the marks other scripts spell with stay. */
const ACCENTS = /[\u0300-\u036f]/g;
/** Taken out without a trace, so "Schindler's" = "Schindlers" and "E.T." = "ET". */
const SILENT = /['’‘ʼ`´.]/g;
/** Everything that is not a letter, a digit or a script's mark separates words. */
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/gu;
/** "Martian, The": an English article after the title's last comma, as catalogues write it. */
const TRAILING_ARTICLE = /,\s*(?:the|a|an)\s*$/;
const LEADING_ARTICLE = /^(?:the|a|an) /;

/**
 * Unicode compatibility form, case folded (upper then lower case, so "ß" = "SS" = "ss"), accents of Latin,
 * Greek and Cyrillic letters dropped, "&" read as "and".
 */
function fold(text: string): string {
  return text
    .normalize("NFKC")
    .toUpperCase()
    .toLowerCase()
    .normalize("NFD")
    .replace(ACCENTS, "")
    .normalize("NFC")
    .replaceAll("&", " and ");
}

/**
 * Words separated by one space; apostrophes and full stops vanish, other punctuation and symbols separate, and a
 * run of single letters is one word ("J. R. R." = "J.R.R." = "JRR", "M*A*S*H" = "MASH").
 */
function words(folded: string): string {
  const tokens = folded.replace(SILENT, "").replace(SEPARATORS, " ").trim().split(" ");
  const joined: string[] = [];
  let previousSingle = false;
  for (const token of tokens) {
    const single = [...token].length === 1 && /\p{L}/u.test(token);
    if (single && previousSingle) joined[joined.length - 1] += token;
    else joined.push(token);
    previousSingle = single;
  }
  return joined.join(" ");
}

/**
 * A title's key: folded, in words, without a leading or trailing English article ("The Martian" = "Martian,
 * The" = "martian"). Only English articles: "Die Hard", "La La Land" and "El Norte" begin with words that are
 * articles elsewhere and titles here. A title of nothing but punctuation keys as itself, folded.
 */
export function titleKey(title: string): string {
  const folded = fold(title).trim();
  const key = words(folded.replace(TRAILING_ARTICLE, ""));
  const bare = key.replace(LEADING_ARTICLE, "");
  return bare || key || folded;
}

/**
 * A person's key (a book's author): folded and in words, as titles, with no article taken off; "" for no
 * author. Word order counts ("King, Stephen" is not "Stephen King"): a comma also separates co-authors, so an
 * inverted name cannot be told from a list.
 */
export function nameKey(name: string): string {
  const folded = fold(name).trim();
  return words(folded) || folded;
}
