import { describe, expect, it } from "vitest";
import { pageNumbers } from "../../app/components/pagination.tsx";

// The definition the component shows: every page that is the first, the last, or within two of the current one.
const shown = (page: number, pages: number) =>
  Array.from({ length: pages }, (_, index) => index + 1).filter(
    (number) => number === 1 || number === pages || Math.abs(number - page) <= 2,
  );

describe("page numbers", () => {
  it("are the first, the last and two either side of the current page, in order", () => {
    for (let pages = 1; pages <= 12; pages++) {
      for (let page = 1; page <= pages + 3; page++)
        expect(pageNumbers(page, pages), `${page} of ${pages}`).toEqual(shown(page, pages));
    }
  });

  it("are none when there are no pages", () => {
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it("stay a handful on a site with ninety thousand pages", () => {
    expect(pageNumbers(1, 90_058)).toEqual([1, 2, 3, 90_058]);
    expect(pageNumbers(45_000, 90_058)).toEqual([1, 44_998, 44_999, 45_000, 45_001, 45_002, 90_058]);
    expect(pageNumbers(90_057, 90_058)).toEqual([1, 90_055, 90_056, 90_057, 90_058]);
  });
});
