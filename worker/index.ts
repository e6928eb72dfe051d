import type { Env } from "./env.ts";
import app from "./http/app.ts";
import { scheduled } from "./scheduled.ts";

/** The Worker's entry (wrangler.toml `main`): the Hono app answers every request, and `scheduled.ts` runs the cron. */
export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
