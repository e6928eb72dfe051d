/**
 * `npm run bench`: generate a database of each size, serve each with the local libSQL server behind a counting
 * proxy and a built Worker in workerd against it, log in, and time the pages and API calls that matter at scale,
 * each at every size and distance in turn; then, size by size, the edge cache, each statement and Lighthouse; then
 * write docs/performance.md.
 *
 * Environment:
 * - BENCH_SIZES         comma-separated connection counts (default 1000,100000,1000000)
 * - BENCH_SAMPLES       most samples per endpoint (default 20)
 * - BENCH_SECONDS       time budget per endpoint and size (both distances), in seconds, after which sampling
 *                       stops once the minimum is reached (default 8; slow endpoints get fewer samples)
 * - BENCH_DISTANCE_MS   the simulated distance to the database, in ms per round trip, at which every request is
 *                       also timed, in turn with the database next door (default 80; the counting proxy holds each
 *                       request that long)
 * - BENCH_SKIP_BUILD=1  measure the existing build/ instead of building first
 * - BENCH_OUTPUT        where to write the report (default docs/performance.md)
 * - BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page and size, the median reported (default 5, as Lighthouse's own
 *                       guidance on variability advises; 0 skips Lighthouse)
 * - CHROME_PATH         the Chromium Lighthouse drives (default /usr/bin/chromium)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CountingProxy, startCountingProxy } from "../../tests/support/counting-proxy.ts";
import { type RunningWorker, startWorker } from "../../tests/support/worker.ts";
import { hashPassword } from "../../worker/core/auth/index.ts";
import { SITEMAP_PAGE_SIZE } from "../../worker/core/discovery/index.ts";
import { personPath, personSlug, personWorksPath } from "../../worker/core/rules/index.ts";
import { startLocalDbServer } from "../local-db/server.ts";
import { BENCH_PASSWORD, type Dataset, generateDataset } from "./generate.ts";
import { assignBenchImages, drawBenchImages, uploadBenchImages } from "./images.ts";
import { type LighthouseResult, lighthousePages, startCompressingProxy } from "./lighthouse.ts";
import { nth } from "./lists.ts";
import {
  type EdgeCacheResult,
  type Endpoint,
  measureEdgeCache,
  measureEndpoint,
  pageJavaScript,
  type SamplingPolicy,
} from "./measure.ts";
import { type BenchReport, type SizeRun, sizeLabel, writeReport } from "./report.ts";
import { replayStatements, type StatementTiming } from "./statements.ts";

/** One size's database, served: the counting proxy in front of its local server, and the Worker. */
interface Site {
  size: number;
  file: string;
  dataset: Dataset;
  fileBytes: number;
  proxy: CountingProxy;
  worker: RunningWorker;
  /** The usual viewer's and the heaviest follower's sessions. */
  token: string;
  heavyToken: string;
  deepPage: number;
  lastPage: number;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
process.chdir(ROOT); // the Worker helper reads build/ relative to the working directory

const sizes = (process.env.BENCH_SIZES ?? "1000,100000,1000000")
  .split(",")
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value >= 100)
  .sort((a, b) => a - b);
if (!sizes.length) throw new Error("BENCH_SIZES must list connection counts of at least 100, e.g. 1000,100000");
const policy: SamplingPolicy = {
  maxSamples: Number(process.env.BENCH_SAMPLES ?? 20),
  minSamples: 3,
  budgetMs: Number(process.env.BENCH_SECONDS ?? 8) * 1000,
};
const distanceMs = Number(process.env.BENCH_DISTANCE_MS ?? 80);
const output = path.resolve(process.env.BENCH_OUTPUT ?? "docs/performance.md");
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** Misses and hits sampled per visitor endpoint, at each distance. */
const EDGE_SAMPLES = 7;
/** The deep feed page: page 500, or the last page when the feed is shorter. */
const DEEP_PAGE = 500;
/** A filter value no generated connection has. */
const UNUSED_VALUE = "nothing-matches";

const runStarted = performance.now();
const elapsed = () => `${((performance.now() - runStarted) / 1000).toFixed(0).padStart(4)} s`;
const log = (message: string) => console.log(`[bench ${elapsed()}] ${message}`);

