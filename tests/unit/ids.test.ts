import { describe, expect, it } from "vitest";
import { isId, newId } from "../../worker/core/ids.ts";

describe("ids", () => {
  it("are 24 hex characters that start with the creation time", () => {
    const id = newId(Date.UTC(2026, 0, 1));
    expect(isId(id)).toBe(true);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(Date.UTC(2026, 0, 1) / 1000);
  });

  it("are unique", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId()));
    expect(ids.size).toBe(1000);
  });

  it("reject anything else", () => {
    for (const bad of ["", "123", "G".repeat(24), `${"a".repeat(24)} `, "1 OR 1=1", null, 42]) {
      expect(isId(bad)).toBe(false);
    }
  });
});
