import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { Response as MiniflareResponse } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestUpdate } from "../../app/updates.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { contentVersionOf, contentVersionStatement } from "../../worker/db/content-version.ts";
import { contentVersionKey, READ_AT } from "../../worker/http/edge-cache/middleware.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { copyBuildWithNewVersion } from "../support/builds.ts";
import { startMigratedDatabase } from "../support/database.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { runTemplates } from "../support/templates.ts";
import { startWorker } from "../support/worker.ts";

// The edge cache (decision 039): visitors' pages and anonymous API answers are kept in caches.default under the
// content version; members and unknown cookies pass by it; a write visitors could see is seen at once.

let app: TestApp;
let author: Awaited<ReturnType<typeof registerUser>>;
let authorCookie: string;

beforeAll(async () => {
  app = await startTestApp({ seed: true, countRoundTrips: true });
  author = await registerUser(app);
  authorCookie = cookieFrom(await postForm(app, "/login", { email: author.email, password: "password123" }));
});
afterAll(() => app?.close());

async function get(path: string, headers: Record<string, string> = {}, site = app.url) {
  const response = await fetch(site + path, {
    headers: { "CF-Connecting-IP": nextClientAddress(), ...headers },
    redirect: "manual",
  });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, cache: response.headers.get("X-Edge-Cache") };
}

const nonceIn = (html: string) => /<script[^>]*nonce="([^"]+)"/.exec(html)?.[1];
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

async function post(context: string, member = author) {
  const response = await api(app, "POST", "/connections", {
    token: member.token,
    body: { movieTitle: `Film for ${context}`, bookTitle: `Book for ${context}`, context },
  });
  expect(response.status).toBe(201);
  return response.body._id as string;
}

