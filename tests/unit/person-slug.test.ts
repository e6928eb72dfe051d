import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPersonSlug, personPath, personSlug } from "../../worker/core/rules/index.ts";

describe("personSlug", () => {
  it("lower-cases and joins words with single hyphens", () => {
    expect(personSlug("Greta Gerwig")).toBe("greta-gerwig");
    expect(personSlug("Guillermo del Toro")).toBe("guillermo-del-toro");
    expect(personSlug("  Greta   Gerwig ")).toBe("greta-gerwig");
    expect(personSlug("Jean-Luc  Godard")).toBe("jean-luc-godard");
    expect(personSlug("O'Brien, Jr.")).toBe("o-brien-jr");
  });

  it("removes Latin accents, whether composed or decomposed, and spells out whole letters", () => {
    expect(personSlug("Amélie Nothomb")).toBe("amelie-nothomb");
    expect(personSlug("Ame\u0301lie Nothomb")).toBe("amelie-nothomb");
    expect(personSlug("Gréta Gerwig")).toBe(personSlug("greta gerwig"));
    expect(personSlug("Nguyễn Việt Hà")).toBe("nguyen-viet-ha");
    expect(personSlug("Sławomir Mrożek")).toBe("slawomir-mrozek");
    expect(personSlug("Søren Kierkegaard")).toBe("soren-kierkegaard");
    expect(personSlug("Günter Grass ß")).toBe("gunter-grass-ss");
  });

  it("folds compatibility forms: full-width letters and ligatures", () => {
    expect(personSlug("Ｇｒｅｔａ Ｇｅｒｗｉｇ")).toBe("greta-gerwig");
    expect(personSlug("\uFB01nn")).toBe("finn");
  });

  it("keeps letters of other scripts, so names without Latin letters still have a page", () => {
    expect(personSlug("是枝裕和")).toBe("是枝裕和");
    expect(personSlug("宮崎 駿")).toBe("宮崎-駿");
    expect(personSlug("ｼﾞﾌﾞﾘ")).toBe("ジブリ");
    expect(personSlug("Андрей Тарковский")).toBe("андрей-тарковский");
    expect(personSlug("सत्यजित राय")).toBe("सत्यजित-राय");
    expect(personPath(personSlug("宮崎 駿"))).toBe("/people/%E5%AE%AE%E5%B4%8E-%E9%A7%BF");
  });

  it("gives punctuation alone the empty slug, which no page accepts", () => {
    expect(personSlug("!!! ...")).toBe("");
    expect(isPersonSlug("")).toBe(false);
  });

  it("accepts as a page's slug only what it writes", () => {
    expect(isPersonSlug("greta-gerwig")).toBe(true);
    expect(isPersonSlug("Greta-Gerwig")).toBe(false);
    expect(isPersonSlug("greta--gerwig")).toBe(false);
    expect(isPersonSlug("-greta")).toBe(false);
    expect(isPersonSlug("amélie")).toBe(false);
    expect(isPersonSlug("x".repeat(201))).toBe(false);
  });

  it("is stable: a slug is its own slug, and a page accepts every non-empty slug of a name", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "grapheme", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 })),
        (name) => {
          const slug = personSlug(name);
          expect(personSlug(slug)).toBe(slug);
          if (slug) expect(isPersonSlug(slug)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
