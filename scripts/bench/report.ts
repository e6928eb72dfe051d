/**
 * Turns the measurements into docs/performance.md: the machine, the datasets, one table of server times
 * across sizes with round trips and budget checks, the JavaScript per page, and the budget verdicts. The
 * hand-written analysis between the ANALYSIS markers survives re-runs, so the numbers can be refreshed
 * without losing the explanation (re-read it against the new numbers, though).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import type { Dataset } from "./generate.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import { last, nth } from "./lists.ts";
import { type EdgeCacheResult, type Endpoint, type EndpointResult, median, type PageJavaScript } from "./measure.ts";

export const BUDGETS = {
  /** No endpoint's median may grow more than this from the smallest to the largest size. */
  growth: 2,
  /** Database round trips for any page, the session check included (decision 040). */
  roundTrips: 1,
  /** Gzipped JavaScript of the feed page (files and inline code), in bytes (kB = 1000 bytes). */
  feedJsBytes: 115_000,
  /** …and of any other page. */
  pageJsBytes: 120_000,
  /** Lighthouse's performance score, mobile profile, for every page it is run on. */
  lighthouseScore: 95,
  /** A page's median time to first byte with the database far away, beyond the distance itself, at the largest size. */
  beyondDistanceMs: 40,
};

export interface SizeRun {
  dataset: Dataset;
  /** Database file size in bytes, after generation. */
  fileBytes: number;
  /** The page number used as the "deep" feed page, and the last page, at this size. */
  deepPage: number;
  lastPage: number;
  results: EndpointResult[];
  /** Lighthouse on a few pages (empty when skipped with BENCH_LIGHTHOUSE_RUNS=0). */
  lighthouse: LighthouseResult[];
  /** The same endpoints with every database round trip delayed by the report's `distanceMs`, sampled in turn with `results`. */
  distant: EndpointResult[];
  /** Visitors' requests through the edge cache, missed and hit, with the database near and far. */
  edge: Record<"near" | "far", EdgeCacheResult[]>;
  /**
   * One-minute load average when the endpoints' timing started and ended (the same for every size, timed in turn;
   * other work on the machine skews timings).
   */
  load: [number, number];
}

export interface BenchReport {
  date: Date;
  runSeconds: number;
  sizes: SizeRun[];
  javascript: Array<{ label: string; path: string; js: PageJavaScript }>;
  /** The simulated distance to the database of the far samples (ms per round trip). */
  distanceMs: number;
}

/** Queries faster than this at every size are not judged on growth (overhead and noise dominate). */
const QUIET_MS = 20;
/**
 * Requests every member page makes; the per-query tables list them once per viewer, since what they cost follows
 * whom the viewer follows: the heaviest follower's popular tags add the kept tag counts of every private member
 * they follow.
 */
const SHARED_QUERIES = new Set(["viewer", "popular tags"]);
const sharedLabel = (endpoint: Endpoint) =>
  endpoint.asHeavyFollower ? "every page of the heaviest follower" : "every member page";

/**
 * The first size whose request asks the same as the largest's (`Endpoint.asks`): where growth is judged from. Null
 * when no smaller size does, so the row cannot be judged (it is reported as such, never as holding).
 */
function growthBase(perSize: EndpointResult[]): number | null {
  const asked = last(perSize).endpoint.asks;
  const base = perSize.findIndex((result) => result.endpoint.asks === asked);
  return base < perSize.length - 1 ? base : null;
}

const NOT_JUDGED = "**not judged** (no smaller size asks the same)";

function growthText(growth: number, base: number, sizes: SizeRun[]): string {
  return base === 0
    ? `×${growth.toFixed(1)}`
    : `×${growth.toFixed(1)} (from ${sizeLabel(nth(sizes, base).dataset.size)})`;
}

const START = "<!-- ANALYSIS:START (hand-written; kept when the benchmark rewrites this file) -->";
const END = "<!-- ANALYSIS:END -->";

export function sizeLabel(size: number): string {
  if (size >= 1_000_000 && size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size >= 1000 && size % 1000 === 0) return `${size / 1000}k`;
  return size.toLocaleString("en");
}

const ms = (value: number) => (value >= 100 ? Math.round(value).toLocaleString("en") : value.toFixed(1));

