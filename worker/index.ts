import type { Env } from "./env.ts";
import app from "./http/app.ts";
import { scheduled } from "./scheduled.ts";

/**
 * The Worker's entry (wrangler.toml `main`): the Hono app answers every request, `scheduled.ts` runs the cron, and
 * the attempt ledgers are its Durable Object class (decision 027).
 */
export { AttemptLedger } from "./db/attempt-ledger.ts";
export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
