import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context.ts";

/**
 * How long a browser may reuse a preflight's answer. Ten minutes: few preflights for a busy client, and an origin
 * taken off `CORS_ORIGINS` loses access soon after.
 */
const PREFLIGHT_MAX_AGE = 600;

/** Hono's CORS answer, for origins already found in the allowlist (API.md "General rules"). */
const answerAllowedOrigin = cors({
  origin: (origin) => origin,
  allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  // Idempotency-Key makes a retried post one post; a client reads Idempotent-Replayed to tell a retry's answer.
  allowHeaders: ["Authorization", "Content-Type", "Idempotency-Key"],
  exposeHeaders: ["Idempotent-Replayed"],
  maxAge: PREFLIGHT_MAX_AGE,
});

/**
 * CORS for `/api` from the comma-separated `CORS_ORIGINS` (API.md "For other clients and the open web"). An
 * allowed origin's preflight is answered 204 and its responses carry `Access-Control-Allow-Origin`. Any other
 * request, a preflight from an origin not on the list included, goes on exactly as a same-origin one would, with
 * no CORS header at all: Hono's middleware alone would still answer such a preflight 204 with the allowed methods
 * and headers. Every answer says `Vary: Origin`, so no cache hands one origin's answer to another.
 */
export const corsFromAllowlist = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin && allowedOrigins(c.env.CORS_ORIGINS).has(origin)) return answerAllowedOrigin(c, next);
  await next();
  c.header("Vary", "Origin", { append: true });
});

let parsed: { source: string | undefined; origins: Set<string> } = { source: undefined, origins: new Set() };

/**
 * The configured origins, each as browsers serialise an Origin header (`https://app.example`: no path, no trailing
 * slash, lower-case host). Entries that are no http(s) origin are ignored. Parsed again only when the setting
 * changes.
 */
function allowedOrigins(source: string | undefined): Set<string> {
  if (parsed.source !== source) {
    const origins = new Set<string>();
    for (const entry of (source ?? "").split(",")) {
      const url = URL.parse(entry.trim());
      if (url && (url.protocol === "https:" || url.protocol === "http:")) origins.add(url.origin);
    }
    parsed = { source, origins };
  }
  return parsed.origins;
}
