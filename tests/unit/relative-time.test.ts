import { describe, expect, it } from "vitest";
import { relativeTime } from "../../app/relative-time.ts";

describe("relativeTime", () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [0, "0s ago"],
    [59_000, "59s ago"],
    [60_000, "1m ago"],
    [59 * 60_000, "59m ago"],
    [3_600_000, "1h ago"],
    [23 * 3_600_000, "23h ago"],
    [24 * 3_600_000, "1d ago"],
    [29 * 86_400_000, "29d ago"],
    [30 * 86_400_000, "1mo ago"],
    [364 * 86_400_000, "12mo ago"],
    [365 * 86_400_000, "1y ago"],
    [800 * 86_400_000, "2y ago"],
  ])("%d ms ago reads %s", (elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text);
  });

  it("never shows a future time as negative", () => {
    expect(relativeTime(new Date(now + 5000).toISOString(), now)).toBe("0s ago");
  });
});
