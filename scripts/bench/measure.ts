/**
 * The measuring instruments: round trips and time spent in the database per page (read from the counting proxy
 * in front of the local database server, tests/support/counting-proxy.ts), a timer for HTTP requests to the
 * Worker, and the gzipped JavaScript a page references.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { CountingProxy, DbRequest } from "../../tests/support/counting-proxy.ts";
import { type CapturedStatement, describeStatements, statementsOf } from "./hrana.ts";
import { nth } from "./lists.ts";
import type { StatementTiming } from "./statements.ts";

// ---------------------------------------------------------------------------------------------------------
// Database round trips

export interface DbCounts {
  /** Every HTTP request the Worker made to the database (each one is a network round trip to Turso). */
  requests: number;
  /** Of those, protocol requests carrying SQL (POST /v2/pipeline, /v3/pipeline, /v3/cursor). */
  pipelines: number;
  /** Time the database spent on these requests, summed (each one's own time, queueing left out: DbRequest.ms). */
  dbMs: number;
  /** Each database request: its own time (as above), its wall time including queueing, and what it asked. */
  calls: Array<{ ms: number; wallMs: number; what: string }>;
  /**
   * Database requests that failed (no answer, or a 5xx). A page can still answer 200 after one (the sidebar
   * shows an error instead of its tags), so such samples are treated as failures too.
   */
  failures: number;
}

const PIPELINE = /^\/v[23]\/(pipeline|cursor)/;

function isPipeline(request: DbRequest): boolean {
  return request.method === "POST" && PIPELINE.test(request.url);
}

