import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureEndpoint } from "../../scripts/bench/measure.ts";
import { type CountingProxy, startCountingProxy } from "../support/counting-proxy.ts";

// The bench times every page with the database next door and far away, one request at each in turn, so both see
// the machine as it was (docs/performance.md). Here a stand-in Worker asks a stand-in database one question per
// page through the bench's counting proxy; how long each question took shows which distance it was sent at.
const DISTANCE_MS = 150;
/** Each question's wait for the database, as the stand-in Worker saw it, in the order they were asked. */
const waits: number[] = [];
let database: Server;
let worker: Server;
let proxy: CountingProxy;
let workerUrl = "";

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  database = createServer((incoming, answer) => {
    incoming.resume();
    incoming.on("end", () => answer.writeHead(200, { "Content-Type": "application/json" }).end('{"results":[]}'));
  });
  proxy = await startCountingProxy(await listen(database));
  const pipeline = `${proxy.url}/v3/pipeline`;
  worker = createServer((_incoming, answer) => {
    const asked = performance.now();
    const question = request(pipeline, { method: "POST" }, (reply) => {
      reply.resume();
      reply.on("end", () => {
        waits.push(performance.now() - asked);
        answer.writeHead(200, { "Content-Type": "text/html" }).end("<p>A page</p>");
      });
    });
    question.end(JSON.stringify({ requests: [{ type: "execute", stmt: { sql: "select 1" } }] }));
  });
  workerUrl = await listen(worker);
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => worker?.close(resolve));
  await new Promise((resolve) => database?.close(resolve));
});

describe("the bench's sampling at two distances", () => {
  it("alternates near and far request by request, and gives each distance its own result", async () => {
    const policy = { maxSamples: 3, minSamples: 3, budgetMs: 60_000 };
    const endpoint = { key: "page", label: "A page", kind: "page" as const, path: "/" };
    const [near, far] = await measureEndpoint(workerUrl, endpoint, null, proxy, policy, [0, DISTANCE_MS]);

    // Two warm-up requests near, then rounds of one request at each distance, the first of each pair in turn.
    const sentFar = waits.map((wait) => wait >= DISTANCE_MS);
    expect(sentFar).toEqual([false, false, false, true, true, false, false, true]);

    expect(near?.samples).toHaveLength(3);
    expect(far?.samples).toHaveLength(3);
    for (const sample of near?.samples ?? []) expect(sample.ttfbMs).toBeLessThan(DISTANCE_MS);
    for (const sample of far?.samples ?? []) expect(sample.ttfbMs).toBeGreaterThanOrEqual(DISTANCE_MS);
    expect(near?.roundTrips).toBe(1);
    expect(far?.roundTrips).toBe(1);
    expect(near?.html).toBe("<p>A page</p>");

    // The last request was sent far; the proxy is still left with the database next door for what comes next.
    waits.length = 0;
    await fetch(workerUrl).then((answer) => answer.text());
    expect(waits[0]).toBeLessThan(DISTANCE_MS);
  });
});
