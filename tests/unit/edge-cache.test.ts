import { createClient } from "@libsql/client";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppEnv, RequestServices } from "../../worker/context.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { edgeCache, READ_AT } from "../../worker/http/edge-cache/middleware.ts";
import { etagMatches, freshness, storagePolicy, visitorVariant, weakEtag } from "../../worker/http/edge-cache/rules.ts";

const ORIGIN = "https://moviebooks.example";

describe("which requests the edge cache may answer", () => {
  const request = (headers: Record<string, string> = {}, method = "GET") =>
    new Request(`${ORIGIN}/`, { method, headers });

  it("keeps a visitor's page per cookie it is rendered from, and an API answer per origin", () => {
    expect(visitorVariant(request(), "page")).toBe("");
    expect(visitorVariant(request({ Cookie: "dismissedUpdateBatchId=2026-11" }), "page")).toBe(
      "dismissedUpdateBatchId=2026-11",
    );
    expect(visitorVariant(request(), "api")).toBe("origin=");
    expect(visitorVariant(request({ Origin: "https://app.example" }), "api")).toBe("origin=https://app.example");
  });

  it("passes members, tokens, unknown cookies and other methods by", () => {
    expect(visitorVariant(request({ Cookie: "mb_session=token" }), "page")).toBeNull();
    expect(visitorVariant(request({ Cookie: "dismissedUpdateBatchId=x; mb_session=token" }), "page")).toBeNull();
    expect(visitorVariant(request({ Cookie: "flash=Saved" }), "page")).toBeNull();
    expect(visitorVariant(request({ Authorization: "Bearer token" }), "api")).toBeNull();
    expect(visitorVariant(request({ Cookie: "dismissedUpdateBatchId=x" }), "api")).toBeNull();
    expect(visitorVariant(request({}, "POST"), "page")).toBeNull();
  });
});

describe("how long an answer may be kept", () => {
  it("reads s-maxage before max-age, and stale-while-revalidate", () => {
    expect(storagePolicy("public, max-age=0, s-maxage=30, stale-while-revalidate=120")).toEqual({
      maxAge: 30,
      staleWhileRevalidate: 120,
    });
    expect(storagePolicy("public, max-age=300")).toEqual({ maxAge: 300, staleWhileRevalidate: 0 });
  });

  it("keeps nothing private, unstorable, unshared or without a lifetime", () => {
    for (const header of [null, "", "private, max-age=60", "no-store", "public, no-cache, max-age=60", "max-age=60"]) {
      expect(storagePolicy(header), String(header)).toBeNull();
    }
    expect(storagePolicy("public, max-age=0")).toBeNull();
  });

  it("serves fresh, then stale while it fetches again, then nothing", () => {
    const policy = { maxAge: 30, staleWhileRevalidate: 120 };
    expect(freshness(0, policy)).toBe("fresh");
    expect(freshness(29.9, policy)).toBe("fresh");
    expect(freshness(30, policy)).toBe("stale");
    expect(freshness(149.9, policy)).toBe("stale");
    expect(freshness(150, policy)).toBe("expired");
  });
});

describe("ETags", () => {
  it("leave the nonce out, so two renders of the same page match", async () => {
    const first = await weakEtag('<script nonce="aaa">x</script>', "aaa");
    expect(first).toMatch(/^W\/"[\w-]+"$/);
    expect(await weakEtag('<script nonce="bbb">x</script>', "bbb")).toBe(first);
    expect(await weakEtag('<script nonce="bbb">y</script>', "bbb")).not.toBe(first);
  });

  it("match If-None-Match weakly, in lists and as *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
  });
});