const tempDir = mkdtempSync(path.join(os.tmpdir(), "moviebooks-bench-"));
/** What to stop when the run ends or is interrupted, in the order started (stopped the other way round). */
const started: Array<() => Promise<unknown>> = [];
async function cleanUp() {
  for (const stop of started.splice(0).reverse()) await stop().catch(() => {});
  rmSync(tempDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  build();
  // One PBKDF2 hash for every generated member (it is deliberately slow); they all share the password.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const runs: SizeRun[] = [];
  let javascript: BenchReport["javascript"] = [];
  const images = await drawBenchImages();
  log(
    `sizes ${sizes.map(sizeLabel).join(", ")}; up to ${policy.maxSamples} samples per endpoint, ${policy.budgetMs / 1000} s budget each`,
  );

  // Every size's database first, then every size served at once: each endpoint is then timed at every size and
  // distance in turn, so all of them see the machine as it was. Measured one size after the other, the largest came
  // last, right after its long generation, and read slower than the same sites side by side (decision 043).
  const generated: Array<Pick<Site, "size" | "file" | "dataset" | "fileBytes">> = [];
  for (const size of sizes) {
    const file = path.join(tempDir, `bench-${size}.db`);
    log(`${sizeLabel(size)}: generating ${size.toLocaleString("en")} connections`);
    const dataset = await generateDataset(file, size, passwordHash, (message) => log(message));
    assignBenchImages(file, images);
    const fileBytes = statSync(file).size;
    log(`${sizeLabel(size)}: generated in ${dataset.seconds.toFixed(0)} s (${(fileBytes / 1e6).toFixed(0)} MB)`);
    generated.push({ size, file, dataset, fileBytes });
  }
  const sites: Site[] = [];
  for (const { size, file, dataset, fileBytes } of generated) {
    const db = await startLocalDbServer({ file, port: 0 });
    started.push(() => db.close());
    const proxy = await startCountingProxy(db.url);
    started.push(() => proxy.close());
    const worker = await startWorker({ databaseUrl: proxy.url });
    started.push(() => worker.close());
    await uploadBenchImages(worker.bucket, images);
    const token = await logIn(worker.url, dataset.viewer.email);
    const heavyToken = await logIn(worker.url, dataset.heavyFollower.email);
    const lastPage = await feedPages(worker.url, token);
    const deepPage = Math.max(1, Math.min(DEEP_PAGE, lastPage));
    sites.push({ size, file, dataset, fileBytes, proxy, worker, token, heavyToken, deepPage, lastPage });
    log(`${sizeLabel(size)}: the Worker is up`);
  }

  const loadBefore = nth(os.loadavg(), 0);
  const results = sites.map(() => [] as Awaited<ReturnType<typeof measureEndpoint>>);
  const distant = sites.map(() => [] as Awaited<ReturnType<typeof measureEndpoint>>);
  const lists = sites.map((site) => endpoints(site.dataset, site.deepPage, site.lastPage));
  for (const [index, { label }] of nth(lists, 0).entries()) {
    // Each request is timed with the database next door and far away (each round trip then costs the distance,
    // which is what a visitor far from the database waits for: time to first byte), as the same member.
    const targets = sites.flatMap((site, s) => {
      const endpoint = nth(nth(lists, s), index);
      const auth = { token: endpoint.asHeavyFollower ? site.heavyToken : site.token };
      return [0, distanceMs].map((distance) => ({
        baseUrl: site.worker.url,
        endpoint,
        auth,
        proxy: site.proxy,
        distanceMs: distance,
      }));
    });
    const measured = await measureEndpoint(targets, policy);
    for (const [s, site] of sites.entries()) {
      const near = nth(measured, 2 * s);
      const far = nth(measured, 2 * s + 1);
      nth(results, s).push(near);
      nth(distant, s).push(far);
      log(
        `${sizeLabel(site.size)}: ${label.padEnd(34)} median ${fmt(near.medianMs)} ms, p95 ${fmt(near.p95Ms)} ms (n=${near.samples.length}), ${near.roundTrips} DB round trips, DB ${fmt(near.medianDbMs)} ms; time to first byte ${fmt(near.medianTtfbMs)} ms, at ${distanceMs} ms ${fmt(far.medianTtfbMs)} ms (n=${far.samples.length})`,
      );
    }
  }
  const load: [number, number] = [loadBefore, nth(os.loadavg(), 0)];

  for (const [s, site] of sites.entries()) {
    const { size, dataset, file, proxy } = site;
    const { url } = site.worker;
    // Visitors' pages and anonymous API answers, kept at the edge: a miss and a hit, near and far.
    const edge: Record<"near" | "far", EdgeCacheResult[]> = { near: [], far: [] };
    for (const [where, delay] of [
      ["far", distanceMs],
      ["near", 0],
    ] as const) {
      proxy.setDelay(delay);
      for (const endpoint of edgeEndpoints(dataset)) {
        const result = await measureEdgeCache(url, endpoint, proxy, EDGE_SAMPLES);
        edge[where].push(result);
        log(
          `${sizeLabel(size)}: ${endpoint.label.padEnd(34)} as a visitor at ${delay} ms: miss ${fmt(result.missMs)} ms (${result.missRoundTrips} round trips), hit ${fmt(result.hitMs)} ms (${result.hitRoundTrips}) [${result.answers.join(", ")}]`,
        );
      }
    }
    proxy.setDelay(0);
    // Which statement of a round trip costs what (a page and its count travel in one batch): each distinct
    // statement replayed once against the file, while nothing else uses the database.
    const replayStarted = performance.now();
    const replayed = new Map<string, StatementTiming>();
    for (const result of nth(results, s)) {
      result.statements = result.batches.flat().map((statement) => {
        const key = `${statement.sql}\u0000${JSON.stringify(statement.args)}`;
        let timing = replayed.get(key);
        if (!timing) {
          timing = nth(replayStatements(file, [statement]), 0);
          replayed.set(key, timing);
        }
        return timing;
      });
    }
    log(
      `${sizeLabel(size)}: replayed ${replayed.size} distinct statements in ${((performance.now() - replayStarted) / 1000).toFixed(0)} s`,
    );
    // The JavaScript is the same at every size; read it from the first size's pages.
    if (!javascript.length) {
      javascript = nth(results, s)
        .filter((result) => result.endpoint.kind === "page")
        .map((result) => ({
          label: result.endpoint.label,
          path: result.endpoint.path,
          js: pageJavaScript(result.html, path.join(ROOT, "build/client")),
        }));
    }
    let lighthouse: LighthouseResult[] = [];
    if (lighthouseRuns > 0) {
      const compressing = await startCompressingProxy(url);
      try {
        lighthouse = await lighthousePages(compressing, lighthousePagesOf(dataset, site.token), lighthouseRuns);
      } finally {
        await compressing.close();
      }
      for (const page of lighthouse) {
        log(
          `${sizeLabel(size)}: Lighthouse ${page.label.padEnd(22)} ${page.score} (LCP ${fmt(page.lcpMs)} ms ${page.lcpElement}, CLS ${page.cls.toFixed(3)}, TBT ${fmt(page.tbtMs)} ms)`,
        );
      }
    }
    runs.push({
      dataset,
      lighthouse,
      fileBytes: site.fileBytes,
      deepPage: site.deepPage,
      lastPage: site.lastPage,
      results: nth(results, s).map(({ html: _html, batches: _batches, ...result }) => result),
      distant: nth(distant, s).map(({ html: _html, batches: _batches, ...result }) => result),
      edge,
      load,
    });
  }

  const report: BenchReport = {
    date: new Date(),
    runSeconds: (performance.now() - runStarted) / 1000,
    sizes: runs,
    javascript,
    distanceMs,
  };
  const { misses } = writeReport(output, report);
  const raw = path.join(os.tmpdir(), "moviebooks-bench-results.json");
  writeFileSync(raw, JSON.stringify(report, null, 2));
  log(`wrote ${path.relative(ROOT, output)} (raw samples: ${raw})`);
  log(misses.length ? `budget misses:\n  - ${misses.join("\n  - ")}` : "every budget holds");
} finally {
  await cleanUp();
}

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync("build/server/wrangler.json")) {
    log("using the existing build/ (BENCH_SKIP_BUILD=1)");
    return;
  }
  log("building the Worker (npm run build)");
  const result = spawnSync("npm", ["run", "build"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status === 0) return;
  // Someone else's half-finished edit can break the build; an existing build is still worth measuring.
  if (existsSync("build/server/wrangler.json")) {
    log(`build failed; measuring the existing build/ instead:\n${(result.stderr || result.stdout).slice(-2000)}`);
    return;
  }
  throw new Error(`npm run build failed:\n${result.stderr || result.stdout}`);
}

