import { describe, expect, it } from "vitest";
import { isbn13Of, nameKey, titleKey } from "../../worker/core/catalog/index.ts";
import { type Candidate, matchWork, sameWork } from "../../worker/core/catalog/matching.ts";

describe("titleKey", () => {
  it.each([
    // Articles, leading or after a trailing comma; English ones only.
    ["The Martian", "martian"],
    ["Martian, The", "martian"],
    ["martian,the", "martian"],
    ["A Beautiful Mind", "beautiful mind"],
    ["Beautiful Mind, A", "beautiful mind"],
    ["An Education", "education"],
    ["Education, An", "education"],
    ["Plan A", "plan a"],
    ["The", "the"],
    ["A", "a"],
    ["Die Hard", "die hard"],
    ["La La Land", "la la land"],
    ["El Norte", "el norte"],
    // Case, Unicode form, spacing and punctuation.
    ["  LITTLE   women ", "little women"],
    ["Little\u00a0Women", "little women"],
    ["Ｌｉｔｔｌｅ Ｗｏｍｅｎ", "little women"],
    ["Mission: Impossible", "mission impossible"],
    ["Mission – Impossible!", "mission impossible"],
    ["Schindler's List", "schindlers list"],
    ["Schindler’s List", "schindlers list"],
    ["Pride & Prejudice", "pride and prejudice"],
    ["Pride and Prejudice", "pride and prejudice"],
    ["Spider-Man", "spider man"],
    ["E.T. the Extra-Terrestrial", "et the extra terrestrial"],
    ["E. T. the Extra-Terrestrial", "et the extra terrestrial"],
    ["M*A*S*H", "mash"],
    ["The A.B.C. Murders", "abc murders"],
    ["A.I. Artificial Intelligence", "ai artificial intelligence"],
    ["I, Robot", "i robot"],
    ["Catch-22", "catch 22"],
    ["Der Himmel über Berlin", "der himmel uber berlin"],
    ["Amélie", "amelie"],
    ["Ame\u0301lie", "amelie"],
    ["Ὀδυσσεύς", "οδυσσευς"],
    ["Straße", "strasse"],
    ["ΟΔΥΣΣΕΙΑ", "οδυσσεια"],
    ["Οδύσσεια", "οδυσσεια"],
    ["千と千尋の神隠し", "千と千尋の神隠し"],
    ["देवदास", "देवदास"],
    ["!!!", "!!!"],
  ])("%j keys as %j", (title, key) => {
    expect(titleKey(title)).toBe(key);
  });

  it("tells apart what the contract tells apart", () => {
    expect(titleKey("The Road")).not.toBe(titleKey("Road Trip"));
    expect(titleKey("Her")).not.toBe(titleKey("He"));
  });
});

