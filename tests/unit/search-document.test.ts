import { describe, expect, it } from "vitest";
import { buildSearchDocument } from "../../worker/search-document.ts";

describe("buildSearchDocument", () => {
  it("covers every searchable field of API.md, lower-cased, one field per line", () => {
    const document = buildSearchDocument({
      context: "Read it First",
      tags: ["adaptation"],
      movie: { title: "Arrival", director: "Denis Villeneuve", genres: ["Drama"], actors: ["Amy Adams"], synopsis: "Linguist" },
      book: { title: "Story of Your Life", author: "Ted Chiang", genres: ["Novella"], synopsis: "Heptapods" },
    });
    const lines = document.split("\n");
    for (const expected of [
      "arrival",
      "denis villeneuve",
      "drama",
      "amy adams",
      "linguist",
      "story of your life",
      "ted chiang",
      "novella",
      "heptapods",
      "read it first",
      "adaptation",
    ]) {
      expect(lines).toContain(expected);
    }
  });

  it("works for text-only posts", () => {
    expect(buildSearchDocument({ context: "What should I read?", tags: ["question"] })).toBe(
      "what should i read?\nquestion",
    );
  });
});
