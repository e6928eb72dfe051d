import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context.ts";
import { contentVersionOf, contentVersionStatement } from "../../db/content-version.ts";
import type { Env } from "../../env.ts";
import { isApiPath, isBuildFile, isImagePath } from "../doors.ts";
import {
  type CacheKind,
  etagMatches,
  freshness,
  isTextAnswer,
  PRIVATE_CONTENT,
  PUBLIC_CONTENT,
  storagePolicy,
  visitorVariant,
  weakEtag,
} from "./rules.ts";

/**
 * The edge cache (decision 039): visitors' pages and anonymous API answers kept in the data center's cache
 * (`caches.default`), under the content version they were rendered at, so that a write visitors could see (every
 * such write raises the version, migrations/0022) makes them unreachable; pages also under the assets version of
 * the build that rendered them, so that a deploy changing the files a page names does too. Members and requests
 * with cookies it does not know always pass by it. Every text answer gets a weak ETag and a conditional GET a 304.
 */

/** How the answer was made, for tests, the benchmark and whoever reads the headers. */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";
/**
 * How long this data center trusts the content version it last read, when the write happened elsewhere (another
 * data center, the admin CLI): the longest a cached visitor page outlives a write made there. A write made through
 * this data center sets it aside at once (`markWritten`).
 */
export const CONTENT_VERSION_SECONDS = 5;

// What a kept answer carries for the cache's own use, removed before it is served.
const STORED_AT = "X-Edge-Stored-At";
const STORED_NONCE = "X-Edge-Nonce";
const STORED_VARY = "X-Edge-Vary";
/** When the kept content version was read from the database (ms), or rather just before. */
export const READ_AT = "X-Edge-Read-At";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** This data center's cache (the DOM's `CacheStorage` type, which the project also loads, lacks `default`). */
const edge = () => (caches as CacheStorage & { default: Cache }).default;

/** The requests made to fetch a stale answer again in the background: they skip the lookup and store what they get. */
const refreshes = new WeakSet<Request>();

type AppFetch = (request: Request, env: Env, ctx: Context<AppEnv>["executionCtx"]) => Response | Promise<Response>;

export interface EdgeCacheOptions {
  /** The whole app, which a stale answer's background refresh runs again. */
  appFetch: AppFetch;
  /**
   * The assets version of the build pages are rendered by (React Router's): it changes with any file a page names.
   * A deployed version serves only its own build's files, so a page kept from the build before would name files
   * that are gone (decision 039, addendum): pages are kept per assets version. An API answer names none, and is
   * kept across deploys.
   */
  pageAssetsVersion: () => Promise<string>;
}

