import { DurableObject } from "cloudflare:workers";
import { type Bucket, type Budget, fullAt, giveBack, refill, take } from "./token-bucket.ts";

/**
 * One counted key's attempts (a network's password checks, an account's wrong passwords, a member's reports): a
 * Durable Object, so every isolate in every location counts against the same bucket (decision 027). The core names
 * the key and the budget (worker/core/limits); the ledger only counts. Names arrive hashed, and so do the networks
 * an account remembers, so no ledger holds an address or an e-mail address.
 */
interface LedgerState {
  budget?: Budget;
  bucket?: Bucket;
  /** Networks the account logged in from (hashed), with when they last did. */
  known: Record<string, number>;
}

/** A network an account logged in from stays its own for a month after the last login from it. */
const KNOWN_FOR_MS = 30 * 24 * 60 * 60 * 1000;
/** The most networks an account remembers (the most recently used ones). */
const MAX_KNOWN = 20;

export class AttemptLedger extends DurableObject {
  private state: LedgerState = { known: {} };

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.state = (await ctx.storage.get<LedgerState>("state")) ?? { known: {} };
    });
  }

  /**
   * Spends one attempt of `budget`. With a `network` the account logged in from lately, nothing is spent: someone
   * else's guessing never locks a member out where they usually are.
   */
  attempt(budget: Budget, network?: string): { allowed: boolean; counted: boolean } {
    const now = Date.now();
    if (network && (this.state.known[network] ?? 0) > now - KNOWN_FOR_MS) return { allowed: true, counted: false };
    const { bucket, allowed } = take(this.state.bucket, budget, now);
    this.state.budget = budget;
    this.state.bucket = bucket;
    this.keep(now);
    return { allowed, counted: allowed };
  }

  /** The attempt was refused elsewhere (its network's budget was spent), so it does not count here either. */
  returned(budget: Budget): void {
    const now = Date.now();
    this.state.bucket = giveBack(this.state.bucket, budget, now);
    this.keep(now);
  }

  /** The attempt was the account's own (the right password): it did not count, and its network is now known. */
  succeeded(budget: Budget, network: string, counted: boolean): void {
    const now = Date.now();
    if (counted) this.state.bucket = giveBack(this.state.bucket, budget, now);
    this.state.budget = budget;
    this.state.known[network] = now;
    const newest = Object.entries(this.state.known)
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_KNOWN);
    this.state.known = Object.fromEntries(newest);
    this.keep(now);
  }

  override async alarm(): Promise<void> {
    this.keep(Date.now());
  }

  /**
   * Stores what still matters at `now` and wakes up when it stops mattering: a full bucket and no known network are
   * the same as no ledger, so then nothing is kept. Writes are not awaited: the output gate holds the answer until
   * they are stored.
   */
  private keep(now: number): void {
    const { budget } = this.state;
    for (const [network, seen] of Object.entries(this.state.known)) {
      if (seen <= now - KNOWN_FOR_MS) delete this.state.known[network];
    }
    const bucket = budget && this.state.bucket ? refill(this.state.bucket, budget, now) : undefined;
    const bucketUntil = bucket && budget && bucket.tokens < budget.capacity ? fullAt(bucket, budget) : 0;
    const knownUntil = Math.max(0, ...Object.values(this.state.known).map((seen) => seen + KNOWN_FOR_MS));
    const until = Math.max(bucketUntil, knownUntil);
    if (!until) {
      this.state = { known: {} };
      void this.ctx.storage.deleteAlarm();
      void this.ctx.storage.deleteAll();
      return;
    }
    void this.ctx.storage.put("state", this.state);
    void this.ctx.storage.setAlarm(until);
  }
}
