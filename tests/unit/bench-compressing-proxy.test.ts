import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { connect } from "node:http2";
import { request } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCompressingProxy } from "../../scripts/bench/lighthouse.ts";

// The bench's Lighthouse pages pass through this proxy (decision 037): what it sends must be the upstream's bytes,
// compressed as the edge would, over HTTP/2 to a browser, and a kept file must come back whole however often it
// is asked for.
const script = `export const words = ${JSON.stringify("a page's script ".repeat(4000))};`;
const page = `<!doctype html><p>${"a page ".repeat(3000)}</p>`;
let upstreamHits = 0;
let lastUpstreamHeaders: IncomingHttpHeaders = {};
let upstream: Server;
let proxy: Awaited<ReturnType<typeof startCompressingProxy>>;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    upstreamHits += 1;
    lastUpstreamHeaders = request.headers;
    if (request.url === "/assets/app-abc123.js") {
      response.writeHead(200, {
        "Content-Type": "text/javascript",
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      response.end(script);
    } else if (request.url === "/") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end(page);
    } else {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  proxy = await startCompressingProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** The raw answer over HTTP/1.1, undecoded (fetch would decode it): status, headers and body bytes. */
async function raw(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const headers = { "Accept-Encoding": acceptEncoding };
    request(`${proxy.url}${path}`, { ca: proxy.certificate, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("the bench's compressing proxy", () => {
  it("keeps an immutable file compressed: the same whole bytes every time, with their length", async () => {
    const first = await raw("/assets/app-abc123.js", "gzip, deflate, br");
    const again = await raw("/assets/app-abc123.js", "gzip, deflate, br");
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    }
    expect(again.body.equals(first.body)).toBe(true);
    expect(first.body.length).toBeLessThan(script.length / 10);
  });

  it("keeps each encoding apart", async () => {
    const gzipped = await raw("/assets/app-abc123.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
  });

  it("compresses a page as it passes, asking the upstream each time", async () => {
    const before = upstreamHits;
    const answers = [await raw("/", "br"), await raw("/", "br")];
    expect(upstreamHits - before).toBe(2);
    for (const answer of answers) {
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(brotliDecompressSync(answer.body).toString()).toBe(page);
    }
  });

  it("passes an answer through untouched when the browser asks for no compression", async () => {
    const plain = await raw("/", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("speaks HTTP/2 over TLS to a client that offers it, and tells the Worker the URL asked for", async () => {
    const session = connect(proxy.url, { ca: proxy.certificate });
    try {
      const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const stream = session.request({ ":path": "/", "accept-encoding": "br" });
        const chunks: Buffer[] = [];
        let headers: Record<string, unknown> = {};
        stream.on("response", (received) => {
          headers = received;
        });
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => resolve({ headers, body: Buffer.concat(chunks) }));
        stream.on("error", reject);
        stream.end();
      });
      expect(session.alpnProtocol).toBe("h2");
      expect(answer.headers[":status"]).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(answer.body).toString()).toBe(page);
      expect(lastUpstreamHeaders["mf-original-url"]).toBe(`${proxy.url}/`);
    } finally {
      session.close();
    }
  });

  it("names, in Chromium's flag, the key it serves and no other", async () => {
    const session = connect(proxy.url, { ca: proxy.certificate });
    try {
      await new Promise((resolve) => session.once("connect", resolve));
      const served = (session.socket as TLSSocket).getPeerX509Certificate();
      const spki = served?.publicKey.export({ type: "spki", format: "der" }) ?? Buffer.alloc(0);
      expect(proxy.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(proxy.chromiumFlag).toBe(
        `--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`,
      );
    } finally {
      session.close();
    }
  });
});
