import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context.ts";
import { checkAuthRateLimit } from "../../core/auth/index.ts";

/** API.md 429: the per-address budget of everything that checks a password. */
export const authRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await checkAuthRateLimit(c.env, c.req.raw.headers);
  await next();
});
