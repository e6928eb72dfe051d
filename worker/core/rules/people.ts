/**
 * A person of the catalog (a director, an actor, an author) is known by the slug of their name: the key of
 * their page (`/people/<slug>`), of the filter values that find their connections, and of the columns stored
 * beside each name. Client-safe, so links on cards are built with the same function that wrote the columns.
 */

/**
 * Accents that Unicode decomposes off Latin letters ("é" = "e" + U+0301). The same marks on other scripts'
 * letters stay: Cyrillic "й" is a letter of its own, not an accented "и".
 */
const LATIN_DIACRITICS = /(\p{Script=Latin})[\u0300-\u036f]+/gu;

/** Latin letters that carry their accent inside them, so decomposition leaves them whole. */
const WHOLE_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
};
const WHOLE_LETTER = new RegExp(`[${Object.keys(WHOLE_LETTERS).join("")}]`, "g");

/** Everything that is not a letter, a combining mark of a non-Latin script or a digit. */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/gu;

/** The longest slug a page accepts: a name is at most 200 characters, and a slug is never longer. */
export const PERSON_SLUG_MAX = 200;

/**
 * "Amélie  Nothomb" → `amelie-nothomb`: compatibility-normalised (full-width letters, ligatures), Latin accents
 * removed, lower-cased, every run of other characters one hyphen, none at either end. Letters of other scripts
 * are kept as they are ("是枝裕和" stays itself; a URL percent-encodes it), so no name without Latin letters
 * becomes empty. A name of punctuation alone has the empty slug, and no page.
 */
export function personSlug(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(LATIN_DIACRITICS, "$1")
    .replace(WHOLE_LETTER, (letter) => WHOLE_LETTERS[letter] ?? letter)
    .normalize("NFC")
    .replace(SEPARATORS, "-")
    .replace(/^-+|-+$/g, "");
}

/** Whether a page's slug is one `personSlug` could have written; anything else is a person who does not exist. */
export function isPersonSlug(value: string): boolean {
  return value.length > 0 && value.length <= PERSON_SLUG_MAX && personSlug(value) === value;
}

/** A person's page. */
export function personPath(slug: string): string {
  return `/people/${encodeURIComponent(slug)}`;
}

/** All of a person's films or all of their books, a page at a time (decision 044). */
export function personWorksPath(slug: string, kind: "film" | "book"): string {
  return `${personPath(slug)}/${kind}s`;
}

/** What a person is credited as, in the order their page lists it. */
export const PERSON_ROLES = ["director", "actor", "author"] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const PERSON_MESSAGES = { notFound: "Person not found" } as const;
