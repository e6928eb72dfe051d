/**
 * Lighthouse's performance score for a few pages, in its default mobile profile (a mid-range phone on a slow 4G
 * network, simulated from the page's own trace), with Debian's Chromium. The pages are fetched through a proxy
 * that stands in for the edge (decision 037): it speaks HTTP/2 over TLS and compresses what it passes on as
 * Cloudflare does for a browser (Brotli, else gzip), where local workerd speaks plain HTTP/1.1 and compresses
 * nothing. Nothing leaves the machine: Chromium's background traffic is switched off and the pages load only the
 * site's own files.
 */
import { createHash, createPublicKey } from "node:crypto";
import { request } from "node:http";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream";
import type { TLSSocket } from "node:tls";
import zlib, { createBrotliCompress, createGzip } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import selfsigned from "selfsigned";
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
  /** Every run's score, lowest first: how far the runs spread around the median. */
  scores: number[];
  /**
   * Lighthouse's measure of the machine's speed during the runs (its `benchmarkIndex`, median): the simulation
   * scales the CPU time it observed, so a slower stretch of the machine shows here and in the blocking time.
   */
  benchmarkIndex: number;
}

export interface CompressingProxy {
  /** The proxy's https:// origin. */
  url: string;
  /** Its self-signed certificate (PEM), for a Node client that must trust it. */
  certificate: string;
  /** The Chromium flag that trusts the proxy's key, and no other, without a certificate error. */
  chromiumFlag: string;
  close(): Promise<void>;
}

/**
 * Headless Chromium holds a navigation's first paint ("paint holding") for up to about a second after the page is
 * ready: in the trace every render-blocking file is in and the main thread idle by DOMContentLoaded (0.3 s), yet
 * the first paint waits until 1.2 s, with scripts blocked too. Lighthouse then counts everything fetched in that
 * second as holding up the first paint (Lighthouse issues #17148, #17227 report the same in headless runs). A
 * visitor's browser shows the page when it is ready, so the bench measures without the hold (decision 037).
 */
const LIGHTHOUSE_ONLY_FLAGS = ["--disable-features=PaintHolding"];

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;

/** Headers that belong to one HTTP/1.1 connection; HTTP/2 forbids them, and they are not the proxy's to pass on. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/**
 * A proxy in front of the Worker that answers as the edge does: over HTTP/2 with TLS (HTTP/1.1 for a client that
 * does not offer HTTP/2), compressing text answers.
 *
 * The protocol matters to Lighthouse's simulation. Over HTTP/1.1 it gives each origin six connections, each with
 * its own handshake and slow start, and a page's 16 scripts queue on them; over HTTP/2 they share the one warm
 * connection, as a phone's requests to the edge do. TLS costs the document's connection one more round trip,
 * which the edge's visitors pay too.
 *
 * How it compresses matters as much as whether: Lighthouse's simulation replays each file's observed server time,
 * so compression slower than the edge's shows up as a slow server. The edge compresses a cached asset once and
 * keeps the result; it compresses a page as it passes. So an immutable answer (the build's hashed scripts and
 * styles) is compressed once, at the smallest setting, and kept; anything else streams through a fast setting.
 */
export async function startCompressingProxy(target: string): Promise<CompressingProxy> {
  const upstream = new URL(target);
  const kept = new Map<string, Buffer>();
  const { private: key, cert } = await selfsigned.generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  let origin = "";
  const server = createSecureServer(
    { allowHTTP1: true, key, cert },
    (incoming: Http2ServerRequest, outgoing: Http2ServerResponse) => {
      const accepted = String(incoming.headers["accept-encoding"] ?? "");
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value === undefined || name.startsWith(":") || name === "accept-encoding" || HOP_BY_HOP.has(name)) continue;
        headers[name] = value;
      }
      headers.host = upstream.host;
      // Miniflare takes the URL a request was made to from this header, as wrangler's own dev proxy passes it, so
      // the pages' absolute URLs (images) point back through the proxy, as they point at the site in production.
      headers["mf-original-url"] = `${origin}${incoming.url}`;
      const forwarded = request(
        { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
        (answer) => {
          const passed = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
          ) as Record<string, string | string[]>;
          const type = String(answer.headers["content-type"] ?? "");
          const encoding = !COMPRESSIBLE.test(type)
            ? null
            : /\bbr\b/.test(accepted)
              ? "br"
              : /\bgzip\b/.test(accepted)
                ? "gzip"
                : null;
          if (!encoding) {
            outgoing.writeHead(answer.statusCode ?? 502, passed);
            pipeline(answer, outgoing, () => {});
            return;
          }
          // The body changes, so its length is the proxy's own.
          const { "content-length": _length, ...rest } = passed;
          const compressedHeaders = { ...rest, "content-encoding": encoding, vary: "Accept-Encoding" };
          const immutable = answer.statusCode === 200 && /\bimmutable\b/.test(String(answer.headers["cache-control"]));
          if (!immutable) {
            outgoing.writeHead(answer.statusCode ?? 502, compressedHeaders);
            pipeline(answer, compressor(encoding), outgoing, () => {});
            return;
          }
          const cacheKey = `${encoding} ${incoming.url}`;
          const send = (body: Buffer) => {
            outgoing.writeHead(200, { ...compressedHeaders, "content-length": String(body.length) });
            outgoing.end(body);
          };
          const body = kept.get(cacheKey);
          if (body) {
            answer.resume();
            send(body);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("error", (error) => outgoing.destroy(error));
          answer.on("end", () => {
            const compressed = compressSmallest(encoding, Buffer.concat(chunks));
            kept.set(cacheKey, compressed);
            send(compressed);
          });
        },
      );
      forwarded.on("error", () => {
        outgoing.writeHead(502).end();
      });
      pipeline(incoming, forwarded, () => {});
    },
  );
  // An HTTP/2 server has no `closeAllConnections`: Chromium keeps its connection open, so close() ends them.
  const sockets = new Set<TLSSocket>();
  server.on("secureConnection", (socket: TLSSocket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spki = createPublicKey(cert).export({ type: "spki", format: "der" });
  return {
    url: origin,
    certificate: cert,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Brotli or gzip at a fast setting, for an answer compressed as it passes. */
function compressor(encoding: "br" | "gzip") {
  if (encoding === "gzip") return createGzip();
  return createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: FAST_BROTLI_QUALITY } });
}