/** The counts of one window of the proxy's requests. */
function dbCounts(requests: DbRequest[]): DbCounts {
  return {
    requests: requests.length,
    pipelines: requests.filter(isPipeline).length,
    dbMs: requests.reduce((total, request) => total + request.ms, 0),
    calls: requests.map((request) => ({
      ms: request.ms,
      wallMs: request.wallMs,
      what: isPipeline(request) ? describeStatements(request.sql) : `${request.method} ${request.url}`,
    })),
    failures: requests.filter((request) => request.failed).length,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Timing

export interface Endpoint {
  key: string;
  label: string;
  /** The path as shown in the report, when it differs by size (e.g. the deep page number). */
  display?: string;
  /**
   * Pages are requested with the session cookie, API calls with the Bearer token; files (feeds, sitemaps) are the
   * same for everyone and read no viewer, but are sent the cookie as a browser would.
   */
  kind: "page" | "file" | "api";
  path: string;
  /** Requested as the member who follows the most others (the Following feed's worst case), not the usual viewer. */
  asHeavyFollower?: boolean;
  /**
   * What the request asks for, where that differs by size (the deep page's number, how many connections the middle
   * sitemap page lists, how many members the heaviest follower follows). Growth is judged from the smallest size
   * that asks the same as the largest: a 1k site has no page 500 and no full sitemap page, and a larger answer is
   * not the same request grown slower.
   */
  asks?: string;
}

export interface Sample {
  ms: number;
  /** Time to the response's first byte of body (its headers when it has none): what a visitor waits for. */
  ttfbMs: number;
  db: DbCounts;
}

export interface EndpointResult {
  endpoint: Endpoint;
  samples: Sample[];
  /** Failed attempts (retried), e.g. a dropped database connection. */
  errors: string[];
  medianMs: number;
  p95Ms: number;
  medianTtfbMs: number;
  medianDbMs: number;
  /** Round trips of one request (the largest seen; they are the same for every sample of a page). */
  roundTrips: number;
  pipelines: number;
  bytes: number;
  /** The statements of one request, replayed one by one against the file (statements.ts). */
  statements: StatementTiming[];
}

export interface SamplingPolicy {
  /** Samples are taken until this many… */
  maxSamples: number;
  /** …or until the time budget is spent, but never fewer than this… */
  minSamples: number;
  /**
   * …unless one request takes more than half the budget: then as many as fit, at least one. The budget is per site
   * (the targets of one Worker): an endpoint timed at three sizes gets three times as long.
   */
  budgetMs: number;
}

/** A request slower than this needs no warm-up: JIT and cache effects are noise next to its queries. */
const NO_WARMUP_ABOVE_MS = 5000;
/** Failed requests (non-200) are retried this often per endpoint before the run gives up. */
const MAX_ERRORS = 3;

export async function fetchTimed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  let ttfbMs = performance.now() - started;
  const chunks: Uint8Array[] = [];
  if (response.body) {
    let first = true;
    for await (const chunk of response.body) {
      if (first) ttfbMs = performance.now() - started;
      first = false;
      chunks.push(chunk);
    }
  }
  const body = Buffer.concat(chunks).toString("utf8");
  return { ms: performance.now() - started, ttfbMs, status: response.status, headers: response.headers, body };
}

type Measured = EndpointResult & { html: string; batches: CapturedStatement[][] };

/** One way of asking for an endpoint: a site (one database size's Worker), as whom, and at what distance. */
export interface Target {
  baseUrl: string;
  endpoint: Endpoint;
  /** Without it, as a visitor: no cookie, no token. */
  auth: { token: string } | null;
  /** The counting proxy in front of this site's database. */
  proxy: CountingProxy;
  /** The proxy's delay per round trip while this target's requests run (0: the database next door). */
  distanceMs: number;
}

/**
 * Samples one endpoint at every target, one request at each in turn, the order reversed every other round. In turn,
 * the targets see the same machine: run as passes minutes apart, one page's medians at two distances differed by
 * 72–99 ms for an 80 ms distance, and its medians at two sizes by up to 15 ms more than the same two sites side by
 * side (docs/performance.md, decision 043). Returns one result per target, in their order; the policy counts rounds
 * (one request at every target), and its time budget is per site.
 */
export async function measureEndpoint(targets: readonly Target[], policy: SamplingPolicy): Promise<Measured[]> {
  // Each target's own failed attempts; `MAX_ERRORS` applies to each.
  const errors = targets.map(() => [] as string[]);
  const once = async (
    index: number,
    distanceMs = nth(targets, index).distanceMs,
  ): Promise<{ ms: number; ttfbMs: number; body: string; db: DbCounts; requests: DbRequest[] }> => {
    const target = nth(targets, index);
    const { proxy, endpoint } = target;
    const failed = nth(errors, index);
    proxy.setDelay(distanceMs);
    proxy.reset();
    const result = await fetchTimed(`${target.baseUrl}${endpoint.path}`, headersFor(target));
    const requests = await proxy.settle();
    proxy.setDelay(0);
    const db = dbCounts(requests);
    if (result.status === 200 && db.failures === 0) return { ...result, db, requests };
    failed.push(
      db.failures
        ? `${db.failures} failed database request(s), page answered ${result.status}`
        : `${result.status}: ${result.body.replace(/\s+/g, " ").slice(0, 200)}`,
    );
    if (failed.length >= MAX_ERRORS) {
      throw new Error(
        `${endpoint.label}: GET ${target.baseUrl}${endpoint.path} failed ${failed.length} times:\n  ${failed.join("\n  ")}`,
      );
    }
    return once(index, distanceMs);
  };

  // Warm-up, each site once (with the database next door): the first request after start-up pays for JIT
  // compilation and cold caches. Two for fast endpoints, one for slower ones, none when a request takes seconds
  // (the first one is then a sample of the site's target next door, if it has one).
  const samples: Sample[][] = targets.map(() => []);
  const last = targets.map(() => undefined as Awaited<ReturnType<typeof once>> | undefined);
  let counted = 0; // ms of warm-up requests kept as samples, which count against the budget
  const warmed = new Set<string>();
  for (const [index, target] of targets.entries()) {
    const site = `${target.baseUrl}${target.endpoint.path}`;
    if (warmed.has(site)) continue;
    warmed.add(site);
    const first = await once(index, 0);
    const near = targets.findIndex((other) => other.baseUrl === target.baseUrl && other.distanceMs === 0);
    if (first.ms >= NO_WARMUP_ABOVE_MS && near >= 0) {
      nth(samples, near).push({ ms: first.ms, ttfbMs: first.ttfbMs, db: first.db });
      last[near] = first;
      counted += first.ms;
    } else if (first.ms < 1000) await once(index, 0);
  }
  const started = performance.now() - counted;

  const rounds = () => Math.min(...samples.map((taken) => taken.length));
  const spent = () => performance.now() - started;
  const slow = () => samples.some((taken) => taken.some((sample) => sample.ms > policy.budgetMs / 2));
  const budgetMs = policy.budgetMs * warmed.size;
  while (
    rounds() < policy.maxSamples &&
    (spent() < budgetMs || (rounds() < policy.minSamples && !slow()) || rounds() === 0)
  ) {
    const round = rounds();
    const order = targets.map((_, index) => index);
    if (round % 2) order.reverse();
    for (const index of order) {
      const taken = nth(samples, index);
      if (taken.length > round) continue;
      const result = await once(index);
      taken.push({ ms: result.ms, ttfbMs: result.ttfbMs, db: result.db });
      last[index] = result;
    }
  }
  return samples.map((taken, index) => {
    const target = nth(targets, index);
    const final = last[index];
    if (!final) throw new Error(`${target.endpoint.label}: no sample at ${target.baseUrl}, ${target.distanceMs} ms`);
    const times = taken.map((sample) => sample.ms);
    return {
      endpoint: target.endpoint,
      samples: taken,
      errors: nth(errors, index),
      medianMs: median(times),
      p95Ms: percentile(times, 0.95),
      medianTtfbMs: median(taken.map((sample) => sample.ttfbMs)),
      medianDbMs: median(taken.map((sample) => sample.db.dbMs)),
      roundTrips: Math.max(...taken.map((sample) => sample.db.requests)),
      pipelines: Math.max(...taken.map((sample) => sample.db.pipelines)),
      bytes: Buffer.byteLength(final.body),
      statements: [],
      html: final.body,
      batches: final.requests.filter(isPipeline).flatMap((request) => statementsOf(request.body)),
    };
  });
}

/** Pages are asked for with the session cookie, API calls with the Bearer token. */
function headersFor({ auth, endpoint }: Target): Record<string, string> {
  if (!auth) return {};
  return endpoint.kind === "api" ? { authorization: `Bearer ${auth.token}` } : { cookie: `mb_session=${auth.token}` };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? nth(sorted, middle) : (nth(sorted, middle - 1) + nth(sorted, middle)) / 2;
}

/** Nearest-rank percentile (with few samples, p95 is simply the slowest). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return nth(sorted, Math.max(0, Math.ceil(p * sorted.length) - 1));
}

// ---------------------------------------------------------------------------------------------------------
// JavaScript per page

export interface PageJavaScript {
  files: string[];
  rawBytes: number;
  /** The script files, each gzipped on its own. */
  gzipBytes: number;
  /**
   * Of those, the framework file (React, React DOM, the scheduler and React Router: `vite.config.ts`'s framework
   * group). It is the same on every page, so what a page adds is the rest (decision 037).
   */
  frameworkGzipBytes: number;
  /** Inline code in the HTML (React Router's manifest and bootstrap, scroll restoration), gzipped. */
  inlineCodeGzipBytes: number;
  /** Inline loader data for hydration (it grows with the page's content, not with the code), gzipped. */
  inlineDataGzipBytes: number;
}