export function edgeCache({ appFetch, pageAssetsVersion }: EdgeCacheOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    const path = c.req.path;
    if (!SAFE_METHODS.has(request.method)) {
      await next();
      // Whatever this wrote raised the version; the next visitor here reads it instead of waiting it out. Marked
      // before the answer leaves, so a visitor who asks after it never gets a page from before the write.
      await markWritten(request).catch((error) => console.warn("Edge cache: a write went unmarked", error));
      // And the kept version goes, as it did before writes were marked: should the mark not have been kept, the next
      // visitor here still reads the version again, unless a read that raced this write keeps its own after it.
      c.executionCtx.waitUntil(edge().delete(versionKey(request)));
      return;
    }
    // Images have their own caching (decision 036); the build's files that reach the Worker are missing ones.
    if (isImagePath(path) || isBuildFile(path)) return next();
    // A HEAD answer carries the headers the GET's would (RFC 9110 section 9.3.2): its ETag is the body's, so the GET
    // is what runs, and Hono sends it on without the body.
    if (request.method === "HEAD") return appFetch(new Request(request, { method: "GET" }), c.env, c.executionCtx);
    if (request.method !== "GET") return next();
    const kind: CacheKind = isApiPath(path) ? "api" : "page";
    const variant = visitorVariant(request, kind);
    if (variant === null) {
      await next();
      replaceAnswer(c, await withEtag(c, privately(c.res)));
      c.res.headers.set(EDGE_CACHE_HEADER, "bypass");
      return;
    }
    // The version this data center read last, to look the answer up; else the database's, riding with the page's
    // own reads (decision 040): the answer is then rendered, and kept under the version read with it.
    const [assets, known] = await Promise.all([
      kind === "page" ? pageAssetsVersion().catch(() => undefined) : null,
      keptVersion(c),
    ]);
    // Without the pages' build no page can be rendered; what else answers here (a sitemap) goes uncached.
    if (assets === undefined) return next();
    if (known !== null && !refreshes.has(request)) {
      const kept = await edge().match(cacheKey(request, kind, assets, known, variant));
      const served = kept && (await serveKept(c, kind, kept, appFetch));
      if (served) return served;
    }
    const readAt = Date.now();
    const read =
      known === null
        ? c.var.roundTrips.ride(contentVersionStatement(c.var.services.db)).then(contentVersionOf, () => null)
        : null;
    await next();
    if (!isTextAnswer(c.res)) return;
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", PUBLIC_CONTENT);
    const policy = c.res.headers.has("Set-Cookie") ? null : storagePolicy(c.res.headers.get("Cache-Control"));
    replaceAnswer(c, await withEtag(c, c.res));
    c.res.headers.set(EDGE_CACHE_HEADER, policy ? "miss" : "bypass");
    if (!policy || c.res.status !== 200) return;
    // A page that read nothing (the about page) sends the version read now: one round trip, and then none.
    if (read) c.var.roundTrips.pull();
    const version = known ?? (await read);
    if (version === null) return; // no version (an outage), no cache
    if (known === null) c.executionCtx.waitUntil(keepVersion(c, version, readAt));
    const key = cacheKey(request, kind, assets, version, variant);
    c.res.headers.append("Vary", varyOn(kind));
    const kept = c.res.clone();
    // The key says what the answer varies on here; the header is for the caches downstream, given back when served.
    kept.headers.set(STORED_VARY, c.res.headers.get("Vary") ?? varyOn(kind));
    kept.headers.delete("Vary");
    kept.headers.set(STORED_AT, String(Date.now()));
    kept.headers.set(STORED_NONCE, c.var.services.nonce);
    kept.headers.delete(EDGE_CACHE_HEADER);
    // The cache's own lifetime covers the stale window; freshness is decided from STORED_AT.
    kept.headers.set("Cache-Control", `public, max-age=${policy.maxAge + policy.staleWhileRevalidate}`);
    kept.headers.set("X-Edge-Cache-Control", c.res.headers.get("Cache-Control") ?? PUBLIC_CONTENT);
    c.executionCtx.waitUntil(edge().put(key, kept));
  });
}

/**
 * A kept answer as this request gets it (a 304 when its ETag matches), with this request's nonce in place of the one
 * it was rendered with, or null when it is too old to serve. A stale one is fetched again in the background.
 */
async function serveKept(
  c: Context<AppEnv>,
  kind: CacheKind,
  kept: Response,
  appFetch: AppFetch,
): Promise<Response | null> {
  const cacheControl = kept.headers.get("X-Edge-Cache-Control") ?? PUBLIC_CONTENT;
  const policy = storagePolicy(cacheControl);
  const age = Math.max(0, (Date.now() - Number(kept.headers.get(STORED_AT))) / 1000);
  const state = policy ? freshness(age, policy) : "expired";
  if (state === "expired") return null;
  if (state === "stale") {
    const refresh = new Request(c.req.raw.url, { headers: c.req.raw.headers });
    refreshes.add(refresh);
    // Its answer is stored by the refresh itself; nobody reads it here.
    c.executionCtx.waitUntil(Promise.resolve(appFetch(refresh, c.env, c.executionCtx)).then(() => undefined));
  }
  const headers = new Headers(kept.headers);
  const storedNonce = headers.get(STORED_NONCE) ?? "";
  headers.set("Vary", headers.get(STORED_VARY) ?? varyOn(kind));
  for (const name of [STORED_AT, STORED_NONCE, STORED_VARY, "X-Edge-Cache-Control"]) headers.delete(name);
  headers.set("Cache-Control", cacheControl);
  headers.set("Age", String(Math.floor(age)));
  headers.set(EDGE_CACHE_HEADER, state === "fresh" ? "hit" : "stale");
  const etag = headers.get("ETag");
  if (etag && etagMatches(c.req.header("If-None-Match") ?? null, etag)) return notModified(headers);
  const body = await kept.text();
  const { nonce } = c.var.services;
  return new Response(storedNonce ? body.replaceAll(storedNonce, nonce) : body, { status: 200, headers });
}

