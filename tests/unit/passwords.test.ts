import { describe, expect, it } from "vitest";
import {
  hashPassword,
  MAX_WORKERS_PBKDF2_ITERATIONS,
  needsRehash,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from "../../worker/core/auth/index.ts";

describe("password hashing", () => {
  it("stays within the PBKDF2 iteration cap of production Workers", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(MAX_WORKERS_PBKDF2_ITERATIONS);
  });

  it("stores a self-describing, salted hash", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", stored)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("rejects malformed or over-costly stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$999999999$AAAA$AAAA")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$10$abc$def")).toBe(false);
  });

  it("asks for a rehash when the parameters are not the current ones", async () => {
    expect(needsRehash(await hashPassword("pw123456"))).toBe(false);
    expect(needsRehash("pbkdf2-sha256$50000$AAAAAAAAAAAAAAAAAAAAAA$AAAA")).toBe(true);
    expect(needsRehash("something-else")).toBe(true);
  });
});
