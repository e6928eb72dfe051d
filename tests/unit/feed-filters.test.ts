import { and } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { facetIndex, filterConditions, tagIndex } from "../../worker/core/connections/feed-filters.ts";

const dialect = new SQLiteSyncDialect();
/** The values the conditions compare with, in order: which filters they check. */
const checked = (conditions: ReturnType<typeof filterConditions>) =>
  conditions.length ? dialect.sqlToQuery(and(...conditions)!).params : [];

describe("filterConditions on a walked index", () => {
  it("checks every filter when no index is walked", () => {
    expect(checked(filterConditions({ movieGenre: "Noir", actor: "Gréta Gerwig", tags: "Heist" }))).toEqual([
      "movieGenre",
      "noir",
      "actor",
      "greta-gerwig",
      "heist",
    ]);
  });

  it("leaves out the filter the walked index's entries hold, matched by its stored value", () => {
    const filters = { movieGenre: "Noir", actor: "Gréta Gerwig" };
    expect(checked(filterConditions(filters, facetIndex("movieGenre", "noir")))).toEqual(["actor", "greta-gerwig"]);
    expect(checked(filterConditions({ tags: " HEIST ", kind: "adaptation" }, tagIndex("heist")))).toEqual([
      "adaptation",
    ]);
  });

  it("keeps a filter whose value is not the walked one, even on the same facet or tag", () => {
    expect(checked(filterConditions({ movieGenre: "Noir" }, facetIndex("movieGenre", "drama")))).toEqual([
      "movieGenre",
      "noir",
    ]);
    expect(checked(filterConditions({ tags: "heist" }, tagIndex("caper")))).toEqual(["heist"]);
    expect(checked(filterConditions({ tags: "heist, caper" }, tagIndex("heist")))).toEqual(["heist", "caper"]);
  });
});
