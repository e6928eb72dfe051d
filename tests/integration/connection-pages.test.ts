import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_MESSAGES, imageMessages } from "../../worker/core/connections/index.ts";
import { connections } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

let app: TestApp;
let author: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let authorCookie: string;
let otherCookie: string;

beforeAll(async () => {
  app = await startTestApp();
  [author, other] = await Promise.all([registerUser(app), registerUser(app)]);
  authorCookie = cookieFrom(await postForm(app, "/login", { email: author.email, password: author.password }));
  otherCookie = cookieFrom(await postForm(app, "/login", { email: other.email, password: other.password }));
});
afterAll(() => app?.close());

const get = (path: string, cookie?: string) =>
  fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** A multipart form post, as a browser without JavaScript sends one. */
function postMultipart(
  path: string,
  fields: Record<string, string>,
  files: Record<string, Uint8Array>,
  cookie: string,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, bytes] of Object.entries(files))
    body.set(name, new File([bytes as BlobPart], `${name}.png`, { type: "image/png" }));
  return fetch(app.url + path, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: app.url, "CF-Connecting-IP": nextClientAddress() },
    redirect: "manual",
  });
}

const rows = async () => (await app.db.select({ n: count() }).from(connections))[0]!.n;

describe("/create", () => {
  it("sends visitors to /login", async () => {
    const response = await get("/create");
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fcreate");
  });

  it("posts a connection with a screenshot and lands on its page", async () => {
    const response = await postMultipart(
      "/create",
      {
        movieTitle: "Paddington 2",
        bookTitle: "A Bear Called Paddington",
        context: "Marmalade.",
        bookAuthor: "Michael Bond",
        tags: "Family",
      },
      { screenshot: testPng("screenshot", { width: 32, height: 18 }) },
      authorCookie,
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/connections\/[0-9a-f]{24}$/);
    const html = await (await get(location, authorCookie)).text();
    expect(html).toContain("Paddington 2 &amp; A Bear Called Paddington");
    expect(html).toMatch(/<img[^>]+class="card__screenshot"[^>]+src="http:\/\/127\.0\.0\.1:\d+\/images\/screenshots\//);
  });

  it("re-renders with the spec's message and the fields kept, storing nothing", async () => {
    const before = await rows();
    const response = await postMultipart(
      "/create",
      { movieTitle: "Only the movie", tags: "kept-tag" },
      {},
      authorCookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please provide either BOTH Movie Title and Book Title");
    expect(html).toContain('value="Only the movie"');
    expect(html).toContain('value="kept-tag"');
    const badFile = await postMultipart(
      "/create",
      { context: "With a bad file" },
      { bookCover: new TextEncoder().encode("GIF89a but not really") },
      authorCookie,
    );
    expect(badFile.status).toBe(415);
    expect(await badFile.text()).toContain(imageMessages("book cover").invalidType);
    expect(await rows()).toBe(before);
  });
});

describe("the feed and the connection page", () => {
  it("shows members and visitors the feed with filters, tag links and pages", async () => {
    for (let n = 0; n < 11; n++) {
      await api(app, "POST", "/connections", {
        token: author.token,
        body: { context: `Page filler ${n}`, tags: "pager" },
      });
    }
    const feed = await (await get("/?tags=pager", otherCookie)).text();
    expect(feed).toContain("Showing connections tagged");
    expect(feed.match(/class="card( |")/g)).toHaveLength(10);
    expect(feed).toContain('href="/?tags=pager&amp;page=2"');
    const second = await (await get("/?tags=pager&page=2", otherCookie)).text();
    expect(second.match(/class="card( |")/g)).toHaveLength(1);
    expect(second).toContain("Page filler 0");

    const filtered = await (await get("/?director=Nobody%20At%20All", otherCookie)).text();
    expect(filtered).toContain("No connections found matching your filter(s).");
    expect(filtered).toMatch(/<input[^>]+name="director"[^>]+value="Nobody At All"/);
    // Issue 15 (decision 023): visitors get the same feed, after a short welcome.
    const visitors = await (await get("/?tags=pager")).text();
    expect(visitors).toContain("Where movies and books meet.");
    expect(visitors).toContain("Showing connections tagged");
    expect(visitors.match(/class="card( |")/g)).toHaveLength(10);
    expect(visitors).toContain('href="/?tags=pager&amp;page=2"');
  });

  it("shows the author an Edit link, and nobody else", async () => {
    const created = await api(app, "POST", "/connections", { token: author.token, body: { context: "Editable" } });
    const path = `/connections/${created.body._id}`;
    expect(await (await get(path, authorCookie)).text()).toContain(`href="${path}/edit"`);
    expect(await (await get(path, otherCookie)).text()).not.toContain(`href="${path}/edit"`);
    expect(await (await get(path)).text()).toContain("to leave a comment.");
  });

  it("answers bad, unknown and hidden ids with the spec's 404 message", async () => {
    for (const id of ["not-an-id", "0".repeat(24)]) {
      const response = await get(`/connections/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(`Connection with ID ${id} not found.`);
    }
  });

  it("describes the page with the context cut at 155 characters", async () => {
    const context = `${"A".repeat(150)} and then some more words`;
    const created = await api(app, "POST", "/connections", { token: author.token, body: { context } });
    const html = await (await get(`/connections/${created.body._id}`)).text();
    expect(html).toContain(`<meta name="description" content="${context.slice(0, 155)}..."/>`);
  });
});

describe("editing and deleting through the pages", () => {
  it("sends non-authors from the edit page to the connection's page, and lets the author save", async () => {
    const created = await api(app, "POST", "/connections", {
      token: author.token,
      body: { movieTitle: "Heat", bookTitle: "Heat Book", context: "Before" },
    });
    const path = `/connections/${created.body._id}`;
    const denied = await get(`${path}/edit`, otherCookie);
    expect(denied.status).toBe(302);
    expect(denied.headers.get("location")).toBe(path);
    const deniedPost = await postForm(app, `${path}/edit`, { context: "Hijacked" }, { cookie: otherCookie });
    expect(deniedPost.headers.get("location")).toBe(path);

    const form = await (await get(`${path}/edit`, authorCookie)).text();
    expect(form).toMatch(/<input[^>]+value="Heat"[^>]+readOnly|<input[^>]+readOnly[^>]+value="Heat"/i);
    const saved = await postMultipart(
      `${path}/edit`,
      { context: "After", tags: "Crime", bookAuthor: "A. Writer" },
      {},
      authorCookie,
    );
    expect(saved.headers.get("location")).toBe(path);
    const updated = await api(app, "GET", path);
    expect(updated.body).toMatchObject({ context: "After", tags: ["crime"], bookRef: { author: "A. Writer" } });
  });

  it("confirms before deleting without JavaScript, and only for the author", async () => {
    const created = await api(app, "POST", "/connections", { token: author.token, body: { context: "Delete me" } });
    const path = `/connections/${created.body._id}`;
    const confirm = await (await get(`${path}/delete?redirectTo=%2F`, authorCookie)).text();
    expect(confirm).toContain("Are you sure you want to delete this connection?");
    expect((await get(`${path}/delete`, otherCookie)).headers.get("location")).toBe(path);
    // The action refuses; the page then sends the non-author to the connection, as the edit page does.
    const refused = await postForm(app, `${path}/delete`, {}, { cookie: otherCookie });
    expect(refused.headers.get("location")).toBe(path);
    expect((await api(app, "GET", path)).status).toBe(200);

    const deleted = await postForm(app, `${path}/delete`, { redirectTo: path }, { cookie: authorCookie });
    expect(deleted.headers.get("location")).toBe("/");
    expect((await api(app, "GET", path)).status).toBe(404);
  });

  it("keeps a text-only post from losing its context on edit", async () => {
    const created = await api(app, "POST", "/connections", { token: author.token, body: { context: "Text only" } });
    const response = await postMultipart(`/connections/${created.body._id}/edit`, { context: "   " }, {}, authorCookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONNECTION_MESSAGES.needTitlesOrContext.slice(0, 40));
  });
});
