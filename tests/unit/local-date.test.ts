import { describe, expect, it } from "vitest";
import { shownDate } from "../../app/components/local-date.tsx";

// The page's dates are written without Intl (a browser's first formatter is a long task); they must read exactly
// as the en-US short date in UTC did, on the server and in every browser.
const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

describe("shownDate", () => {
  it("reads as the en-US short date in UTC for every day of a leap year and around midnight", () => {
    const start = Date.UTC(2024, 0, 1);
    for (let day = 0; day < 366; day++) {
      for (const offset of [0, 1, 23 * 3_600_000 + 59 * 60_000 + 59_999]) {
        const iso = new Date(start + day * 86_400_000 + offset).toISOString();
        expect(shownDate(iso), iso).toBe(intl.format(new Date(iso)));
      }
    }
  });

  it("keeps the UTC day for a time written with an offset", () => {
    expect(shownDate("2026-11-24T23:30:00-05:00")).toBe("Nov 25, 2026");
    expect(shownDate("1999-12-31T23:59:59.999Z")).toBe("Dec 31, 1999");
  });
});
