import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../scripts/local-db/server.ts";
import { migrateDatabase } from "../../scripts/migrate.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { type RunningWorker, startWorker } from "../support/worker.ts";

/**
 * One outage path (issue 18): with the database gone mid-run, every door answers 503, the API as `{message}` and the
 * pages with the site's error page, whatever the request carries; and everything works again once it is back.
 */

const OUTAGE_MESSAGE = "MovieBooks is temporarily unavailable. Please try again in a few minutes.";

let directory: string;
let file: string;
let database: LocalDbServer;
let worker: RunningWorker;
let app: { url: string };
let member: Awaited<ReturnType<typeof registerUser>>;
let cookie: string;
let connectionId: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "moviebooks-outage-"));
  file = join(directory, "test.db");
  database = await startLocalDbServer({ file, port: 0 });
  await migrateDatabase(database.url);
  worker = await startWorker({ databaseUrl: database.url });
  app = { url: worker.url };
  member = await registerUser(app as never);
  cookie = cookieFrom(await postForm(app as never, "/login", { email: member.email, password: member.password }));
  const posted = await api(app, "POST", "/connections", {
    token: member.token,
    body: { movieTitle: "Solaris", bookTitle: "Solaris", context: "Both end at the ocean." },
  });
  connectionId = posted.body._id;
  // The database goes away while the Worker keeps running.
  await database.close();
});

afterAll(async () => {
  await worker?.close();
  await database?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A request as a browser or a client sends it, answered without following redirects. */
function request(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return fetch(app.url + path, { redirect: "manual", ...init, headers: { Origin: app.url, ...headers } });
}

describe("while the database cannot be reached", () => {
  it.each([
    ["no token", {}],
    ["a Bearer token", () => ({ Authorization: `Bearer ${member.token}` })],
    ["a bad Bearer token", { Authorization: "Bearer not-a-token" }],
    ["a session cookie", () => ({ Cookie: cookie })],
  ])("the API answers 503 {message} to a request with %s", async (_case, headers) => {
    const sent = typeof headers === "function" ? headers() : headers;
    for (const path of ["/api/connections", `/api/connections/${connectionId}`, "/api/health"]) {
      const response = await request(path, sent);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(await response.json(), path).toEqual({ message: OUTAGE_MESSAGE });
      expect(response.headers.get("retry-after"), path).toMatch(/^\d+$/);
    }
  });

  it("answers a member's own calls with 503, not as a visitor's", async () => {
    const response = await request("/api/users/me", { Authorization: `Bearer ${member.token}` });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: OUTAGE_MESSAGE });
  });

  it("answers a write through the API with 503 too", async () => {
    const response = await request(
      "/api/auth/login",
      { "Content-Type": "application/json" },
      {
        method: "POST",
        body: JSON.stringify({ email: member.email, password: member.password }),
      },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: OUTAGE_MESSAGE });
  });

  it.each([
    ["a visitor", {}, []],
    ["a member's cookie", () => ({ Cookie: cookie }), ["/settings", "/notifications"]],
    ["a Bearer token", () => ({ Authorization: `Bearer ${member.token}` }), []],
  ])("pages show the site's error page with a 503 to %s", async (_case, headers, membersPages) => {
    const sent = typeof headers === "function" ? headers() : headers;
    for (const path of ["/", `/connections/${connectionId}`, `/users/${member._id}`, ...membersPages]) {
      const response = await request(path, sent);
      expect(response.status, path).toBe(503);
      const html = await response.text();
      expect(html, path).toContain("<title>Temporarily unavailable | MovieBooks</title>");
      expect(html, path).toContain(OUTAGE_MESSAGE);
      expect(html, path).not.toMatch(/not found/i);
    }
  });

  it("shows a page that needs no database to a visitor, and the error page to a member it cannot know", async () => {
    expect((await request("/about")).status).toBe(200);
    const member = await request("/about", { Cookie: cookie });
    expect(member.status).toBe(503);
    expect(await member.text()).toContain(OUTAGE_MESSAGE);
  });

  it("answers a page's form post with the error page and a 503", async () => {
    const response = await postForm(app as never, "/login", { email: member.email, password: member.password });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(OUTAGE_MESSAGE);
    const comment = await postForm(
      app as never,
      `/connections/${connectionId}`,
      { intent: "add-comment", text: "Still there?" },
      { cookie },
    );
    expect(comment.status).toBe(503);
  });

  it("answers a client-side navigation's data request with a 503", async () => {
    const response = await request(`/connections/${connectionId}.data`, { Cookie: cookie });
    expect(response.status).toBe(503);
  });

  it("answers feeds, sitemaps and share images with a 503", async () => {
    for (const path of ["/feed.xml", "/sitemap.xml", `/images/share/${connectionId}-00000000.png`]) {
      const response = await request(path);
      expect(response.status, path).toBe(503);
      expect(await response.text(), path).toBe(OUTAGE_MESSAGE);
    }
  });
});

describe("once the database is back", () => {
  it("answers as before, the member still logged in", async () => {
    // The same file on the same port, as a restarted database server would be.
    database = await startLocalDbServer({ file, port: database.port });
    const me = await api(app, "GET", "/users/me", { token: member.token });
    expect(me.status).toBe(200);
    const page = await request(`/connections/${connectionId}`, { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Both end at the ocean.");
  });
});