/** The Cache API as workerd has it, by URL, honoring nothing but what the middleware relies on. */
class MemoryCache {
  entries = new Map<string, Response>();
  async match(key: string) {
    return this.entries.get(key)?.clone();
  }
  async put(key: string, response: Response) {
    this.entries.set(key, response.clone());
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
}

describe("the edge cache middleware", () => {
  /** A database the middleware only builds its version's statement with; the statement rides `roundTrips`. */
  const statementsOnly = createDatabase(createClient({ url: ":memory:" }));
  let cache: MemoryCache;
  let renders: number;
  let databaseVersion: number;
  let background: Promise<unknown>[];
  let app: Hono<AppEnv>;
  /** The pages' build's assets version, as the middleware is handed it. */
  let assetsVersion: () => Promise<string>;
  const ctx = () => ({
    waitUntil: (promise: Promise<unknown>) => background.push(promise),
    passThroughOnException() {},
  });
  /** The version this data center read just now, so no database is asked. */
  const knowVersion = (version: number) =>
    cache.entries.set(
      `${ORIGIN}/_edge/content-version`,
      new Response(String(version), { headers: { [READ_AT]: String(Date.now()) } }),
    );
  const fetchApp = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.request(`${ORIGIN}${path}`, { headers }, {}, ctx() as never);
    await Promise.all(background);
    return { cache: response.headers.get("X-Edge-Cache"), body: await response.text() };
  };

  beforeEach(() => {
    cache = new MemoryCache();
    vi.stubGlobal("caches", { default: cache });
    knowVersion(7);
    databaseVersion = 7;
    renders = 0;
    assetsVersion = async () => "build-1";
    background = [];
    app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("services", { nonce: "nonce", db: statementsOnly } as RequestServices);
      // The database's version, riding with the page's reads, when the data center's is set aside.
      c.set("roundTrips", { ride: async () => ({ rows: [[databaseVersion]] }), pull() {} } as never);
      await next();
    });
    app.use(
      "*",
      edgeCache({
        appFetch: (request, env, executionCtx) => app.fetch(request, env, executionCtx),
        pageAssetsVersion: () => assetsVersion(),
      }),
    );
    app.get("/page", (c) => c.html(`render ${++renders}`));
    app.get("/api/page", (c) => c.json({ render: ++renders }));
    app.get("/short", (c) =>
      c.html(`render ${++renders}`, 200, { "Cache-Control": "public, s-maxage=1, stale-while-revalidate=60" }),
    );
    app.get("/cookie", (c) => c.html(`render ${++renders}`, 200, { "Set-Cookie": "flash=Saved" }));
    app.get("/secret", (c) => c.html(`render ${++renders}`, 200, { "Cache-Control": "no-store" }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("keeps a visitor's page under the content version", async () => {
    expect(await fetchApp("/page")).toEqual({ cache: "miss", body: "render 1" });
    expect(await fetchApp("/page")).toEqual({ cache: "hit", body: "render 1" });
    expect([...cache.entries.keys()]).toContain(`${ORIGIN}/_edge/page/build-1/7//page`);
  });

  it("leaves pages out of the cache when the pages' build cannot be loaded", async () => {
    assetsVersion = () => Promise.reject(new Error("no build"));
    expect(await fetchApp("/page")).toEqual({ cache: null, body: "render 1" });
    expect(await fetchApp("/page")).toEqual({ cache: null, body: "render 2" });
  });

  it("keeps pages per build, and API answers across builds", async () => {
    await fetchApp("/page");
    await fetchApp("/api/page");
    assetsVersion = async () => "build-2";
    expect(await fetchApp("/page")).toEqual({ cache: "miss", body: "render 3" });
    expect(await fetchApp("/page")).toEqual({ cache: "hit", body: "render 3" });
    expect(await fetchApp("/api/page")).toEqual({ cache: "hit", body: '{"render":2}' });
  });

  it("never keeps an answer that sets a cookie or says no-store", async () => {
    expect(await fetchApp("/cookie")).toEqual({ cache: "bypass", body: "render 1" });
    expect(await fetchApp("/cookie")).toEqual({ cache: "bypass", body: "render 2" });
    expect(await fetchApp("/secret")).toEqual({ cache: "bypass", body: "render 3" });
    expect(await fetchApp("/secret")).toEqual({ cache: "bypass", body: "render 4" });
  });

  it("neither serves nor keeps a member's page", async () => {
    await fetchApp("/page");
    expect(await fetchApp("/page", { Cookie: "mb_session=token" })).toEqual({ cache: "bypass", body: "render 2" });
    expect(await fetchApp("/page")).toEqual({ cache: "hit", body: "render 1" });
  });

  it("serves a stale page while it renders it again, then the new one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(await fetchApp("/short")).toEqual({ cache: "miss", body: "render 1" });
    vi.setSystemTime(Date.now() + 2000);
    expect(await fetchApp("/short")).toEqual({ cache: "stale", body: "render 1" });
    expect(renders).toBe(2);
    expect(await fetchApp("/short")).toEqual({ cache: "hit", body: "render 2" });
    vi.setSystemTime(Date.now() + 120_000);
    knowVersion(7);
    expect(await fetchApp("/short")).toEqual({ cache: "miss", body: "render 3" });
  });

  it("sets aside a version read in the same millisecond as a write, or without its read time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    knowVersion(7);
    databaseVersion = 8;
    cache.entries.set(`${ORIGIN}/_edge/content-written`, new Response(String(Date.now())));
    expect(await fetchApp("/page")).toEqual({ cache: "miss", body: "render 1" });
    expect([...cache.entries.keys()]).toContain(`${ORIGIN}/_edge/page/build-1/8//page`);
    cache.entries.delete(`${ORIGIN}/_edge/content-written`);
    // Not known, so rendered with the database's version (and kept under it), never looked up under 7.
    cache.entries.set(`${ORIGIN}/_edge/content-version`, new Response("7"));
    expect(await fetchApp("/page")).toEqual({ cache: "miss", body: "render 2" });
    expect([...cache.entries.keys()].filter((key) => key.includes("/_edge/page/"))).toEqual([
      `${ORIGIN}/_edge/page/build-1/8//page`,
    ]);
  });

  it("answers a write whose mark cannot be kept", async () => {
    app.post("/write", (c) => c.text("written"));
    const put = cache.put.bind(cache);
    cache.put = async (key, response) => {
      if (key.endsWith("/_edge/content-written")) throw new Error("cache unavailable");
      return put(key, response);
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await app.request(`${ORIGIN}/write`, { method: "POST" }, {}, ctx() as never);
    expect(await response.text()).toBe("written");
    expect(warn).toHaveBeenCalledWith("Edge cache: a write went unmarked", expect.any(Error));
    await Promise.all(background);
    expect(cache.entries.has(`${ORIGIN}/_edge/content-version`)).toBe(false);
  });

  it("sets the content version aside after a write, before answering, so the next visitor reads it again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    app.post("/write", (c) => c.text("written"));
    expect(await fetchApp("/page")).toEqual({ cache: "miss", body: "render 1" });
    databaseVersion = 8;
    vi.setSystemTime(Date.now() + 1);
    await app.request(`${ORIGIN}/write`, { method: "POST" }, {}, ctx() as never);
    expect(Number(await cache.entries.get(`${ORIGIN}/_edge/content-written`)?.clone().text())).toBe(Date.now());
    vi.setSystemTime(Date.now() + 1);
    expect(await fetchApp("/page")).toEqual({ cache: "miss", body: "render 2" });
    expect([...cache.entries.keys()]).toContain(`${ORIGIN}/_edge/page/build-1/8//page`);
    expect(await fetchApp("/page")).toEqual({ cache: "hit", body: "render 2" });
  });
});
