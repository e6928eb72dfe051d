import { describe, expect, it } from "vitest";
import { titleKey } from "../../worker/core/catalog/identity.ts";
import { mergeCandidates } from "../../worker/core/catalog/lookup/merge.ts";
import type { BookSuggestion, MovieSuggestion } from "../../worker/core/catalog/lookup/types.ts";

const movie = (fields: Partial<MovieSuggestion>): MovieSuggestion => ({
  source: "tmdb",
  title: "Little Women",
  year: 2019,
  director: "",
  posterUrl: "",
  externalIds: {},
  genres: [],
  actors: [],
  ...fields,
});
const book = (fields: Partial<BookSuggestion>): BookSuggestion => ({
  source: "openlibrary",
  title: "Little Women",
  year: 1868,
  author: "Louisa May Alcott",
  coverUrl: "",
  externalIds: {},
  genres: [],
  ...fields,
});
const query = (q: string, year: number | null = null, type: "movie" | "book" = "movie") => ({ type, q, year });

describe("titleKey", () => {
  it("ignores case, accents, punctuation and a leading or trailing article", () => {
    expect(titleKey("The Martian")).toBe("martian");
    expect(titleKey("Martian, The")).toBe("martian");
    expect(titleKey("  PRIDE & Prejudice ")).toBe("pride and prejudice");
    expect(titleKey("Amélie")).toBe(titleKey("Amelie"));
    expect(titleKey("The")).toBe("the");
  });
});

describe("mergeCandidates", () => {
  it("puts the catalog's works first and folds a provider's copy of one into it, ids and all", () => {
    const local = movie({
      source: "local",
      _id: "m1",
      director: "Greta Gerwig",
      posterUrl: "http://site/images/p.png",
    });
    const tmdb = [
      movie({ year: 1994, externalIds: { tmdb: "9587" } }),
      movie({ externalIds: { tmdb: "331482", imdb: "tt3281548" }, posterUrl: "http://tmdb/p.jpg", genres: ["Drama"] }),
    ];
    const wikidata = [movie({ source: "wikidata", year: 1994, externalIds: { tmdb: "9587", wikidata: "Q2" } })];
    const merged = mergeCandidates([local], [tmdb, wikidata], query("Little Women"));
    expect(merged).toEqual([
      { ...local, externalIds: { tmdb: "331482", imdb: "tt3281548" }, genres: ["Drama"] },
      movie({ year: 1994, externalIds: { tmdb: "9587", wikidata: "Q2" } }),
    ]);
  });

  it("collapses books by title and author, but keeps a different author's book of the same title", () => {
    const merged = mergeCandidates(
      [],
      [
        [
          book({ externalIds: { openLibrary: "OL1W" } }),
          book({ author: "Someone Else", externalIds: { openLibrary: "OL2W" } }),
        ],
        [
          book({
            source: "wikidata",
            title: "Little women",
            author: "Louisa May Alcott",
            externalIds: { wikidata: "Q3" },
          }),
        ],
      ],
      query("little women", null, "book"),
    );
    expect(merged.map((candidate) => candidate.externalIds)).toEqual([
      { openLibrary: "OL1W", wikidata: "Q3" },
      { openLibrary: "OL2W" },
    ]);
  });

  it("leaves out works of another year when a year is asked for, keeping those of no known year", () => {
    const merged = mergeCandidates(
      [movie({ source: "local", _id: "m1", year: null })],
      [[movie({ year: 1994 }), movie({ year: 2019, externalIds: { tmdb: "1" } })]],
      query("Little Women", 2019),
    );
    expect(merged.map((candidate) => candidate.year)).toEqual([null, 2019]);
  });

  it("lets the providers take turns, exact titles first, and answers at most ten", () => {
    const many = (source: "tmdb" | "wikidata", count: number) =>
      Array.from({ length: count }, (_, index) =>
        movie({
          source,
          title: `Dune ${source} ${index}`,
          year: 1900 + index,
          externalIds: { tmdb: `${source}${index}` },
        }),
      );
    const exact = movie({ source: "wikidata", title: "Dune", year: 2021, externalIds: { wikidata: "Q8" } });
    const merged = mergeCandidates([], [many("tmdb", 8), [...many("wikidata", 8), exact]], query("dune"));
    expect(merged).toHaveLength(10);
    expect(merged[0]).toEqual(exact);
    expect(merged.slice(1, 5).map((candidate) => candidate.source)).toEqual(["tmdb", "wikidata", "tmdb", "wikidata"]);
  });
});