/** The file `vite.config.ts` names for its framework group (`[name]-[hash].js`). */
const FRAMEWORK_FILE = /\/framework-[^/]+\.js$/;

/**
 * The JavaScript a page loads up front: every script the HTML references (module preloads, module scripts,
 * and the modules its inline bootstrap imports), plus their static imports, transitively. Lazy `import()`
 * chunks are not counted, since the page does not load them until they are needed. Each file is gzipped on
 * its own (default level), as a server would send it.
 */
export function pageJavaScript(html: string, clientDir: string): PageJavaScript {
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (url: string) => {
    const clean = url.replace(/[?#][\s\S]*$/, "");
    if (!clean.startsWith("/") || !clean.endsWith(".js") || seen.has(clean)) return;
    seen.add(clean);
    queue.push(clean);
  };

  for (const tag of html.match(/<(?:link|script)\b[^>]*>/g) ?? []) {
    const isModuleLink = /^<link/.test(tag) && /rel="modulepreload"/.test(tag);
    const isScript = /^<script/.test(tag);
    const url = /(?:href|src)="([^"]+)"/.exec(tag)?.[1];
    if (url && (isModuleLink || isScript)) add(url);
  }
  // Inline module scripts import the entry and route modules by absolute path.
  let inlineCodeGzipBytes = 0;
  let inlineDataGzipBytes = 0;
  for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    for (const [, imported] of script.matchAll(/(?:from|import)\s*["'](\/[^"']+\.js)["']/g))
      if (imported) add(imported);
    const body = script.replace(/^<script\b[^>]*>/, "").replace(/<\/script>$/, "");
    if (!body.trim()) continue;
    const size = gzipSync(body).length;
    if (body.includes("streamController.enqueue(")) inlineDataGzipBytes += size;
    else inlineCodeGzipBytes += size;
  }

  let rawBytes = 0;
  let gzipBytes = 0;
  let frameworkGzipBytes = 0;
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    const source = readFileSync(path.join(clientDir, url));
    const gzipped = gzipSync(source).length;
    rawBytes += source.length;
    gzipBytes += gzipped;
    if (FRAMEWORK_FILE.test(url)) frameworkGzipBytes += gzipped;
    for (const [, target] of source.toString("utf8").matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) {
      if (target) add(target.startsWith("/") ? target : path.posix.join(path.posix.dirname(url), target));
    }
  }
  return { files: [...seen], rawBytes, gzipBytes, frameworkGzipBytes, inlineCodeGzipBytes, inlineDataGzipBytes };
}

