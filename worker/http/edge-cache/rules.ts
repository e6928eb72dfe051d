import { parse } from "hono/utils/cookie";
import { VISITOR_PAGE_COOKIES } from "../../core/rules/index.ts";

/**
 * What the edge cache may keep and for how long (decision 039), as pure functions of requests and headers. The
 * cache is a shared HTTP cache in front of the app: it keeps a visitor's 200 answers to GET, as their
 * `Cache-Control` says (`s-maxage`, else `max-age`, and `stale-while-revalidate`), under the content version they
 * were rendered at.
 */

/**
 * What a visitor's page or API answer says when the route says nothing: a page is the same for every visitor, so
 * shared caches may keep it for half a minute and serve it stale for two more while they fetch it again; browsers
 * ask again every time (with the ETag, answered 304 when nothing changed).
 */
export const PUBLIC_CONTENT = "public, max-age=0, s-maxage=30, stale-while-revalidate=120";

/** What a member's answer says, whatever the route said: only their browser keeps it, and asks again each time. */
export const PRIVATE_CONTENT = "private, no-cache";

export type CacheKind = "page" | "api";

/**
 * The part of the cache key a request adds, or null when the request must not be answered from the cache (nor
 * its answer stored): anything but GET, a Bearer token, or a cookie a visitor's page is not rendered from
 * (`VISITOR_PAGE_COOKIES`): the session above all, but also any cookie this list does not know yet, which may
 * change the page. A visitor's page is kept per value of the cookies it is rendered from; an API answer per
 * `Origin`, since its CORS headers depend on it.
 */
export function visitorVariant(request: Request, kind: CacheKind): string | null {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const cookies = parse(request.headers.get("Cookie") ?? "");
  const names = Object.keys(cookies).sort();
  if (names.some((name) => !VISITOR_PAGE_COOKIES.includes(name))) return null;
  if (kind === "api") return names.length ? null : `origin=${request.headers.get("Origin") ?? ""}`;
  return names.map((name) => `${name}=${cookies[name]}`).join(";");
}

export interface StoragePolicy {
  /** Seconds the answer is fresh. */
  maxAge: number;
  /** Seconds after that in which it is still served while a fresh one is fetched. */
  staleWhileRevalidate: number;
}

/**
 * How long a shared cache may keep an answer with this `Cache-Control`, or null when it must not keep it at all
 * (`private`, `no-store`, `no-cache`, or no lifetime).
 */
export function storagePolicy(cacheControl: string | null): StoragePolicy | null {
  const directives = new Map(
    (cacheControl ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split("=") as [string, string | undefined])
      .filter(([name]) => name),
  );
  if (!directives.has("public") || ["private", "no-store", "no-cache"].some((name) => directives.has(name)))
    return null;
  const seconds = (name: string) => {
    const value = Number(directives.get(name));
    return Number.isInteger(value) && value >= 0 ? value : null;
  };
  const maxAge = seconds("s-maxage") ?? seconds("max-age");
  const staleWhileRevalidate = seconds("stale-while-revalidate") ?? 0;
  if (maxAge === null || maxAge + staleWhileRevalidate === 0) return null;
  return { maxAge, staleWhileRevalidate };
}

/** A kept answer `ageSeconds` old: fresh (serve it), stale (serve it and fetch it again) or expired (fetch it). */
export function freshness(ageSeconds: number, policy: StoragePolicy): "fresh" | "stale" | "expired" {
  if (ageSeconds < policy.maxAge) return "fresh";
  return ageSeconds < policy.maxAge + policy.staleWhileRevalidate ? "stale" : "expired";
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * A weak ETag for a text body, with the request's CSP nonce left out: two renders of the same page differ only
 * by it, and the browser's copy is revalidated whatever nonce it was sent with.
 */
export async function weakEtag(body: string, nonce: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body.replaceAll(nonce, "")));
  const bytes = new Uint8Array(digest).slice(0, 18);
  return `W/"${btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")}"`;
}

/** Answers worth an ETag and a place in the cache: text, whole, successful. */
export function isTextAnswer(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return response.status === 200 && /^(text\/|application\/(json|xml|atom\+xml))/.test(type);
}
