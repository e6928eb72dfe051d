/**
 * Deterministic randomness for the benchmark data: the same size always gives the same database, so two runs
 * (before and after a change) measure the same rows, not a fresh draw.
 */
import { nth } from "./lists.ts";

/** sfc32: a small, fast, well-distributed 32-bit generator (a seeded Math.random stand-in). */
export function createRandom(seed: number): () => number {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 + seed;
  let c = 0xb7e15162 ^ (seed * 31);
  let d = 1;
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 20; i++) next(); // mix the seed in
  return next;
}

/**
 * Zipf-like popularity over `n` ranked items: item k (0-based) is drawn with weight 1 / (k + 1)^s. Real
 * catalogues look like this (a few tags, genres, directors and members account for most of the activity,
 * then a long tail). Sampling is a binary search over the precomputed cumulative weights.
 */
export class Zipf {
  readonly #cdf: Float64Array;

  constructor(
    readonly n: number,
    s: number,
  ) {
    if (n < 1) throw new Error("Zipf needs at least one item");
    const cumulative = new Float64Array(n);
    let total = 0;
    for (let k = 0; k < n; k++) {
      total += 1 / (k + 1) ** s;
      cumulative[k] = total;
    }
    this.#cdf = cumulative.map((weight) => weight / total);
  }

  /** A rank in [0, n). */
  sample(random: () => number): number {
    const u = random();
    let low = 0;
    let high = this.n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (nth(this.#cdf, mid) < u) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Up to `count` distinct ranks (fewer when the retries run out, as with a tiny catalogue). */
  distinct(random: () => number, count: number): number[] {
    const picked = new Set<number>();
    for (let tries = 0; picked.size < count && tries < count * 8; tries++) picked.add(this.sample(random));
    return [...picked];
  }
}

/**
 * A heavy-tailed count: 0 with probability `pZero`, else a Pareto draw with shape `alpha` (minimum 1),
 * capped. Likes, comments and follows per item are distributed like this: most get none or a few, some get
 * very many.
 */
export function heavyTailCount(random: () => number, pZero: number, alpha: number, cap: number): number {
  if (random() < pZero) return 0;
  const value = Math.floor(1 / (1 - random()) ** (1 / alpha));
  return Math.min(Math.max(value, 1), cap);
}

const HEX = "0123456789abcdef";

/**
 * An id in the shape of worker/ids.ts (8 hex of seconds since the epoch, then 16 random hex), drawn from the
 * seeded generator so datasets are reproducible.
 */
export function seededId(random: () => number, ms: number): string {
  let id = Math.floor(ms / 1000)
    .toString(16)
    .padStart(8, "0");
  for (let i = 0; i < 16; i++) id += HEX[Math.floor(random() * 16)];
  return id;
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return nth(items, Math.floor(random() * items.length));
}