describe("a visitor's page", () => {
  it("is rendered once, then served from the edge cache with this request's own nonce", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    expect(["miss", "hit"]).toContain(first.cache);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=120");
    const second = await get("/about");
    expect(second.cache).toBe("hit");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    // The same page, but a nonce of its own, in the scripts and in the CSP alike.
    expect(nonceIn(second.body)).toBe(nonceOf(second.headers.get("Content-Security-Policy")));
    expect(nonceIn(second.body)).not.toBe(nonceIn(first.body));
    expect(second.body.replaceAll(nonceIn(second.body)!, "")).toBe(first.body.replaceAll(nonceIn(first.body)!, ""));
  });

  it("answers a conditional GET with 304 and no body, without a CSP that would replace the stored one", async () => {
    const page = await get("/about");
    const again = await get("/about", { "If-None-Match": page.headers.get("ETag")! });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.get("ETag")).toBe(page.headers.get("ETag"));
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("is kept per What's New dismissal, and passes by the cache with a cookie it does not know", async () => {
    const banner = 'class="whats-new';
    const open = await get("/about");
    expect(open.body).toContain(banner);
    const cookie = { Cookie: `dismissedUpdateBatchId=${latestUpdate.id}` };
    const dismissed = await get("/about", cookie);
    expect(dismissed.cache).toBe("miss");
    expect(dismissed.body).not.toContain(banner);
    expect((await get("/about", cookie)).cache).toBe("hit");
    expect((await get("/about")).body).toContain(banner);

    const unknown = await get("/about", { Cookie: "someone-elses=cookie" });
    expect(unknown.cache).toBe("bypass");
    expect(unknown.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("HEAD", () => {
  it("answers with the headers the GET would, for visitors and members", async () => {
    const head = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(app.url + path, { method: "HEAD", headers });
      expect(await response.text()).toBe("");
      return response;
    };
    for (const path of ["/about", "/api/connections/popular-tags"]) {
      const page = await get(path);
      const answer = await head(path);
      expect(answer.status).toBe(200);
      for (const name of ["Cache-Control", "ETag", "Vary", "Content-Type"]) {
        expect(answer.headers.get(name), `${path} ${name}`).toBe(page.headers.get(name));
      }
      const conditional = await head(path, { "If-None-Match": page.headers.get("ETag")! });
      expect(conditional.status).toBe(304);
    }
    const member = await head("/settings", { Cookie: authorCookie });
    expect(member.status).toBe(200);
    expect(member.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(member.headers.get("ETag")).toBe((await get("/settings", { Cookie: authorCookie })).headers.get("ETag"));
  });
});

describe("an anonymous API answer", () => {
  it("says what it varies on when served from the cache as when it was made", async () => {
    const origin = { Origin: "http://client.example" };
    const made = await get("/api/connections?pageNumber=3", origin);
    const kept = await get("/api/connections?pageNumber=3", origin);
    expect(kept.cache).toBe("hit");
    expect(made.headers.get("Vary")).toBe("Origin, Authorization");
    expect(kept.headers.get("Vary")).toBe(made.headers.get("Vary"));
    const revalidated = await get("/api/connections?pageNumber=3", {
      ...origin,
      "If-None-Match": made.headers.get("ETag")!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Vary")).toBe(made.headers.get("Vary"));
  });
});

describe("a member", () => {
  it("never receives a visitor's kept page, and their own is never kept", async () => {
    const visitor = await get("/");
    expect((await get("/")).cache).toBe("hit");
    expect(visitor.body).not.toContain(author.username);

    const member = await get("/", { Cookie: authorCookie });
    expect(member.cache).toBe("bypass");
    expect(member.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(member.body).toContain(author.username);
    expect(member.body).toContain('class="has-sidebar"');

    const after = await get("/");
    expect(after.cache).toBe("hit");
    expect(after.body).not.toContain(author.username);
    expect(after.body).not.toContain('class="has-sidebar"');
  });

  it("gets a 304 for their own page when it has not changed, still private", async () => {
    const page = await get("/settings", { Cookie: authorCookie });
    expect(page.status).toBe(200);
    const again = await get("/settings", { Cookie: authorCookie, "If-None-Match": page.headers.get("ETag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(again.headers.get("ETag")).toBe(page.headers.get("ETag"));
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("gets their answer marked private even where the route calls it public", async () => {
    const visitor = await get("/feed.xml");
    expect(visitor.headers.get("Cache-Control")).toMatch(/^public/);
    const member = await get("/feed.xml", { Cookie: authorCookie });
    expect(member.status).toBe(200);
    expect(member.cache).toBe("bypass");
    expect(member.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("with a token passes by the API's cache, while anonymous API answers are kept", async () => {
    await api(app, "GET", "/connections/popular-tags");
    const anonymous = await api(app, "GET", "/connections/popular-tags");
    expect(anonymous.headers.get("X-Edge-Cache")).toBe("hit");
    const withToken = await api(app, "GET", "/connections/popular-tags", { token: author.token });
    expect(withToken.headers.get("X-Edge-Cache")).toBe("bypass");
    expect(withToken.headers.get("Cache-Control")).toBe("private, no-cache");
    expect((await api(app, "GET", "/health")).headers.get("X-Edge-Cache")).toBe("bypass");
  });
});

describe("a write visitors could see", () => {
  it("shows a new connection to visitors at once, on the feed and in the API", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    await api(app, "GET", "/connections");
    const context = "A freshly cached-out connection.";
    await post(context);
    const feed = await get("/");
    expect(feed.cache).toBe("miss");
    expect(feed.body).toContain(context);
    const listed = await api(app, "GET", "/connections");
    expect(listed.body.connections[0].context).toBe(context);
  });

  it("takes a deleted connection away at once", async () => {
    const context = "A connection about to be deleted.";
    const id = await post(context);
    expect((await get(`/connections/${id}`)).status).toBe(200);
    expect((await get(`/connections/${id}`)).cache).toBe("hit");
    expect((await get("/")).body).toContain(context);
    expect((await api(app, "DELETE", `/connections/${id}`, { token: author.token })).status).toBe(200);
    expect((await get(`/connections/${id}`)).status).toBe(404);
    expect((await get("/")).body).not.toContain(context);
  });

  it("takes a member's connections away at once when they turn private", async () => {
    const member = await registerUser(app);
    const context = "Soon to be private.";
    const id = await post(context, member);
    expect((await get("/")).body).toContain(context);
    expect((await get(`/connections/${id}`)).cache).toMatch(/miss|hit/);
    expect((await get(`/connections/${id}`)).cache).toBe("hit");
    const updated = await api(app, "PUT", "/users/profile", { token: member.token, body: { isPrivate: true } });
    expect(updated.status).toBe(200);
    expect((await get("/")).body).not.toContain(context);
    expect((await get(`/connections/${id}`)).status).toBe(404);
  });

  it("is not undone by a visitor's request that read the version just before it and kept it just after", async () => {
    const member = await registerUser(app);
    const context = "Private despite a racing visitor.";
    const id = await post(context, member);
    await get(`/connections/${id}`);
    expect((await get(`/connections/${id}`)).cache).toBe("hit");
    // Any write sets the kept version aside (this one writes nothing), so the next visitor reads it with its page.
    await api(app, "POST", "/auth/login", { body: { email: "nobody@example.com", password: "not-the-password" } });
    const cache = await app.edgeCache();
    const versionKey = contentVersionKey(app.url);
    await cache.delete(versionKey);
    const versionRead = (contentVersionStatement(app.db) as { sql: string }).sql;
    const proxy = app.roundTrips!;
    const { answered, release } = proxy.holdNextReply((sql) => sql.includes(versionRead));
    try {
      const racing = get(`/?race=${id}`);
      await answered; // the visitor has read the version; its answer is still on its way
      const updated = await api(app, "PUT", "/users/profile", { token: member.token, body: { isPrivate: true } });
      expect(updated.status).toBe(200);
      release();
      expect((await racing).status).toBe(200);
    } finally {
      release();
      proxy.cancelHold();
    }
    // The racing visitor keeps the version it read once it has answered, in the background: after the write.
    await expect.poll(() => cache.match(versionKey).then(Boolean), { timeout: 5000 }).toBe(true);
    const after = await get(`/connections/${id}`);
    expect(after.status).toBe(404);
    expect(after.body).not.toContain(context);
  });
});

describe("a deploy", () => {
  /** The assets version as a page carries it, in React Router's manifest. */
  const assetsVersion = (version: string) => new RegExp(`"version":\\s*"${version}"`);

  it("leaves the pages kept by the build before behind, whose files it no longer serves, and keeps the API's", async () => {
    const database = await startMigratedDatabase(runTemplates()?.migrated);
    const client = createClient({ url: database.url });
    const storage = mkdtempSync(join(tmpdir(), "moviebooks-deploy-"));
    const nextBuild = copyBuildWithNewVersion();
    const { original, copy } = nextBuild.versions;
    // One site, as a deploy keeps it: the same origin and the same data center's cache, another Worker.
    let port: number | undefined;
    const run = async (build: string | undefined, visits: (site: string) => Promise<void>) => {
      const worker = await startWorker({ databaseUrl: database.url, storage, build, port });
      port = Number(new URL(worker.url).port);
      try {
        // The data center knows the content version (the Worker keeps it 5 s, and three Workers start here), so
        // every request below looks its answer up.
        const version = contentVersionOf(await client.execute(contentVersionStatement(createDatabase(client))));
        const cache = (await worker.miniflare.getCaches()).default;
        await cache.put(
          contentVersionKey(worker.url),
          new MiniflareResponse(String(version), {
            headers: { "Cache-Control": "max-age=600", [READ_AT]: String(Date.now()) },
          }),
        );
        await visits(worker.url);
      } finally {
        await worker.close();
      }
    };
    try {
      await run(undefined, async (site) => {
        const page = await get("/about", {}, site);
        expect(page.cache).toBe("miss");
        expect(page.body).toMatch(assetsVersion(original));
        expect((await get("/about", {}, site)).cache).toBe("hit");
        expect((await get("/api/connections", {}, site)).cache).toBe("miss");
        expect((await get("/api/connections", {}, site)).cache).toBe("hit");
      });
      // The cache outlives the Worker: the same build, started again, still finds what it kept.
      await run(undefined, async (site) => {
        expect((await get("/about", {}, site)).cache).toBe("hit");
      });
      await run(nextBuild.path, async (site) => {
        expect((await get("/api/connections", {}, site)).cache).toBe("hit");
        const page = await get("/about", {}, site);
        expect(page.cache).toBe("miss");
        expect(page.body).toMatch(assetsVersion(copy));
        expect(page.body).not.toContain(original);
        expect((await get("/about", {}, site)).cache).toBe("hit");
      });
    } finally {
      nextBuild.remove();
      client.close();
      rmSync(storage, { recursive: true, force: true });
      await database.close();
    }
  });
});