/** Brotli or gzip at the smallest setting, for a file compressed once and kept. */
function compressSmallest(encoding: "br" | "gzip", body: Buffer): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
}

/** Brotli's quality for answers compressed as they pass: 3 ms for a 120 kB page here, where 11 takes 160 ms. */
const FAST_BROTLI_QUALITY = 5;

/**
 * Runs Lighthouse `runs` times on each page through the proxy; medians per page. The browser's first load is a
 * warm-up and not counted: a freshly started Chromium starts its own processes and caches during it, which a
 * visitor's running browser has done long before (decision 037, the warm-up addendum).
 */
export async function lighthousePages(
  proxy: CompressingProxy,
  pages: LighthousePage[],
  runs: number,
): Promise<LighthouseResult[]> {
  await warmCompressedAssets(proxy, pages);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [...CHROMIUM_FLAGS, ...LIGHTHOUSE_ONLY_FLAGS, proxy.chromiumFlag],
    logLevel: "silent",
  });
  try {
    const [first] = pages;
    if (first) await lighthouseRun(proxy, chrome.port, first);
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const samples: LighthouseSample[] = [];
      for (let run = 0; run < runs; run++) samples.push(await lighthouseRun(proxy, chrome.port, page));
      const scores = samples.map((sample) => sample.score).sort((a, b) => a - b);
      const middle = [...samples].sort((a, b) => a.score - b.score)[Math.floor(samples.length / 2)];
      results.push({
        label: page.label,
        path: page.path,
        score: median(scores),
        lcpMs: median(samples.map((sample) => sample.lcpMs)),
        cls: median(samples.map((sample) => sample.cls)),
        tbtMs: median(samples.map((sample) => sample.tbtMs)),
        fcpMs: median(samples.map((sample) => sample.fcpMs)),
        lcpElement: middle?.lcpElement ?? "",
        runs: samples.length,
        scores,
        benchmarkIndex: median(samples.map((sample) => sample.benchmarkIndex)),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

type LighthouseSample = Omit<LighthouseResult, "label" | "path" | "runs" | "scores">;

/** One Lighthouse run of one page in the running Chromium. */
async function lighthouseRun(proxy: CompressingProxy, port: number, page: LighthousePage): Promise<LighthouseSample> {
  const answer = await lighthouse(
    `${proxy.url}${page.path}`,
    {
      port,
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
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    fcpMs: numeric("first-contentful-paint"),
    // Lighthouse 13 names the element in its LCP breakdown insight (the older audit of its own is gone).
    lcpElement: lcpElementOf(lhr.audits["lcp-breakdown-insight"]?.details),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Asks the proxy once for every page and every script and stylesheet they name, so the files are compressed and
 * kept before Lighthouse loads anything: the edge serves a site's assets from its cache, not compressing them anew.
 */
async function warmCompressedAssets(proxy: CompressingProxy, pages: LighthousePage[]): Promise<void> {
  const assets = new Set<string>();
  for (const page of pages) {
    const html = await getThrough(proxy, page.path, page.cookie ? { Cookie: page.cookie } : {});
    for (const [, path] of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) assets.add(path ?? "");
  }
  for (const path of assets) await getThrough(proxy, path, {});
}

/** A GET through the proxy, trusting its certificate; the body as text (Brotli undone). */
function getThrough(proxy: CompressingProxy, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    httpsRequest(
      `${proxy.url}${path}`,
      { ca: proxy.certificate, headers: { "Accept-Encoding": "br", ...headers } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve((answer.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(body) : body).toString());
        });
      },
    )
      .on("error", reject)
      .end();
  });
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
