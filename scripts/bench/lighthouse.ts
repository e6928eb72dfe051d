/**
 * Lighthouse's performance score for a few pages, in its default mobile profile (a mid-range phone on a slow 4G
 * network, simulated from the page's own trace), with Debian's Chromium. The pages are fetched through a proxy
 * that compresses what it passes on as Cloudflare does for a browser (Brotli, else gzip), since local workerd sends
 * everything uncompressed and production does not. Nothing leaves the machine: Chromium's background traffic is
 * switched off and the pages load only the site's own files.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream";
import { createBrotliCompress, createGzip } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../../tests/support/browser.ts";
import { median } from "./measure.ts";

export interface LighthousePage {
  label: string;
  path: string;
  /** The session cookie, for a page as a member sees it. */
  cookie?: string;
}

export interface LighthouseResult {
  label: string;
  path: string;
  /** Medians over the runs: score 0–100, times in ms. */
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** What the largest paint was, as Lighthouse names it (the median run's). */
  lcpElement: string;
  runs: number;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;

/**
 * An HTTP proxy in front of the Worker that compresses text answers the way the edge does. The Host header is
 * passed on, so the pages' absolute URLs (images) point back through the proxy, as they point at the site's own
 * host in production.
 */
export async function startCompressingProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const { "accept-encoding": accepted = "", ...headers } = incoming.headers;
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const encoding = !COMPRESSIBLE.test(type)
          ? null
          : /\bbr\b/.test(String(accepted))
            ? "br"
            : /\bgzip\b/.test(String(accepted))
              ? "gzip"
              : null;
        if (!encoding) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          pipeline(answer, outgoing, () => {});
          return;
        }
        const { "content-length": _length, ...rest } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...rest,
          "content-encoding": encoding,
          vary: "Accept-Encoding",
        });
        pipeline(answer, encoding === "br" ? createBrotliCompress() : createGzip(), outgoing, () => {});
      },
    );
    forwarded.on("error", () => {
      outgoing.writeHead(502).end();
    });
    pipeline(incoming, forwarded, () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs Lighthouse `runs` times on each page through the proxy at `baseUrl`; medians per page. */
export async function lighthousePages(
  baseUrl: string,
  pages: LighthousePage[],
  runs: number,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const samples: Array<Omit<LighthouseResult, "label" | "path" | "runs">> = [];
      for (let run = 0; run < runs; run++) {
        const answer = await lighthouse(
          `${baseUrl}${page.path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
          },
          undefined,
        );
        const lhr = answer?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.path}: ${lhr.runtimeError.message}`);
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: numeric("largest-contentful-paint"),
          cls: numeric("cumulative-layout-shift"),
          tbtMs: numeric("total-blocking-time"),
          fcpMs: numeric("first-contentful-paint"),
          lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details),
        });
      }
      const middle = [...samples].sort((a, b) => a.score - b.score)[Math.floor(samples.length / 2)];
      results.push({
        label: page.label,
        path: page.path,
        score: median(samples.map((sample) => sample.score)),
        lcpMs: median(samples.map((sample) => sample.lcpMs)),
        cls: median(samples.map((sample) => sample.cls)),
        tbtMs: median(samples.map((sample) => sample.tbtMs)),
        fcpMs: median(samples.map((sample) => sample.fcpMs)),
        lcpElement: middle?.lcpElement ?? "",
        runs: samples.length,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** The largest paint's element as Lighthouse describes it: its tag and class, e.g. `img.card__screenshot`. */
function lcpElementOf(details: unknown): string {
  const node = findNode(details);
  const snippet = node?.snippet ?? "";
  const tag = /^<([a-z0-9]+)/i.exec(snippet)?.[1] ?? "";
  const className = /\bclass="([^"]+)"/.exec(snippet)?.[1]?.split(/\s+/)[0];
  return tag ? `${tag}${className ? `.${className}` : ""}` : (node?.nodeLabel ?? "");
}

/** The first DOM node an audit's details name (they nest tables in tables). */
function findNode(value: unknown): { snippet?: string; nodeLabel?: string } | null {
  if (!value || typeof value !== "object") return null;
  if ((value as { type?: unknown }).type === "node") return value as { snippet?: string; nodeLabel?: string };
  for (const child of Object.values(value)) {
    const found = findNode(child);
    if (found) return found;
  }
  return null;
}
