import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context.ts";
import { lookupImageSources } from "../../core/catalog/index.ts";

/**
 * Security headers for every response the Worker makes. Pages get a strict CSP: scripts only from our origin
 * or inline with this request's nonce (React Router's hydration scripts carry it), no plugins, no framing. Images
 * also load from the title providers' image hosts, for the create page's suggestions (decision 020).
 * Vite's dev server injects un-nonced scripts, so development relaxes script-src only.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  // A 304's headers update the browser's stored copy, whose scripts carry the nonce it was sent with.
  if (c.res.status !== 304) setContentSecurityPolicy(c, headers);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
});

function setContentSecurityPolicy(c: Context<AppEnv>, headers: Headers) {
  const scriptSource = import.meta.env.DEV ? "'self' 'unsafe-inline'" : `'self' 'nonce-${c.var.services.nonce}'`;
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${scriptSource}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${lookupImageSources(c.env).join(" ")}`,
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site form posts to page actions. Browsers send Origin on every POST; a request whose Origin
 * is another site is refused before any action runs. (The JSON API uses Bearer tokens, which a cross-site
 * form cannot attach, so it needs no such check.)
 */
export const sameOriginForms = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const fetchSite = c.req.header("Sec-Fetch-Site");
  const crossSite = (origin && origin !== new URL(c.req.url).origin) || fetchSite === "cross-site";
  if (crossSite) return c.text("Cross-site form submissions are not allowed.", 403);
  return next();
});