async function logIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token)
    throw new Error(`login as ${email} failed: ${response.status} ${body.message ?? ""}`);
  return body.token;
}

/** How many feed pages the viewer has (the API says so on page 1). */
async function feedPages(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/connections`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { pages: number };
  return body.pages;
}

function endpoints(dataset: Dataset, deepPage: number, lastPage: number): Endpoint[] {
  const q = (value: string) => encodeURIComponent(value);
  const { filters } = dataset;
  const page = (key: string, label: string, path: string): Endpoint => ({ key, label, kind: "page", path });
  const api = (key: string, label: string, path: string): Endpoint => ({ key, label, kind: "api", path });
  const file = (key: string, label: string, path: string): Endpoint => ({ key, label, kind: "file", path });
  // The middle child sitemap of connections: a page's cost must not depend on how far into the table it is.
  const sitemapPage = Math.max(1, Math.ceil(dataset.size / 2 / SITEMAP_PAGE_SIZE));
  // The whole feed is asked for by name: the viewer follows members, so their home opens on Following.
  const everyone = (query = "") => `/?feed=everyone${query ? `&${query}` : ""}`;
  const heavy = (endpoint: Endpoint): Endpoint => ({
    ...endpoint,
    asHeavyFollower: true,
    asks: `${dataset.heavyFollower.follows} follows`,
  });
  return [
    { ...page("feed", "Feed, page 1", everyone()), display: "/?feed=everyone" },
    {
      ...page("feed-deep", "Feed, deep page", everyone(`page=${deepPage}`)),
      display: `/?feed=everyone&page=${DEEP_PAGE} (or the last)`,
      asks: `page ${deepPage}`,
    },
    page("filter-movie-genre", "Feed filter: movieGenre", everyone(`movieGenre=${q(filters.movieGenre)}`)),
    page("filter-director", "Feed filter: director", everyone(`director=${q(filters.director)}`)),
    page("filter-actor", "Feed filter: actor", everyone(`actor=${q(filters.actor)}`)),
    page("filter-book-genre", "Feed filter: bookGenre", everyone(`bookGenre=${q(filters.bookGenre)}`)),
    page("filter-author", "Feed filter: author", everyone(`author=${q(filters.author)}`)),
    page("filter-tags", "Feed filter: tags", everyone(`tags=${q(filters.tags)}`)),
    // The worst case for a filter read newest first: nothing matches, so every candidate is looked at.
    page("filter-unused-tag", "Feed filter: unused tag", everyone(`tags=${q(UNUSED_VALUE)}`)),
    page("filter-unused-actor", "Feed filter: unused actor", everyone(`actor=${q(UNUSED_VALUE)}`)),
    page("filter-unused-genre", "Feed filter: unused movieGenre", everyone(`movieGenre=${q(UNUSED_VALUE)}`)),
    // Decision 031: this week's likes and comments first, over the whole feed and deep into it.
    page("feed-top", "Feed: top this week", everyone("sort=top")),
    page("feed-discussed", "Feed: most discussed", everyone("sort=discussed")),
    {
      ...page("feed-top-deep", "Feed: top this week, deep page", everyone(`sort=top&page=${deepPage}`)),
      display: `/?feed=everyone&sort=top&page=${DEEP_PAGE} (or the last)`,
      asks: `page ${deepPage}`,
    },
    page(
      "feed-top-filter",
      "Feed: top this week + movieGenre",
      everyone(`sort=top&movieGenre=${q(filters.movieGenre)}`),
    ),
    // Following: the viewer's (a few followed members), then the member who follows the most (up to 500 of the
    // most active members: the most rows to choose from).
    page("following", "Following, page 1", "/?feed=following"),
    heavy(page("following-heavy", "Following, page 1 (heaviest follower)", "/?feed=following")),
    heavy(page("following-heavy-deep", "Following, page 50 (heaviest follower)", "/?feed=following&page=50")),
    heavy(page("following-heavy-top", "Following, top (heaviest follower)", "/?feed=following&sort=top")),
    heavy(
      page(
        "following-heavy-filter",
        "Following + movieGenre (heaviest follower)",
        `/?feed=following&movieGenre=${q(filters.movieGenre)}`,
      ),
    ),
    page("search-common", "Search, common term", `/search?q=${q(dataset.commonTerm)}`),
    page("search-rare", "Search, rare term", `/search?q=${q(dataset.rareTerm)}`),
    page("connection", "Connection detail", `/connections/${dataset.connectionId}`),
    page("profile", "Profile (active member)", `/users/${dataset.profileUserId}`),
    page("profile-top", "Profile (most active member)", `/users/${dataset.topUserId}`),
    page("notifications", "Notifications", "/notifications"),
    // The most featured director and actor: the person pages with the most connections to page through.
    page("person-director", "Person page (top director)", personPath(personSlug(filters.director))),
    page("person-actor", "Person page (top actor)", personPath(personSlug(filters.actor))),
    // Their whole filmography a page at a time (decision 044): the first page, and page 20 (works 913 to 960).
    page("person-films", "Person's films (top actor)", personWorksPath(personSlug(filters.actor), "film")),
    page(
      "person-films-deep",
      "Person's films, page 20 (top actor)",
      `${personWorksPath(personSlug(filters.actor), "film")}?page=20`,
    ),
    file("sitemap-index", "Sitemap index", "/sitemap.xml"),
    {
      ...file("sitemap-page", "Sitemap page (connections, middle)", `/sitemaps/connections-${sitemapPage}.xml`),
      display: "/sitemaps/connections-<middle>.xml",
      asks: `${Math.min(SITEMAP_PAGE_SIZE, dataset.size)} connections`,
    },
    file("feed-site", "Atom feed, site", "/feed.xml"),
    file("feed-tag", "Atom feed, tag", `/tags/${q(filters.tags)}/feed.xml`),
    api("api-feed", "API feed, page 1", "/api/connections"),
    {
      ...api("api-feed-last", "API feed, last page", `/api/connections?pageNumber=${lastPage}`),
      display: "/api/connections?pageNumber=<last>",
    },
    api("api-popular-tags", "API popular tags", "/api/connections/popular-tags"),
    api("api-feed-following", "API feed, Following", "/api/connections?feed=following"),
    {
      ...api(
        "api-feed-top-last",
        "API feed, top this week, last page",
        `/api/connections?sort=top&pageNumber=${lastPage}`,
      ),
      display: "/api/connections?sort=top&pageNumber=<last>",
    },
    api("api-person", "API person (top director)", `/api${personPath(personSlug(filters.director))}`),
    // Providers are unreachable in the bench (a closed port), so this is the local catalog's part of a lookup.
    api(
      "api-lookup-movie",
      "API title lookup, movie (common word)",
      `/api/catalog/lookup?type=movie&q=${q(dataset.commonTerm)}`,
    ),
    api(
      "api-lookup-book",
      "API title lookup, book (common word)",
      `/api/catalog/lookup?type=book&q=${q(dataset.commonTerm)}`,
    ),
  ];
}

/** The pages Lighthouse scores: what a visitor lands on and reads, and the feed a member comes back to. */
function lighthousePagesOf(dataset: Dataset, token: string) {
  return [
    { label: "Landing (visitor)", path: "/" },
    { label: "Feed (member)", path: "/", cookie: `mb_session=${token}` },
    { label: "Connection (visitor)", path: `/connections/${dataset.connectionId}` },
    { label: "Profile (visitor)", path: `/users/${dataset.profileUserId}` },
  ];
}

/** What visitors ask for most: the feed, a connection, a profile, a common search, and the API's feed. */
function edgeEndpoints(dataset: Dataset): Endpoint[] {
  const page = (key: string, label: string, path: string): Endpoint => ({ key, label, kind: "page", path });
  return [
    page("feed", "Feed, page 1", "/"),
    page("connection", "Connection detail", `/connections/${dataset.connectionId}`),
    page("profile", "Profile (active member)", `/users/${dataset.profileUserId}`),
    page("search-common", "Search, common term", `/search?q=${encodeURIComponent(dataset.commonTerm)}`),
    { key: "api-feed", label: "API feed, page 1", kind: "api", path: "/api/connections" },
  ];
}

function fmt(value: number) {
  return value >= 100 ? Math.round(value).toLocaleString("en") : value.toFixed(1);
}
