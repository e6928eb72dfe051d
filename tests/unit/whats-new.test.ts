import { describe, expect, it } from "vitest";
import { dismissCookie, isBatchId, readDismissedBatch } from "../../app/components/whats-new-banner.tsx";
import { latestUpdate, updates } from "../../app/updates.ts";
import { DISMISSED_UPDATE_KEY } from "../../worker/core/rules/index.ts";

describe("the What's New dismissal cookie", () => {
  it("uses the spec's storage key as its name", () => {
    expect(DISMISSED_UPDATE_KEY).toBe("dismissedUpdateBatchId");
  });

  it("is site-wide, Lax, a year long, and Secure only on https", () => {
    expect(dismissCookie("2026-11-launch", false)).toBe(
      "dismissedUpdateBatchId=2026-11-launch; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(dismissCookie("2026-11-launch", true)).toMatch(/; Secure$/);
  });

  it("refuses ids that could break out of the cookie value", () => {
    for (const bad of ["", "a;b", "a b", "x=y", "é", "a".repeat(65)]) {
      expect(isBatchId(bad), bad).toBe(false);
      expect(() => dismissCookie(bad, false)).toThrow();
    }
  });

  it("reads the batch id back from a Cookie header among others", () => {
    expect(readDismissedBatch("mb_session=abc; dismissedUpdateBatchId=2026-11-launch; theme=dark")).toBe(
      "2026-11-launch",
    );
    expect(readDismissedBatch("dismissedUpdateBatchId=old-batch")).toBe("old-batch");
  });

  it("reads nothing from a missing, other or malformed cookie", () => {
    expect(readDismissedBatch(null)).toBeNull();
    expect(readDismissedBatch("")).toBeNull();
    expect(readDismissedBatch("xdismissedUpdateBatchId=2026-11-launch")).toBeNull();
    expect(readDismissedBatch("dismissedUpdateBatchId=%3Cscript%3E")).toBeNull();
    expect(readDismissedBatch("dismissedUpdateBatchId")).toBeNull();
  });

  it("round-trips every real batch id", () => {
    for (const { id } of updates) expect(readDismissedBatch(dismissCookie(id, true).split(";")[0])).toBe(id);
    expect(isBatchId(latestUpdate.id)).toBe(true);
  });
});