/**
 * Puts an answer in place of the route's. Hono's `c.res` setter copies the old answer's headers over a new one, which
 * would give a member's answer back the route's `public` Cache-Control and a 304 every header of the 200: cleared
 * first, the new answer stands as it is.
 */
function replaceAnswer(c: Context<AppEnv>, answer: Response) {
  c.res = undefined;
  c.res = answer;
}

/** The same answer with a weak ETag, or a 304 when the request already has it. */
async function withEtag(c: Context<AppEnv>, response: Response): Promise<Response> {
  if (!isTextAnswer(response) || /no-store/.test(response.headers.get("Cache-Control") ?? "")) return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  const etag = await weakEtag(body, c.var.services.nonce);
  headers.set("ETag", etag);
  if (etagMatches(c.req.header("If-None-Match") ?? null, etag)) return notModified(headers);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** RFC 9110: a 304 carries the validators and caching headers of the 200 it stands for, and no body. */
function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of ["ETag", "Cache-Control", "Vary", "Age", EDGE_CACHE_HEADER]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}

/**
 * What else a shared cache downstream must key a kept answer by: a visitor's page by the cookies (a member's
 * differs), an anonymous API answer by the token.
 */
const varyOn = (kind: CacheKind) => (kind === "api" ? "Authorization" : "Cookie");

/** A member's answer is theirs alone, whatever the route said about sharing it. */
function privately(response: Response): Response {
  const cacheControl = response.headers.get("Cache-Control");
  if (cacheControl && /no-store|private/.test(cacheControl)) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PRIVATE_CONTENT);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The content version this data center read in the last `CONTENT_VERSION_SECONDS`, if it was read after the last
 * write made here. A visitor's request that read the version just before a write committed keeps it just after the
 * write was marked: by when it was read, not when it was kept, it is older than the write, and set aside.
 */
async function keptVersion(c: Context<AppEnv>): Promise<number | null> {
  const [kept, written] = await Promise.all([edge().match(versionKey(c.req.raw)), edge().match(writtenKey(c.req.raw))]);
  if (!kept) return null;
  const readAt = Number(kept.headers.get(READ_AT));
  const writtenAt = written ? Number(await written.text()) : 0;
  const fresh = Date.now() - readAt < CONTENT_VERSION_SECONDS * 1000;
  return fresh && readAt > writtenAt ? Number(await kept.text()) : null;
}

function keepVersion(c: Context<AppEnv>, version: number, readAt: number): Promise<void> {
  const entry = new Response(String(version), {
    headers: { "Cache-Control": `public, max-age=${CONTENT_VERSION_SECONDS}`, [READ_AT]: String(readAt) },
  });
  return edge().put(versionKey(c.req.raw), entry);
}

/** Notes when this data center last wrote; it outlives any version read before it (`keptVersion`). */
function markWritten(request: Request): Promise<void> {
  const entry = new Response(String(Date.now()), {
    headers: { "Cache-Control": `public, max-age=${2 * CONTENT_VERSION_SECONDS}` },
  });
  return edge().put(writtenKey(request), entry);
}

const versionKey = (request: Request) => contentVersionKey(new URL(request.url).origin);
const writtenKey = (request: Request) => `${new URL(request.url).origin}/_edge/content-written`;

/** Where a data center keeps the content version it last read. */
export const contentVersionKey = (origin: string) => `${origin}/_edge/content-version`;

/**
 * Where an answer is kept: this site's origin, the assets version (pages only), the content version, the variant,
 * then the request's own path and query.
 */
function cacheKey(request: Request, kind: CacheKind, assets: string | null, version: number, variant: string): string {
  const url = new URL(request.url);
  const generation = assets === null ? `${version}` : `${encodeURIComponent(assets)}/${version}`;
  return `${url.origin}/_edge/${kind}/${generation}/${encodeURIComponent(variant)}${url.pathname}${url.search}`;
}
