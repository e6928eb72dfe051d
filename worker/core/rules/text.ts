/**
 * How typed text is read before any rule sees it, by the browser and the server alike (decision 029): control
 * characters are refused, white space and characters with no visible form are trimmed off the ends (so text of
 * nothing else is empty), and names lose the bidirectional controls that make them read backwards.
 */

export const CONTROL_CHARACTERS_MESSAGE = "Text cannot contain control characters (such as NUL).";

/**
 * Characters that show nothing: the soft hyphen, the Arabic letter mark, Hangul and Braille fillers, Khmer's
 * inherent vowels, Mongolian's selectors, zero-width spaces, joiners and direction marks, bidirectional controls,
 * the word joiner and invisible operators, and the byte order mark. Inside text they may matter (a joiner builds an
 * emoji, a non-joiner shapes Persian), so only the ends are trimmed.
 */
const INVISIBLE =
  "\\u00AD\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0";
/** Marks that attach to the character before them (a variation selector makes ❤ an emoji): kept after text. */
const ATTACHED = "\\u034F\\uFE00-\\uFE0F";

const ENDS = new RegExp(`^[\\s${INVISIBLE}${ATTACHED}]+|[\\s${INVISIBLE}]+$`, "g");

/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

const [TAB, LINE_FEED, CARRIAGE_RETURN] = [0x09, 0x0a, 0x0d];

/** Whether the text holds a C0 control (NUL included) other than a tab or a line break, DEL, or a C1 control. */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** Text as it is kept: without white space or invisible characters at either end, so "​ ​" is "". */
export function readText(text: string): string {
  return text.replace(ENDS, "");
}

/** A name (a member's display name, a title, a person): text without bidirectional controls anywhere. */
export function readName(text: string): string {
  return readText(text.replace(BIDI_CONTROLS, ""));
}
