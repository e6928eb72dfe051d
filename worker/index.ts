/**
 * The Worker's entry (wrangler.toml `main`): the Hono app in `http/app.ts` answers every request; the attempt
 * ledgers are its Durable Object class (decision 027).
 */
export { AttemptLedger } from "./db/attempt-ledger.ts";
export { default } from "./http/app.ts";
