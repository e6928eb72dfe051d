import type { MailMessage } from "./message.ts";

export const RESEND_API_URL = "https://api.resend.com";

/** Long enough for a healthy provider, short enough that a hung one frees the Worker well inside its limits. */
export const MAIL_TIMEOUT_MS = 10_000;

export interface ResendConfig {
  apiKey: string;
  /** `Name <address>` on a domain verified with Resend. */
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Sends one message through Resend's HTTP API (`POST /emails`, Bearer key, JSON `{from, to, subject, text}`;
 * 200 `{id}`). Throws on a refusal, a network failure or the time limit, so the caller can log it; nothing is
 * retried, because a reset link can simply be asked for again.
 */
export async function sendWithResend(message: MailMessage, config: ResendConfig): Promise<string> {
  const response = await fetch(`${config.baseUrl ?? RESEND_API_URL}/emails`, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ from: config.from, to: [message.to], subject: message.subject, text: message.text }),
    signal: AbortSignal.timeout(config.timeoutMs ?? MAIL_TIMEOUT_MS),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`Resend refused the message (${response.status}): ${body.slice(0, 300)}`);
  const { id } = JSON.parse(body) as { id?: unknown };
  if (typeof id !== "string") throw new Error(`Resend answered without a message id: ${body.slice(0, 300)}`);
  return id;
}