// ---------------------------------------------------------------------------------------------------------
// The edge cache, as a visitor meets it

export interface EdgeCacheResult {
  endpoint: Endpoint;
  /** Median time to first byte of a miss (a query string the cache has not seen) and of a hit. */
  missMs: number;
  hitMs: number;
  /** Database round trips of one miss and of one hit. */
  missRoundTrips: number;
  hitRoundTrips: number;
  /** How the samples were answered (`X-Edge-Cache`), to show the hits were hits. */
  answers: string[];
}

/**
 * A visitor's request `samples` times as a miss (a query parameter the page ignores but the cache key includes)
 * and as a hit (the same address again, once it is kept).
 */
export async function measureEdgeCache(
  baseUrl: string,
  endpoint: Endpoint,
  proxy: CountingProxy,
  samples: number,
): Promise<EdgeCacheResult> {
  const url = `${baseUrl}${endpoint.path}`;
  const once = async (address: string) => {
    proxy.reset();
    const started = performance.now();
    const response = await fetch(address, { redirect: "manual" });
    let ttfbMs = performance.now() - started;
    const reader = response.body?.getReader();
    const first = await reader?.read();
    if (first && !first.done) ttfbMs = performance.now() - started;
    while (reader && !(await reader.read()).done);
    const requests = await proxy.settle();
    if (response.status !== 200) throw new Error(`${endpoint.label}: GET ${address} answered ${response.status}`);
    return { ttfbMs, trips: requests.length, answer: response.headers.get("X-Edge-Cache") ?? "none" };
  };
  const misses = [];
  const hits = [];
  await once(url); // keeps it
  for (let sample = 0; sample < samples; sample++) {
    const separator = url.includes("?") ? "&" : "?";
    misses.push(await once(`${url}${separator}bench=${Date.now()}-${sample}`));
    hits.push(await once(url));
  }
  return {
    endpoint,
    missMs: median(misses.map((sample) => sample.ttfbMs)),
    hitMs: median(hits.map((sample) => sample.ttfbMs)),
    missRoundTrips: Math.max(...misses.map((sample) => sample.trips)),
    hitRoundTrips: Math.min(...hits.map((sample) => sample.trips)),
    answers: [...new Set([...misses, ...hits].map((sample) => sample.answer))],
  };
}