describe("nameKey", () => {
  it.each([
    ["Stephen King", "stephen king"],
    ["  STEPHEN   king ", "stephen king"],
    ["J.R.R. Tolkien", "jrr tolkien"],
    ["J. R. R. Tolkien", "jrr tolkien"],
    ["JRR Tolkien", "jrr tolkien"],
    ["Stanisław Lem", "stanisław lem"],
    ["Gabriel García Márquez", "gabriel garcia marquez"],
    ["Gabriel Garcia Marquez", "gabriel garcia marquez"],
    ["Ngũgĩ wa Thiong'o", "ngugi wa thiongo"],
    ["The Strugatsky Brothers", "the strugatsky brothers"],
    ["King, Stephen", "king stephen"],
    ["", ""],
    ["   ", ""],
  ])("%j keys as %j", (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe("isbn13Of", () => {
  it.each([
    ["9780441013593", "9780441013593"],
    ["978-0-441-01359-3", "9780441013593"],
    ["ISBN 978 0 441 01359 3", "9780441013593"],
    ["ISBN-13: 978-0-441-01359-3", "9780441013593"],
    ["0441013597", "9780441013593"],
    ["0-441-01359-7", "9780441013593"],
    ["080442957X", "9780804429573"],
    ["080442957x", "9780804429573"],
    ["9791032305690", "9791032305690"],
    // Check digits that do not check out, other lengths and prefixes, and text.
    ["9780441013594", null],
    ["0441013598", null],
    ["X804429570", null],
    ["9770441013593", null],
    ["978044101359", null],
    ["", null],
    ["not an isbn", null],
  ])("%j is %j", (typed, isbn13) => {
    expect(isbn13Of(typed)).toBe(isbn13);
  });
});

describe("matchWork (which work a post means)", () => {
  type Row = Candidate & { year: number | null };
  const row = (id: string, year: number | null, titleKey = "little women"): Row => ({ id, titleKey, year });
  const post = (detail: number | null, extra: Partial<{ known: Row; hasExternalIds: boolean }> = {}) => ({
    titleKey: "little women",
    detail,
    known: extra.known,
    hasExternalIds: extra.hasExternalIds ?? false,
  });
  const year = (candidate: Row) => candidate.year;
  const api = { ask: false };
  const page = { ask: true };
  const y1994 = row("a", 1994);
  const y2019 = row("b", 2019);
  const yearless = row("c", null);
  const other = row("d", 1994, "martian");

  it.each<[string, Row[], ReturnType<typeof post>, { ask: boolean; pick?: string }, unknown]>([
    ["a known external id wins over the title", [y1994, other], post(1994, { known: other }), api, { row: other }],
    ["the same title and year", [y1994, y2019], post(2019), api, { row: y2019 }],
    ["a year no work of the title has: a new work", [y1994], post(2019), api, { create: { claim: null } }],
    [
      "a year, and the title's only work has none: it takes it",
      [yearless],
      post(2019),
      api,
      { create: { claim: yearless } },
    ],
    [
      "a year, and a yearless work among others: a new work",
      [y1994, yearless],
      post(2019),
      api,
      { create: { claim: null } },
    ],
    ["no year, one work of the title: that one", [y2019], post(null), api, { row: y2019 }],
    ["no year, no work: a new yearless work", [other], post(null), api, { create: { claim: null } }],
    [
      "no year, several works, the API: a new yearless work",
      [y1994, y2019],
      post(null),
      api,
      { create: { claim: null } },
    ],
    [
      "no year, several works and the yearless one, the API: it",
      [y1994, y2019, yearless],
      post(null),
      api,
      { row: yearless },
    ],
    ["no year, several works, the page: asks", [y1994, y2019], post(null), page, { ambiguous: [y1994, y2019] }],
    [
      "no year but an external id nobody holds, the page: no question",
      [y1994, y2019],
      post(null, { hasExternalIds: true }),
      page,
      { create: { claim: null } },
    ],
    ["a pick from the question", [y1994, y2019], post(null), { ask: true, pick: "a" }, { row: y1994 }],
    [
      "a pick of another title's work is ignored",
      [y1994, y2019, other],
      post(null),
      { ask: true, pick: "d" },
      { ambiguous: [y1994, y2019] },
    ],
    ["a new one picked", [y1994, y2019], post(null), { ask: true, pick: "new" }, { create: { claim: null } }],
    [
      "a new one picked, with one work of the title",
      [y2019],
      post(null),
      { ask: true, pick: "new" },
      { create: { claim: null } },
    ],
    [
      "a new one picked while a yearless work exists: that one",
      [y1994, y2019, yearless],
      post(null),
      { ask: true, pick: "new" },
      { row: yearless },
    ],
  ])("%s", (_case, rows, wanted, choice, expected) => {
    expect(matchWork(rows, wanted, year, choice)).toEqual(expected);
  });

  it("sameWork finds only the exact title and detail (an edit never joins the title's only book)", () => {
    expect(sameWork([y1994], { titleKey: "little women", detail: 1994 }, year)).toEqual({ row: y1994 });
    expect(sameWork([yearless], { titleKey: "little women", detail: 2019 }, year)).toEqual({ create: { claim: null } });
  });
});
