/**
 * A token bucket: `capacity` attempts at once, one more every `60 / perMinute` seconds, never more than `capacity`.
 * An empty bucket is a wait of at most one refill, which is what "wait a minute" promises when `perMinute` ≥ 1.
 */
export interface Budget {
  capacity: number;
  perMinute: number;
}

export interface Bucket {
  tokens: number;
  /** When `tokens` was counted (ms since the epoch). */
  at: number;
}

const MINUTE_MS = 60_000;

/** The bucket at `now`: an unknown bucket is full; a known one has refilled for the time since it was counted. */
export function refill(bucket: Bucket | undefined, budget: Budget, now: number): Bucket {
  if (!bucket) return { tokens: budget.capacity, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { tokens: Math.min(budget.capacity, bucket.tokens + (elapsed * budget.perMinute) / MINUTE_MS), at: now };
}

/** Takes one attempt out of the bucket if it holds one. */
export function take(bucket: Bucket | undefined, budget: Budget, now: number): { bucket: Bucket; allowed: boolean } {
  const current = refill(bucket, budget, now);
  if (current.tokens < 1) return { bucket: current, allowed: false };
  return { bucket: { tokens: current.tokens - 1, at: now }, allowed: true };
}

/** Puts an attempt back (one that turned out not to count, such as the right password). */
export function giveBack(bucket: Bucket | undefined, budget: Budget, now: number): Bucket {
  const current = refill(bucket, budget, now);
  return { tokens: Math.min(budget.capacity, current.tokens + 1), at: now };
}

/** When the bucket is full again: from then on it is the same as no bucket at all, and need not be kept. */
export function fullAt(bucket: Bucket, budget: Budget): number {
  return bucket.at + Math.ceil(((budget.capacity - bucket.tokens) * MINUTE_MS) / budget.perMinute);
}
