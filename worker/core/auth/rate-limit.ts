import type { Env } from "../../env.ts";
import { AppError } from "../errors.ts";

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/**
 * One budget of login and registration attempts per client address, whichever door they come through.
 * The address is Cloudflare's CF-Connecting-IP (set by the edge in production and by workerd locally).
 */
export async function checkAuthRateLimit(env: Pick<Env, "AUTH_LIMITER">, headers: Headers): Promise<void> {
  const key = headers.get("CF-Connecting-IP") ?? "unknown";
  const { success } = await env.AUTH_LIMITER.limit({ key });
  if (!success) throw new AppError(429, RATE_LIMIT_MESSAGE);
}
