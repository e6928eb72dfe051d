import { describe, expect, it } from "vitest";
import { normalizeTags, splitList } from "../../worker/core/rules/index.ts";

describe("normalizeTags", () => {
  it("trims, lower-cases, collapses inner space and drops empties and duplicates", () => {
    expect(normalizeTags("  Dystopia, sci  fi ,, DYSTOPIA ,Book Within A  Movie ")).toEqual([
      "dystopia",
      "sci fi",
      "book within a movie",
    ]);
  });

  it("accepts arrays from JSON clients and nothing at all", () => {
    expect(normalizeTags([" A ", "a", "B"])).toEqual(["a", "b"]);
    expect(normalizeTags(undefined)).toEqual([]);
    expect(normalizeTags("")).toEqual([]);
  });
});

describe("splitList", () => {
  it("keeps the first spelling of each name and drops case-insensitive repeats", () => {
    expect(splitList("Science Fiction, drama,  science fiction ,Drama")).toEqual(["Science Fiction", "drama"]);
  });
});
