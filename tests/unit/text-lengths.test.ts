import { describe, expect, it } from "vitest";
import { snippet } from "../../app/snippet.ts";
import { characterCount, firstCharacters, shortened } from "../../worker/core/rules/characters.ts";

// Outside the Basic Multilingual Plane: one character, two UTF-16 units (decision 047).
const EMOJI = "😀";
/** A lone surrogate is half an emoji: the browser draws it as a replacement character. */
const hasLoneSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe("characters as the limits count them", () => {
  it("counts an emoji, a rare CJK character and a letter as one each", () => {
    expect(characterCount(`a${EMOJI}𠀋é`)).toBe(4);
    expect(characterCount("")).toBe(0);
  });

  it("cuts text at a character, never inside an emoji", () => {
    const text = `ab${EMOJI.repeat(5)}`;
    expect(firstCharacters(text, 3)).toBe(`ab${EMOJI}`);
    expect(firstCharacters(text, 7)).toBe(text);
    // Seven characters in twelve UTF-16 units: longer than the limit by `length`, not by characters.
    expect(firstCharacters(text, 10)).toBe(text);
  });

  it("shortens with an ellipsis only when something was cut", () => {
    expect(shortened(EMOJI.repeat(5), 3)).toBe(`${EMOJI.repeat(3)}…`);
    expect(shortened(EMOJI.repeat(5), 5)).toBe(EMOJI.repeat(5));
    expect(shortened("one two three", 4)).toBe("one…");
  });

  it("leaves no half emoji in a page's description, whatever the cut", () => {
    for (let length = 1; length < 12; length += 1) {
      const cut = snippet(`a ${EMOJI.repeat(10)}`, length);
      expect(hasLoneSurrogate(cut), `cut at ${length}`).toBe(false);
    }
    expect(snippet(`a ${EMOJI.repeat(10)}`, 4)).toBe(`a ${EMOJI.repeat(2)}...`);
  });
});
