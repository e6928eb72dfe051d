export type { MailMessage } from "./message.ts";
export { listOutbox, type OutboxMessage, outboxEnabled } from "./outbox.ts";
export { MAIL_TIMEOUT_MS, RESEND_API_URL, type ResendConfig, sendWithResend } from "./resend.ts";
export { sendMail } from "./send.ts";
