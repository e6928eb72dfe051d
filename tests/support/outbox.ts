import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../worker/db/schema.ts";
import type { TestApp } from "./app.ts";

/** The reset link in a mail's text. */
export function resetLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No reset link in: ${text}`);
  return link;
}

/**
 * The mail sent to an address once there are `count` of them, newest first. Reset mail is sent after the
 * response (waitUntil), so it is waited for, never assumed.
 */
export async function mailTo(app: TestApp, to: string, count = 1) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, to))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${count} mail(s) to ${to} in the outbox.`);
}

/** The token of the newest reset link mailed to an address (the `count`-th mail to it). */
export async function resetTokenFor(app: TestApp, to: string, count = 1): Promise<string> {
  const [newest] = await mailTo(app, to, count);
  return new URL(resetLinkIn(newest!.body)).searchParams.get("token")!;
}
