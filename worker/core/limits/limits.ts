import type { RequestServices } from "../../context.ts";
import { AppError } from "../errors.ts";
import { networkOf } from "./networks.ts";

/** API.md's 429, the same for every limited action and whichever budget ran out. */
export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";
/** The message's minute, as a 429's `Retry-After` says it to clients that read headers rather than text. */
export const RATE_LIMIT_RETRY_SECONDS = 60;

/**
 * The budgets (decision 027), each a token bucket: `capacity` attempts at once, refilled at `perMinute`, so an empty
 * one is at most a minute's wait. `sparesKnownNetworks`: an account's budget counts only wrong passwords, and never
 * those from a network the account logged in from lately (the right password gives its attempt back).
 */
const BUDGETS = {
  /** Everything that checks a password or a reset link, per network. */
  passwordChecks: { capacity: 10, perMinute: 10 },
  /** Wrong passwords (and sign-ups) per account, from networks the account does not know. */
  accountGuesses: { capacity: 10, perMinute: 1, sparesKnownNetworks: true },
  /** Password reset requests, per network and per e-mail address. */
  resetRequests: { capacity: 5, perMinute: 5 },
  /** Reports, per member (decision 017). */
  reports: { capacity: 10, perMinute: 10 },
} as const;

type BudgetName = keyof typeof BUDGETS;

/**
 * Which actions are limited, and by which budgets: per client network, and per subject (the account an e-mail
 * address names, the address a reset link goes to, the member reporting). The one place this is decided: the
 * core's actions call `limitAttempt`, whichever door they were reached through.
 */
const ACTIONS = {
  login: { network: "passwordChecks", subject: "accountGuesses" },
  register: { network: "passwordChecks", subject: "accountGuesses" },
  changePassword: { network: "passwordChecks" },
  deleteAccount: { network: "passwordChecks" },
  resetPassword: { network: "passwordChecks" },
  forgotPassword: { network: "resetRequests", subject: "resetRequests" },
  report: { subject: "reports" },
} as const satisfies Record<string, { network?: BudgetName; subject?: BudgetName }>;

export type LimitedAction = keyof typeof ACTIONS;

/** An attempt the limits let through; `succeeded` says it was the account's own, so it does not count. */
export interface Attempt {
  succeeded(): void;
}

type LimitServices = Pick<RequestServices, "env" | "clientAddress" | "waitUntil">;

/**
 * Spends one attempt of `action` from the client's network and of its subject (`subject`: the e-mail address for
 * logins, sign-ups and reset requests, the member's id for reports), or answers 429. Both ledgers are asked at once;
 * an attempt the network refuses is given back to the subject, so it never counts against an account.
 */
export async function limitAttempt(services: LimitServices, action: LimitedAction, subject?: string): Promise<Attempt> {
  const limits: { network?: BudgetName; subject?: BudgetName } = ACTIONS[action];
  const network = networkOf(services.clientAddress);
  const budget: SubjectBudget | undefined =
    limits.subject && subject !== undefined ? BUDGETS[limits.subject] : undefined;
  const [byNetwork, bySubject] = await Promise.all([
    limits.network && spend(services, `${limits.network}:network:${network}`, BUDGETS[limits.network]),
    budget &&
      spend(
        services,
        `${limits.subject}:${subject}`,
        budget,
        budget.sparesKnownNetworks ? `network:${network}` : undefined,
      ),
  ]);
  if (byNetwork && !byNetwork.allowed) {
    if (budget && bySubject?.counted) services.waitUntil(bySubject.ledger.returned(budget));
    throw new AppError(429, RATE_LIMIT_MESSAGE);
  }
  if (bySubject && !bySubject.allowed) throw new AppError(429, RATE_LIMIT_MESSAGE);
  return {
    succeeded: () => {
      if (budget && bySubject?.known) {
        services.waitUntil(bySubject.ledger.succeeded(budget, bySubject.known, bySubject.counted));
      }
    },
  };
}

type SubjectBudget = { capacity: number; perMinute: number; sparesKnownNetworks?: boolean };

/** One attempt from the ledger of `key`; `network` (hashed, as the ledger keeps it) for a budget that spares it. */
async function spend(services: LimitServices, key: string, budget: SubjectBudget, network?: string) {
  const [name, known] = await Promise.all([
    keyed(services.env.JWT_SECRET, key),
    network === undefined ? undefined : keyed(services.env.JWT_SECRET, network),
  ]);
  const ledger = services.env.ATTEMPTS.getByName(name);
  const { allowed, counted } = await ledger.attempt(budget, known);
  return { ledger, allowed, counted, known };
}

let hmac: { secret: string; key: Promise<CryptoKey> } | undefined;

/** A ledger's name, or a network an account remembers: a keyed hash, so no ledger holds an address or e-mail. */
async function keyed(secret: string, text: string): Promise<string> {
  if (hmac?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(`attempt-ledgers:${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    hmac = { secret, key };
  }
  const signature = await crypto.subtle.sign("HMAC", await hmac.key, new TextEncoder().encode(text));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
