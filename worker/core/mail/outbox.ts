import { desc } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import { newId } from "../ids.ts";
import type { MailMessage } from "./message.ts";

/** How many messages /dev/outbox shows. */
export const OUTBOX_PAGE = 50;

/** The development outbox is on only when asked for and no real provider is configured. */
export function outboxEnabled(env: Pick<Env, "MAIL_OUTBOX" | "RESEND_API_KEY">): boolean {
  return env.MAIL_OUTBOX === "on" && !env.RESEND_API_KEY;
}

export async function keepInOutbox(db: Database, message: MailMessage): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ id: newId(), recipient: message.to, subject: message.subject, body: message.text });
}

export interface OutboxMessage extends MailMessage {
  _id: string;
  createdAt: string;
}

/** The newest messages first. */
export async function listOutbox(db: Database): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_PAGE);
  return rows.map((row) => ({
    _id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