/** " (94–99)": the lowest and highest of a page's Lighthouse runs, when there were several. */
const scoreRange = (scores: number[]) => (scores.length > 1 ? ` (${scores[0]}–${scores[scores.length - 1]})` : "");
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(new URL("../../node_modules/lighthouse/package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

export function writeReport(file: string, report: BenchReport): { misses: string[] } {
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept =
    previous.includes(START) && previous.includes(END)
      ? previous.slice(previous.indexOf(START) + START.length, previous.indexOf(END)).trim()
      : "_Not written yet: read the tables above and explain the budget misses here._";

  const { sizes } = report;
  const [smallest] = sizes;
  if (!smallest) throw new Error("No sizes were measured");
  const largest = last(sizes);
  const cpus = os.cpus();
  const lines: string[] = [];
  const misses: string[] = [];

  lines.push(
    "# Performance",
    "",
    "Measured with `npm run bench` (`scripts/bench/`, about 40 minutes on 2 cores). Re-run it after changes that touch queries",
    "or pages. `BENCH_SIZES=1000,100000 BENCH_LIGHTHOUSE_RUNS=1 BENCH_OUTPUT=/tmp/perf.md npm run bench` is a quicker run",
    "that leaves this file alone; see `scripts/bench/run.ts` for the other settings.",
    "",
    `- **Date:** ${report.date.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- **Machine:** ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.type()} ${os.release()}, Node ${process.version}`,
    `- **Run time:** ${(report.runSeconds / 60).toFixed(1)} minutes (build, data generation and measurement, ${sizes.map((run) => sizeLabel(run.dataset.size)).join(", ")} connections)`,
    "",
    "## How it is measured",
    "",
    "- **Data**: a fresh database per size, generated directly into the file after the project's migrations:",
    "  about one member per 20 connections with Zipf-distributed activity (a few very active members, a long",
    "  tail), 10% private members, follows towards popular members, about one movie and one book per 7",
    "  connections shared Zipf-like, Zipf-distributed genres, directors, actors, authors and tags, heavy-tailed",
    "  likes, favorites and comments per connection, and the notifications they cause. Search documents and",
    "  lower-cased columns are written exactly as the services write them.",
    "- **Server time**: wall time of one HTTP request to the built Worker running in workerd (Miniflare), with the",
    "  database on the local libSQL HTTP server (`scripts/local-db/`) on the same machine, logged in as an active",
    "  member (a top-1% poster; the session cookie for pages, the Bearer token for `/api`). Every size's database",
    "  is generated first and served by a Worker of its own; each endpoint is warmed up, then sampled",
    "  sequentially, one request at each size and distance (below) in turn, so every column sees the machine as it",
    "  was. With few samples p95 is simply the slowest. Slow endpoints get fewer samples so the whole run fits its",
    "  time (`n` in the table).",
    "- **DB round trips**: HTTP requests from the Worker to the database during one request, counted by a proxy",
    "  in front of the database server (each is a network round trip to Turso in production). **DB time** is the",
    "  time the database spent on them. The local server executes one request at a time, so queries a page runs",
    "  in parallel (root and route loaders) wait for each other here; Turso would run them concurrently, which",
    "  makes the page times below an upper bound when a page has several slow queries. The wait is not counted",
    "  as DB time.",
    "- **JavaScript**: every script a page's HTML references (module preloads and the inline bootstrap's",
    "  imports) plus their static imports, each gzipped on its own.",
    "",
    "## Datasets",
    "",
    "| Connections | Members | Follows | Movies | Books | Tag rows | Likes | Favorites | Comments | Notifications | File | Generated in | Load avg while measuring |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const run of sizes) {
    const r = run.dataset.rows;
    const n = (table: string) => (r[table] ?? 0).toLocaleString("en");
    lines.push(
      `| ${run.dataset.size.toLocaleString("en")} | ${n("users")} | ${n("follows")} | ${n("movies")} | ${n("books")} | ${n("connection_tags")} | ${n("likes")} | ${n("favorites")} | ${n("comments")} | ${n("notifications")} | ${(run.fileBytes / 1e6).toFixed(0)} MB | ${run.dataset.seconds.toFixed(0)} s | ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)} |`,
    );
  }
  const filters = largest.dataset.filters;
  lines.push(
    "",
    `Filter values are each filter's most popular value (movieGenre \`${filters.movieGenre}\`, director \`${filters.director}\`,`,
    `actor \`${filters.actor}\`, bookGenre \`${filters.bookGenre}\`, author \`${filters.author}\`, tags \`${filters.tags}\`); the common search term`,
    `\`${largest.dataset.commonTerm}\` is in about one connection text in five (and one movie or book synopsis in six), the rare one \`${largest.dataset.rareTerm}\``,
    'in exactly three connection texts. The "unused" filters ask for a value no connection has, the worst case for',
    "a filter that walks the newest connections looking for matches. The deep feed",
    `page is page 500, or the last page when there are fewer (${sizes.map((run) => `page ${run.deepPage.toLocaleString("en")} at ${sizeLabel(run.dataset.size)}`).join(", ")});`,
    `the API's last page is ${sizes.map((run) => `${run.lastPage.toLocaleString("en")} at ${sizeLabel(run.dataset.size)}`).join(", ")}.`,
    'Following is read as the viewer and as the "heaviest follower", the member who follows the most others (',
    `${sizes.map((run) => `${run.dataset.heavyFollower.follows.toLocaleString("en")} at ${sizeLabel(run.dataset.size)}`).join(", ")}; follows go to the most active members),`,
    "the most rows a Following page chooses from. `top` and `discussed` rank this week's likes and comments (decision 031).",
    "",
    "## Server time",
    "",
    `Median / p95 in milliseconds, samples in brackets. Growth is the median at ${sizeLabel(largest.dataset.size)} over the median at ${sizeLabel(smallest.dataset.size)}. The deep pages, the`,
    "middle sitemap page and the heaviest follower's pages ask for less on a small site (a lower page, a shorter",
    'sitemap page, fewer follows; see Datasets): theirs is judged from the smallest size that asks the same, marked "from" it.',
    "",
    `| Endpoint | ${sizes.map((run) => `${sizeLabel(run.dataset.size)}`).join(" | ")} | Growth | DB round trips | DB time at ${sizeLabel(largest.dataset.size)} | Budgets |`,
    `| --- | ${sizes.map(() => "---:").join(" | ")} | ---: | ---: | ---: | --- |`,
  );

  for (const [index, first] of smallest.results.entries()) {
    const { endpoint } = first;
    const perSize = sizes.map((run) => nth(run.results, index));
    const atLargest = last(perSize);
    const base = growthBase(perSize);
    const growth = base === null ? null : atLargest.medianMs / nth(perSize, base).medianMs;
    const trips = [...new Set(perSize.map((result) => result.roundTrips))];
    const verdicts: string[] = [];
    if (sizes.length > 1 && base === null) {
      verdicts.push(NOT_JUDGED);
      misses.push(`growth: ${endpoint.label} not judged (no smaller size asks the same)`);
    } else if (sizes.length > 1 && base !== null && growth !== null && growth > BUDGETS.growth) {
      verdicts.push("**growth**");
      misses.push(`growth: ${endpoint.label} ${growthText(growth, base, sizes)}`);
    }
    if (endpoint.kind !== "api" && Math.max(...trips) > BUDGETS.roundTrips) {
      verdicts.push("**round trips**");
      misses.push(`round trips: ${endpoint.label} (${trips.join("/")})`);
    }
    const failed = perSize.reduce((sum, result) => sum + result.errors.length, 0);
    if (failed) verdicts.push(`${failed} failed request${failed > 1 ? "s" : ""} retried`);
    lines.push(
      `| ${endpoint.label} <br>\`${endpoint.kind === "api" ? "GET " : ""}${displayPath(endpoint)}\` | ${perSize
        .map((result) => `${ms(result.medianMs)} / ${ms(result.p95Ms)} (${result.samples.length})`)
        .join(
          " | ",
        )} | ${sizes.length > 1 && base !== null && growth !== null ? growthText(growth, base, sizes) : "–"} | ${trips.join(" / ")} | ${ms(atLargest.medianDbMs)} | ${verdicts.length ? verdicts.join(", ") : "ok"} |`,
    );
  }

  lines.push(
    "",
    "Round trips are the same at every size unless several are listed (smallest size first); the budget applies",
    "to pages, feeds and sitemaps (the `/api` rows are for comparison).",
    "",
    "### Time to first byte, near and far",
    "",
    `The same requests, timed to the first byte of the response, with the database next door (0 ms) and ${report.distanceMs} ms away: the`,
    `counting proxy holds every database request ${report.distanceMs} ms before passing it on, as a round trip from a far edge to the`,
    "database would take. Each request near is followed by one far (or the other way round, in turn), so both columns",
    `see the machine as it was. Median in milliseconds. Budget: every page under ${report.distanceMs} + ${BUDGETS.beyondDistanceMs} ms at ${sizeLabel(largest.dataset.size)} (one`,
    "round trip plus the Worker's own work); the other rows are for comparison.",
    "",
    `| Endpoint | ${sizes.map((run) => `${sizeLabel(run.dataset.size)}: 0 ms`).join(" | ")} | ${sizes.map((run) => `${sizeLabel(run.dataset.size)}: ${report.distanceMs} ms`).join(" | ")} | Round trips | Budget |`,
    `| --- | ${sizes.map(() => "---:").join(" | ")} | ${sizes.map(() => "---:").join(" | ")} | ---: | --- |`,
  );
  const distanceBudget = report.distanceMs + BUDGETS.beyondDistanceMs;
  for (const [index, first] of smallest.results.entries()) {
    const { endpoint } = first;
    const near = sizes.map((run) => nth(run.results, index));
    const far = sizes.map((run) => nth(run.distant, index));
    const atLargest = last(far);
    const trips = [...new Set(far.map((result) => result.roundTrips))];
    let verdict = "–";
    if (endpoint.kind === "page") {
      verdict = atLargest.medianTtfbMs < distanceBudget ? "ok" : "**over**";
      if (atLargest.medianTtfbMs >= distanceBudget)
        misses.push(`distance: ${endpoint.label} ${ms(atLargest.medianTtfbMs)} ms at ${report.distanceMs} ms`);
    }
    lines.push(
      `| ${endpoint.label} | ${near.map((result) => ms(result.medianTtfbMs)).join(" | ")} | ${far.map((result) => ms(result.medianTtfbMs)).join(" | ")} | ${trips.join(" / ")} | ${verdict} |`,
    );
  }
  lines.push(
    "",
    "### The edge cache, as a visitor meets it",
    "",
    "A visitor's request (no cookie, no token), timed to the first byte: a miss (the same page with a query",
    "parameter the cache has not seen, so it is rendered and kept) and a hit (the kept page served again), with the",
    `database next door and ${report.distanceMs} ms away; medians in ms. Round trips: a miss's / a hit's.`,
    "",
    `| Endpoint | ${sizes.map((run) => `${sizeLabel(run.dataset.size)}: miss / hit, 0 ms`).join(" | ")} | ${sizes.map((run) => `${sizeLabel(run.dataset.size)}: miss / hit, ${report.distanceMs} ms`).join(" | ")} | Round trips |`,
    `| --- | ${sizes.map(() => "---:").join(" | ")} | ${sizes.map(() => "---:").join(" | ")} | ---: |`,
  );
  for (const [index, first] of smallest.edge.near.entries()) {
    const near = sizes.map((run) => nth(run.edge.near, index));
    const far = sizes.map((run) => nth(run.edge.far, index));
    const trips = [...new Set(far.map((result) => `${result.missRoundTrips} / ${result.hitRoundTrips}`))];
    lines.push(
      `| ${first.endpoint.label} | ${near.map((result) => `${ms(result.missMs)} / ${ms(result.hitMs)}`).join(" | ")} | ${far.map((result) => `${ms(result.missMs)} / ${ms(result.hitMs)}`).join(" | ")} | ${trips.join(", ")} |`,
    );
  }
  lines.push(
    "",
    "### Database time per query",
    "",
    "What each endpoint's database requests cost on the database side (median over the samples, ms), with the",
    "wait behind the page's other requests left out. Requests are named by their main table and shape",
    "(subqueries left out): `viewer` is the session lookup every request starts with, `page` a LIMIT query,",
    "`count` a COUNT(*) query, `+` joins the statements of one batch (one round trip). `viewer` and `popular",
    "tags` run on every member page and are listed once per viewer (the usual one and the heaviest follower).",
    `Queries under ${QUIET_MS} ms at every size count as`,
    "holding the growth budget: at that level the ratio measures per-request overhead and noise.",
    "",
    `| Endpoint | Database request | ${sizes.map((run) => sizeLabel(run.dataset.size)).join(" | ")} | Growth | Budget |`,
    `| --- | --- | ${sizes.map(() => "---:").join(" | ")} | ---: | --- |`,
  );
  const shown = new Set<string>();
  let queries = 0;
  for (const [index, first] of smallest.results.entries()) {
    const base = growthBase(sizes.map((run) => nth(run.results, index)));
    const perSize = sizes.map((run) => queryMedians(nth(run.results, index)));
    for (const what of last(perSize).keys()) {
      const key = `${what} on ${sharedLabel(first.endpoint)}`;
      if (SHARED_QUERIES.has(what) && shown.has(key)) continue;
      shown.add(key);
      queries++;
      const values = perSize.map((medians) => medians.get(what));
      const low = base === null ? undefined : values[base];
      const high = values[values.length - 1];
      const growth = low !== undefined && high !== undefined ? high / low : undefined;
      const quiet = values.every((value) => value === undefined || value < QUIET_MS);
      const label = SHARED_QUERIES.has(what) ? sharedLabel(first.endpoint) : first.endpoint.label;
      let verdict = sizes.length > 1 && base === null ? NOT_JUDGED : "ok";
      if (sizes.length > 1 && base !== null && growth !== undefined && growth > BUDGETS.growth) {
        if (quiet) verdict = `ok (< ${QUIET_MS} ms)`;
        else {
          verdict = "**growth**";
          misses.push(`query growth: ${label}: ${what} ${growthText(growth, base, sizes)}`);
        }
      }
      lines.push(
        `| ${label} | ${what} | ${values.map((value) => (value === undefined ? "–" : ms(value))).join(" | ")} | ${growth === undefined || base === null || sizes.length < 2 ? "–" : growthText(growth, base, sizes)} | ${verdict} |`,
      );
    }
  }
  lines.push(
    "",
    "### Statements",
    "",
    "Each statement of the requests above (one sample per endpoint), replayed on its own directly against the",
    `database file after the size was measured: its time in ms, the rows it returned at ${sizeLabel(largest.dataset.size)}, and the outer`,
    "steps of SQLite's query plan there (full scans anywhere included; the per-card subqueries' index seeks left",
    "out). This splits a page from its COUNT(*), which travel in one round trip, with a member's session check (decision 040).",
    "",
    `| Endpoint | Statement | ${sizes.map((run) => sizeLabel(run.dataset.size)).join(" | ")} | Rows | Plan at ${sizeLabel(largest.dataset.size)} |`,
    `| --- | --- | ${sizes.map(() => "---:").join(" | ")} | ---: | --- |`,
  );
  const shownStatements = new Set<string>();
  for (const [index, largestResult] of largest.results.entries()) {
    for (const [position, statement] of largestResult.statements.entries()) {
      const key = `${statement.what} on ${sharedLabel(largestResult.endpoint)}`;
      if (statement.what === "viewer" || (SHARED_QUERIES.has(statement.what) && shownStatements.has(key))) continue;
      shownStatements.add(key);
      const label = SHARED_QUERIES.has(statement.what)
        ? sharedLabel(largestResult.endpoint)
        : largestResult.endpoint.label;
      const values = sizes.map((run) => run.results[index]?.statements[position]);
      lines.push(
        `| ${label} | ${statement.what} | ${values.map((value) => (value && value.what === statement.what ? ms(value.ms) : "–")).join(" | ")} | ${statement.rows.toLocaleString("en")} | ${statement.plan.map((step) => `\`${step}\``).join("<br>")} |`,
      );
    }
  }
  lines.push(
    "",
    "## JavaScript per page",
    "",
    "Script files gzipped one by one; inline code is React Router's manifest and bootstrap in the HTML; inline",
    "data is the loader data for hydration (content, not code). The budgets count files and inline code: the feed",
    `${kb(BUDGETS.feedJsBytes)} kB, any other page ${kb(BUDGETS.pageJsBytes)} kB. Code loaded only when used (the card's comment thread)`,
    "is not counted. Of the files, the framework file (React, React DOM, its scheduler and React Router in one,",
    "decision 037) is the same on every page; the rest is the app's own code.",
    "",
    "| Page | Files | Raw | Gzipped | Of which the framework | Inline code (gz) | Inline data (gz) | Budget |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  );
  for (const page of report.javascript) {
    // The feed with filters or on a later page is the feed too.
    const budget = /^\/(\?|$)/.test(page.path) ? BUDGETS.feedJsBytes : BUDGETS.pageJsBytes;
    const shipped = page.js.gzipBytes + page.js.inlineCodeGzipBytes;
    const over = shipped > budget;
    if (over) misses.push(`JavaScript: ${page.label} ${kb(shipped)} kB`);
    lines.push(
      `| ${page.label} | ${page.js.files.length} | ${kb(page.js.rawBytes)} kB | ${kb(page.js.gzipBytes)} kB | ${kb(page.js.frameworkGzipBytes)} kB | ${kb(page.js.inlineCodeGzipBytes)} kB | ${kb(page.js.inlineDataGzipBytes)} kB | ${over ? `**${kb(shipped)} kB, over ${kb(budget)} kB**` : `ok (${kb(shipped)} kB ≤ ${kb(budget)} kB)`} |`,
    );
  }

  const lighthouseRuns = sizes.filter((run) => run.lighthouse.length);
  if (lighthouseRuns.length) {
    const [firstRun] = lighthouseRuns;
    lines.push(
      "",
      "## Lighthouse",
      "",
      `Lighthouse ${LIGHTHOUSE_VERSION}, performance only, its default mobile profile (simulated slow 4G and a 4× slower CPU),`,
      "Debian's Chromium without paint holding (decision 037), through a local proxy that answers as the edge does:",
      "HTTP/2 over TLS, text compressed (Brotli: the build's immutable files once, kept; pages as they pass, at a fast",
      "setting). Local workerd speaks HTTP/1.1 without TLS and compresses nothing (decision 037's HTTP/2 addendum). Median of",
      `${firstRun?.lighthouse[0]?.runs ?? 1} run(s) per page and size, after one warm-up load of the freshly started browser that is not`,
      "counted (decision 037's warm-up addendum). Score (the lowest and highest run's in brackets) / LCP (ms) / CLS / TBT",
      "(ms), and what the largest paint was. The simulation scales the CPU time the machine really spent, so a busy",
      "machine lowers TBT-driven scores (see the load average above).",
      "",
      `| Page | ${lighthouseRuns.map((run) => sizeLabel(run.dataset.size)).join(" | ")} | Largest paint | Budget |`,
      `| --- | ${lighthouseRuns.map(() => "---").join(" | ")} | --- | --- |`,
    );
    for (const [index, page] of (firstRun?.lighthouse ?? []).entries()) {
      const perSize = lighthouseRuns.map((run) => run.lighthouse[index]);
      const worst = Math.min(...perSize.map((result) => result?.score ?? 0));
      const over = worst < BUDGETS.lighthouseScore;
      if (over) misses.push(`Lighthouse: ${page.label} scored ${worst}`);
      lines.push(
        `| ${page.label} <br>\`${displayPath({ key: "", label: "", kind: "page", path: page.path })}\` | ${perSize
          .map((result) =>
            result
              ? `${result.score}${scoreRange(result.scores)} / ${ms(result.lcpMs)} / ${result.cls.toFixed(3)} / ${ms(result.tbtMs)}`
              : "–",
          )
          .join(
            " | ",
          )} | ${page.lcpElement ? `\`${page.lcpElement}\`` : "–"} | ${over ? `**${worst} < ${BUDGETS.lighthouseScore}**` : "ok"} |`,
      );
    }
    const speeds = lighthouseRuns.map(
      (run) =>
        `${sizeLabel(run.dataset.size)} ${Math.round(median(run.lighthouse.map((page) => page.benchmarkIndex))).toLocaleString("en")}`,
    );
    lines.push(
      "",
      "The machine's speed while each size's runs went on, as Lighthouse measures it in every run (its `benchmarkIndex`;",
      "each page's median, then the median of the pages; higher is faster; its 4× slowdown is calibrated for 1,500–2,000):",
      `${speeds.join(" · ")}.`,
    );
  }

  const growthMisses = misses.filter((miss) => miss.startsWith("growth"));
  const queryMisses = misses.filter((miss) => miss.startsWith("query growth"));
  const tripMisses = misses.filter((miss) => miss.startsWith("round trips"));
  const jsMisses = misses.filter((miss) => miss.startsWith("JavaScript"));
  const lighthouseMisses = misses.filter((miss) => miss.startsWith("Lighthouse"));
  const distanceMisses = misses.filter((miss) => miss.startsWith("distance"));
  lines.push(
    "",
    "## Budgets",
    "",
    `- **No query grows more than ${BUDGETS.growth}× from ${sizeLabel(smallest.dataset.size)} to ${sizeLabel(largest.dataset.size)} connections:** ${
      sizes.length < 2
        ? "not checked (one size only)."
        : `per database query, ${
            queryMisses.length
              ? `missed by ${queryMisses.length} of ${queries} (${queryMisses.map((miss) => miss.replace("query growth: ", "")).join("; ")})`
              : `holds for all ${queries}`
          }; per endpoint (server time), ${
            growthMisses.length
              ? `missed by ${growthMisses.length} of ${smallest.results.length} (${growthMisses.map((miss) => miss.replace("growth: ", "")).join("; ")})`
              : "holds for every endpoint"
          }.`
    }`,
    `- **At most ${BUDGETS.roundTrips} database round trips for any page:** ${
      tripMisses.length
        ? `missed by ${tripMisses.length} pages (${tripMisses.map((miss) => miss.replace("round trips: ", "")).join("; ")}).`
        : "holds for every page."
    }`,
    `- **Every page's median time to first byte under ${distanceBudget} ms with the database ${report.distanceMs} ms away, at ${sizeLabel(largest.dataset.size)}:** ${
      distanceMisses.length
        ? `missed by ${distanceMisses.length} pages (${distanceMisses.map((miss) => miss.replace("distance: ", "")).join("; ")}).`
        : "holds for every page."
    }`,
    `- **JavaScript, feed at most ${kb(BUDGETS.feedJsBytes)} kB gzipped, any other page ${kb(BUDGETS.pageJsBytes)} kB:** ${
      jsMisses.length
        ? `missed by ${jsMisses.length} of ${report.javascript.length} pages (${jsMisses.map((miss) => miss.replace("JavaScript: ", "")).join("; ")}).`
        : `holds for all ${report.javascript.length} pages.`
    }`,
    `- **Lighthouse performance at least ${BUDGETS.lighthouseScore} (mobile):** ${
      !lighthouseRuns.length
        ? "not measured (BENCH_LIGHTHOUSE_RUNS=0)."
        : lighthouseMisses.length
          ? `missed by ${lighthouseMisses.length} pages (${lighthouseMisses.map((miss) => miss.replace("Lighthouse: ", "")).join("; ")}).`
          : "holds for every page measured."
    }`,
    "",
    "## What this shows",
    "",
    START,
    "",
    kept,
    "",
    END,
    "",
  );
  writeFileSync(file, lines.join("\n"));
  return { misses };
}

/** Paths with ids shortened, so the table stays readable. */
function displayPath(endpoint: EndpointResult["endpoint"]): string {
  return (endpoint.display ?? endpoint.path).replace(/[0-9a-f]{24}/g, ":id");
}

/** Median database time of each kind of request an endpoint made, in the order they first appeared. */
function queryMedians(result: EndpointResult): Map<string, number> {
  const times = new Map<string, number[]>();
  for (const sample of result.samples) {
    // The same kind of request twice in one page load (e.g. two lookups in "users") is kept apart.
    const seen = new Map<string, number>();
    for (const call of sample.db.calls) {
      const nth = (seen.get(call.what) ?? 0) + 1;
      seen.set(call.what, nth);
      const what = nth > 1 ? `${call.what} (${nth})` : call.what;
      times.set(what, [...(times.get(what) ?? []), call.ms]);
    }
  }
  return new Map([...times].map(([what, values]) => [what, median(values)]));
}
