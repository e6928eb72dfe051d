import type { RequestServices } from "../../context.ts";
import type { MailMessage } from "./message.ts";
import { keepInOutbox, outboxEnabled } from "./outbox.ts";
import { sendWithResend } from "./resend.ts";

/**
 * Sends a message through the configured transport: Resend when its key is set, else the development outbox when
 * it is on. With neither, the message is dropped with a warning in the logs, so a deployment that forgot its key
 * shows up there instead of exposing reset links.
 */
export async function sendMail(
  { env, db, origin }: Pick<RequestServices, "env" | "db" | "origin">,
  message: MailMessage,
): Promise<void> {
  if (env.RESEND_API_KEY) {
    await sendWithResend(message, {
      apiKey: env.RESEND_API_KEY,
      from: env.MAIL_FROM || `MovieBooks <no-reply@${new URL(origin).hostname}>`,
      baseUrl: env.RESEND_API_URL || undefined,
    });
    return;
  }
  if (outboxEnabled(env)) return keepInOutbox(db, message);
  console.warn(`Mail is not configured (set RESEND_API_KEY): "${message.subject}" was not sent.`);
}
