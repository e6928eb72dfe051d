import { createClient } from "@libsql/client/web";
import { ageWeekCounts, forgetIdempotencyKeys } from "./core/connections/index.ts";
import { sweepStagedImages } from "./core/images/index.ts";
import { createDatabase } from "./db/client.ts";
import type { Env } from "./env.ts";

/**
 * The Worker's cron (wrangler.toml `[triggers]`, hourly; decision 030): deletes the staged images no write claimed
 * within a day, so a form abandoned after an error leaves nothing in R2, forgets idempotency keys past their day,
 * and ages the ranked sorts' week counts (decision 031's addendum). The time is the event's, so a test can run the
 * sweep as if a day had passed; the aging never goes past the real clock.
 */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  try {
    const db = createDatabase(client);
    const now = controller.scheduledTime;
    const swept = await sweepStagedImages({ db, bucket: env.IMAGES }, now);
    await forgetIdempotencyKeys(db, now);
    await ageWeekCounts(db, now);
    if (swept) console.log(`Deleted ${swept} staged image(s) no write claimed`);
  } finally {
    client.close();
  }
}
