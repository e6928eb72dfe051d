import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureEndpoint, pageJavaScript, type Target } from "../../scripts/bench/measure.ts";
import { type CountingProxy, startCountingProxy } from "../support/counting-proxy.ts";

// The bench times every page at every size, with the database next door and far away, one request at each in turn,
// so all of them see the machine as it was (docs/performance.md). Here two stand-in Workers (a small and a large
// site) each ask their stand-in database one question per page through a counting proxy of their own; which Worker
// answered and how long its question took show where each request was sent.
const DISTANCE_MS = 150;
/** Each question, in the order asked: which site asked it and whether it waited the distance. */
const asked: string[] = [];
const servers: Server[] = [];
/** The site whose Worker answers its next request with a 500 (without asking its database). */
let failNext = "";
const proxies: CountingProxy[] = [];

const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A stand-in site: a database that answers at once, the proxy in front of it and a Worker asking it once a page. */
async function site(name: string) {
  const database = createServer((incoming, answer) => {
    incoming.resume();
    incoming.on("end", () => answer.writeHead(200, { "Content-Type": "application/json" }).end('{"results":[]}'));
  });
  const proxy = await startCountingProxy(await listen(database));
  proxies.push(proxy);
  const worker = createServer((_incoming, answer) => {
    if (failNext === name) {
      failNext = "";
      answer.writeHead(500, { "Content-Type": "text/plain" }).end("Something went wrong");
      return;
    }
    const started = performance.now();
    const question = request(`${proxy.url}/v3/pipeline`, { method: "POST" }, (reply) => {
      reply.resume();
      reply.on("end", () => {
        asked.push(`${name} ${performance.now() - started >= DISTANCE_MS ? "far" : "near"}`);
        answer.writeHead(200, { "Content-Type": "text/html" }).end(`<p>The ${name} site</p>`);
      });
    });
    question.end(JSON.stringify({ requests: [{ type: "execute", stmt: { sql: "select 1" } }] }));
  });
  return { baseUrl: await listen(worker), proxy };
}

let small: Awaited<ReturnType<typeof site>>;
let large: Awaited<ReturnType<typeof site>>;

beforeAll(async () => {
  small = await site("small");
  large = await site("large");
});

afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe("the bench's sampling at every size and distance", () => {
  it("sends one request to each in turn, and gives each its own result", async () => {
    const endpoint = { key: "page", label: "A page", kind: "page" as const, path: "/" };
    const targets: Target[] = [small, large].flatMap(({ baseUrl, proxy }) =>
      [0, DISTANCE_MS].map((distanceMs) => ({ baseUrl, endpoint, auth: null, proxy, distanceMs })),
    );
    const results = await measureEndpoint(targets, { maxSamples: 3, minSamples: 3, budgetMs: 60_000 });

    // Two warm-up requests near at each site, then rounds of one request at each target, every other round in
    // the reverse order.
    const round = ["small near", "small far", "large near", "large far"];
    expect(asked).toEqual([
      ...["small near", "small near", "large near", "large near"],
      ...round,
      ...[...round].reverse(),
      ...round,
    ]);

    const [smallNear, smallFar, largeNear, largeFar] = results;
    for (const result of results) {
      expect(result.samples).toHaveLength(3);
      expect(result.roundTrips).toBe(1);
    }
    for (const near of [smallNear, largeNear]) {
      for (const sample of near?.samples ?? []) expect(sample.ttfbMs).toBeLessThan(DISTANCE_MS);
    }
    for (const far of [smallFar, largeFar]) {
      for (const sample of far?.samples ?? []) expect(sample.ttfbMs).toBeGreaterThanOrEqual(DISTANCE_MS);
    }
    expect(smallFar?.html).toBe("<p>The small site</p>");
    expect(largeNear?.html).toBe("<p>The large site</p>");

    // The last request was sent far; each proxy is still left with its database next door for what comes next.
    asked.length = 0;
    for (const { baseUrl } of [small, large]) await fetch(baseUrl).then((answer) => answer.text());
    expect(asked).toEqual(["small near", "large near"]);
  });

  it("keeps each target's failed attempts to itself, retried", async () => {
    const endpoint = { key: "page", label: "A page", kind: "page" as const, path: "/" };
    const targets: Target[] = [small, large].map(({ baseUrl, proxy }) => ({
      baseUrl,
      endpoint,
      auth: null,
      proxy,
      distanceMs: 0,
    }));
    failNext = "large";
    const [onSmall, onLarge] = await measureEndpoint(targets, { maxSamples: 2, minSamples: 2, budgetMs: 60_000 });

    expect(onSmall?.errors).toEqual([]);
    expect(onLarge?.errors).toEqual(["500: Something went wrong"]);
    expect(onLarge?.samples).toHaveLength(2);
  });
});

describe("the bench's JavaScript per page", () => {
  it("counts what the page loads up front, the framework file apart, and not what it loads when used", () => {
    const client = mkdtempSync(path.join(tmpdir(), "bench-js-"));
    const files: Record<string, string> = {
      "/assets/entry.client-a1.js": 'import "./framework-b2.js";import "./shell-c3.js";',
      "/assets/framework-b2.js": "export const react = 'react and react dom';".repeat(40),
      "/assets/shell-c3.js": 'import "./framework-b2.js";export const header = 1;',
      "/assets/home-d4.js": 'import "./c-e5.js";const thread = () => import("./comment-thread-f6.js");',
      "/assets/c-e5.js": "export const card = 'a card';",
      "/assets/comment-thread-f6.js": "export const thread = 'loaded when a discussion opens';",
    };
    mkdirSync(path.join(client, "assets"));
    for (const [url, code] of Object.entries(files)) writeFileSync(path.join(client, url), code);
    const bootstrap = 'import "/assets/entry.client-a1.js";import * as route from "/assets/home-d4.js";';
    const data = "window.__reactRouterContext.streamController.enqueue('[{}]');";
    const html = `<link rel="modulepreload" href="/assets/entry.client-a1.js"/><link rel="modulepreload" href="/assets/shell-c3.js"/><script>${data}</script><script type="module">${bootstrap}</script>`;

    let js: ReturnType<typeof pageJavaScript>;
    try {
      js = pageJavaScript(html, client);
    } finally {
      rmSync(client, { recursive: true });
    }

    const upFront = ["entry.client-a1", "shell-c3", "home-d4", "framework-b2", "c-e5"].map(
      (name) => `/assets/${name}.js`,
    );
    expect([...js.files].sort()).toEqual([...upFront].sort());
    const gzipped = (url: string) => gzipSync(files[url] ?? "").length;
    expect(js.gzipBytes).toBe(upFront.reduce((sum, url) => sum + gzipped(url), 0));
    expect(js.frameworkGzipBytes).toBe(gzipped("/assets/framework-b2.js"));
    expect(js.inlineCodeGzipBytes).toBe(gzipSync(bootstrap).length);
    expect(js.inlineDataGzipBytes).toBe(gzipSync(data).length);
  });
});
