import { describe, expect, it } from "vitest";
import { bookSearchText, connectionSearchText, movieSearchText } from "../../worker/core/catalog/search-index.ts";

describe("search texts", () => {
  it("cover every searchable field of API.md, one field per line", () => {
    expect(
      movieSearchText({
        title: "Arrival",
        director: "Denis Villeneuve",
        genres: ["Drama", "Science Fiction"],
        actors: ["Amy Adams"],
        synopsis: "A linguist.",
      }).split("\n"),
    ).toEqual(["Arrival", "Denis Villeneuve", "Drama", "Science Fiction", "Amy Adams", "A linguist."]);
    expect(
      bookSearchText({ title: "Story of Your Life", author: "Ted Chiang", genres: ["Novella"], synopsis: "" }).split(
        "\n",
      ),
    ).toEqual(["Story of Your Life", "Ted Chiang", "Novella"]);
    expect(connectionSearchText({ context: "Read it first", tags: ["adaptation", "language"] })).toBe(
      "Read it first\nadaptation\nlanguage",
    );
  });
});
