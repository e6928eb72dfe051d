import type { Env } from "../../env.ts";
import { AppError } from "../errors.ts";

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/** The client address: Cloudflare's CF-Connecting-IP (set by the edge in production and by workerd locally). */
export function clientAddress(headers: Headers): string {
  return headers.get("CF-Connecting-IP") ?? "unknown";
}

/** Spends one attempt of `key`'s budget; 429 when it is used up. */
export async function limitAttempts(limiter: RateLimit, key: string): Promise<void> {
  const { success } = await limiter.limit({ key });
  if (!success) throw new AppError(429, RATE_LIMIT_MESSAGE);
}

/**
 * One budget per client address for everything that checks a password (login, registration, password change,
 * account deletion, reset), whichever door it comes through.
 */
export function checkAuthRateLimit(env: Pick<Env, "AUTH_LIMITER">, headers: Headers): Promise<void> {
  return limitAttempts(env.AUTH_LIMITER, clientAddress(headers));
}
