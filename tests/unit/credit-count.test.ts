import { describe, expect, it } from "vitest";
import { creditCountInWords } from "../../app/components/work-shelf.tsx";

describe("a person's count of films or books in words", () => {
  it("is the count with its noun, grouped by thousands, and '1,000+' once the count stopped", () => {
    expect(creditCountInWords({ count: 1, capped: false }, "film")).toBe("1 film");
    expect(creditCountInWords({ count: 12, capped: false }, "book")).toBe("12 books");
    expect(creditCountInWords({ count: 1000, capped: false }, "film")).toBe("1,000 films");
    expect(creditCountInWords({ count: 1000, capped: true }, "film")).toBe("1,000+ films");
  });
});
