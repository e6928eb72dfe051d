import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { networkOf } from "../../worker/core/limits/index.ts";
import { type Bucket, fullAt, giveBack, refill, take } from "../../worker/db/token-bucket.ts";

/** The per-account budget of decision 027: ten wrong passwords, then one a minute. */
const ACCOUNT = { capacity: 10, perMinute: 1 };
const MINUTE = 60_000;

describe("an attempt budget", () => {
  it("allows its capacity at once, then one attempt per refill", () => {
    let bucket: Bucket | undefined;
    const allowed: boolean[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const result = take(bucket, ACCOUNT, 1000);
      bucket = result.bucket;
      allowed.push(result.allowed);
    }
    expect(allowed).toEqual([...Array(10).fill(true), false, false]);
    expect(take(bucket, ACCOUNT, 1000 + MINUTE - 1).allowed).toBe(false);
    expect(take(bucket, ACCOUNT, 1000 + MINUTE).allowed).toBe(true);
  });

  it("never keeps anyone waiting more than a minute after the guessing stops", () => {
    const attempts = fc.array(fc.nat({ max: 10 * MINUTE }), { minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(attempts, (offsets) => {
        let bucket: Bucket | undefined;
        const times = [...offsets].sort((a, b) => a - b);
        for (const time of times) bucket = take(bucket, ACCOUNT, time).bucket;
        const stopped = times.at(-1) ?? 0;
        expect(take(bucket, ACCOUNT, stopped + MINUTE).allowed).toBe(true);
      }),
    );
  });

  it("gives back an attempt that did not count, never beyond its capacity", () => {
    const spent = take(undefined, ACCOUNT, 0).bucket;
    expect(giveBack(spent, ACCOUNT, 0).tokens).toBe(10);
    expect(giveBack(undefined, ACCOUNT, 0).tokens).toBe(10);
  });

  it("is full again when fullAt says, and not before", () => {
    let bucket: Bucket | undefined;
    for (let attempt = 0; attempt < 4; attempt++) bucket = take(bucket, ACCOUNT, 0).bucket;
    const full = fullAt(bucket as Bucket, ACCOUNT);
    expect(full).toBe(4 * MINUTE);
    expect(refill(bucket, ACCOUNT, full - 1).tokens).toBeLessThan(10);
    expect(refill(bucket, ACCOUNT, full).tokens).toBe(10);
  });
});

describe("the network an address is counted as", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["2001:db8:aa:1::1", "2001:db8:aa:1::/64"],
    ["2001:db8:aa:1:ffff:ffff:ffff:ffff", "2001:db8:aa:1::/64"],
    ["2001:0DB8:00AA:0001:0:0:0:1", "2001:db8:aa:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["fe80::1%eth0", "unknown"],
    ["", "unknown"],
    ["not an address", "unknown"],
    ["2001:db8::1::2", "unknown"],
  ])("%j is %j", (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it("is one /64 for every address in it", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 4, maxLength: 4 }), (host) => {
        expect(networkOf(`2001:db8:1:2:${host.join(":")}`)).toBe("2001:db8:1:2::/64");
      }),
    );
  });
});
