import { describe, expect, it } from "vitest";
import { firstWords, shareCardSvg, wrapText } from "../../worker/core/share-images/card.ts";

describe("wrapText", () => {
  it("keeps short titles on one line", () => {
    expect(wrapText("Arrival", 18, 2)).toEqual(["Arrival"]);
  });

  it("wraps at word boundaries and ends what does not fit with an ellipsis", () => {
    expect(wrapText("Eternal Sunshine of the Spotless Mind", 18, 2)).toEqual(["Eternal Sunshine", "of the Spotless…"]);
  });

  it("cuts a single word longer than a line", () => {
    expect(wrapText("Supercalifragilisticexpialidocious", 10, 2)).toEqual(["Supercali…"]);
  });

  it("never returns more lines than asked, each within the width", () => {
    const lines = wrapText("word ".repeat(200), 20, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(20);
  });
});

describe("firstWords", () => {
  it("keeps only the first words of a context", () => {
    expect(firstWords("one two three four", 2)).toBe("one two…");
    expect(firstWords("  one   two ", 5)).toBe("one two");
  });
});

describe("shareCardSvg", () => {
  it("escapes hostile titles so they stay text", () => {
    const svg = shareCardSvg({
      movieTitle: `</text><script>alert(1)</script>`,
      bookTitle: `"quoted" & 'apos'`,
      poster: null,
      cover: null,
    });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).toContain("&quot;quoted&quot; &amp; &apos;apos&apos;");
  });

  it("is a 1200×630 image with the artwork embedded", () => {
    const svg = shareCardSvg({ movieTitle: "M", bookTitle: "B", poster: "data:image/png;base64,AAAA", cover: null });
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).toContain('href="data:image/png;base64,AAAA"');
  });

  it("shows only the context's first words for a text-only post", () => {
    const context = Array.from({ length: 100 }, (_, index) => `w${index}`).join(" ");
    const svg = shareCardSvg({ movieTitle: "M", bookTitle: null, poster: null, cover: null, context });
    expect(svg).toContain("w0");
    expect(svg).not.toContain("w60");
    expect(shareCardSvg({ movieTitle: null, bookTitle: null, poster: null, cover: null, context })).toContain(
      "A TEXT-ONLY POST",
    );
  });

  it("leaves a movie-and-book post's context out: its titles and artwork speak for it", () => {
    const svg = shareCardSvg({ movieTitle: "M", bookTitle: "B", poster: null, cover: null, context: "The twist" });
    expect(svg).not.toContain("The twist");
  });
});
