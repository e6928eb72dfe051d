import { parseFeed } from "@rowanmanning/feed-parser";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_ENTRIES, FEED_PAGES, SITEMAP_PAGE_SIZE } from "../../worker/core/discovery/index.ts";
import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { connections, connectionTags, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";
import { atom, sitemapIndexEntries, sitemapUrls, xmlProblems, xpath } from "../support/xml.ts";

// Issue 15, API.md "For other clients and the open web": robots.txt, the sitemap index and its pages, the Atom
// feeds and the web app manifest. Feeds and sitemaps show only what a visitor may see (decision 022).

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>>;
let author: Member;
let hidden: Member; // private
let suspended: Member;
let turning: Member; // public, then private
let follower: Member; // follows `hidden`, blocked `author`
let moderator: Member;
const posts: Record<string, { _id: string; movieRef: { _id: string } | null; bookRef: { _id: string } | null }> = {};

// Control characters are refused when posted (text-and-size-rules.test.ts); a noncharacter XML cannot carry is not.
const HOSTILE = `Hostile <script>alert("x")</script> & ]]> <![CDATA[ e\uFFFEnd\uFFFF`;
const HOSTILE_CLEAN = `Hostile <script>alert("x")</script> & ]]> <![CDATA[ end`;
const HOSTILE_TAG = `<b>"&'</b>`;

async function post(member: Member, body: Record<string, string>) {
  const response = await api(app, "POST", "/connections", { token: member.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as (typeof posts)[string];
}

beforeAll(async () => {
  app = await startTestApp({ countRoundTrips: true });
  [author, hidden, suspended, turning, follower] = [
    await registerUser(app),
    await registerUser(app),
    await registerUser(app),
    await registerUser(app),
    await registerUser(app),
  ];
  await api(app, "PUT", "/users/profile", { token: author.token, body: { displayName: "Ada & <Co>" } });
  posts.pair = await post(author, {
    movieTitle: "Dune",
    movieYear: "2021",
    movieDirector: "Denis Villeneuve",
    movieActors: "Timothée Chalamet, Denis Villeneuve, 宮崎 駿",
    bookTitle: "Dune",
    bookAuthor: "Frank Herbert",
    context: "Sand, spice and a long book.",
    tags: "adaptation, Sci-Fi",
  });
  posts.hostile = await post(author, { context: HOSTILE, tags: `${HOSTILE_TAG}, adaptation` });
  posts.hidden = await post(hidden, {
    movieTitle: "Secret Film",
    movieDirector: "Hidden Director",
    bookTitle: "Secret Novel",
    bookAuthor: "Hidden Author",
    context: "Only my followers see this.",
    tags: "secret-tag, adaptation",
  });
  posts.suspended = await post(suspended, {
    movieTitle: "Banned Film",
    movieActors: "Banned Actor",
    bookTitle: "Banned Novel",
    context: "Posted before the suspension.",
    tags: "banned-tag, adaptation",
  });
  posts.turning = await post(turning, { movieTitle: "Turning Film", context: "Public for now.", tags: "turning-tag" });
  await api(app, "PUT", "/users/profile", { token: hidden.token, body: { isPrivate: true } });
  await api(app, "POST", `/follows/${hidden._id}`, { token: follower.token });
  await api(app, "POST", `/follows/requests/${follower._id}/accept`, { token: hidden.token });
  await api(app, "POST", `/blocks/${author._id}`, { token: follower.token });
  moderator = await registerModerator(app);
  await api(app, "POST", "/reports", {
    token: follower.token,
    body: { targetType: "user", targetId: suspended._id, reason: "spam" },
  });
  const resolved = await api(app, "POST", `/moderation/reports/${await openCaseOf(app, suspended._id)}/resolve`, {
    token: moderator.token,
    body: { action: "suspend" },
  });
  expect(resolved.status).toBe(200);
});
afterAll(() => app?.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { headers });
  return { response, text: await response.text() };
}

/** A feed fetched, checked against RFC 4287's required elements with libxml2, and read by a feed library. */
async function feed(path: string, headers: Record<string, string> = {}) {
  const { response, text } = await get(path, headers);
  expect(response.status, `${path}: ${text}`).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  // The same feed for everyone, but a member's answer is never shared (decision 039).
  expect(response.headers.get("cache-control")).toBe(headers.Cookie ? "private, no-cache" : "public, max-age=300");
  expect(await xmlProblems(text)).toEqual([]);
  await expectAtomStructure(text);
  const parsed = parseFeed(text);
  expect(parsed.meta.type).toBe("atom");
  return { text, parsed };
}

async function expectAtomStructure(text: string) {
  const root = `/${atom("feed")}`;
  const entries = `${root}/${atom("entry")}`;
  const one = (name: string) => `count(${atom(name)}) = 1`;
  const checks: Array<[string, string]> = [
    ["the root is an Atom feed", `count(${root}) = 1`],
    ["the feed has one id, title and updated", `${root}[${one("id")} and ${one("title")} and ${one("updated")}]`],
    [
      "the feed links to itself and its page",
      `${root}[${atom("link")}[@rel='self'] and ${atom("link")}[@rel='alternate']]`,
    ],
    ["the feed has an author with a name", `${root}/${atom("author")}/${atom("name")}`],
    [
      "every entry has one id, title, updated and published, a link, an author and its content",
      `count(${entries}) = count(${entries}[${one("id")} and ${one("title")} and ${one("updated")} and ${one("published")}
        and ${atom("link")}[@rel='alternate'] and ${atom("author")}/${atom("name")} and ${one("content")}])`,
    ],
    [
      "text constructs are plain text",
      `count(//*[@type and @type != 'text' and @type != 'text/html' and @type != 'application/atom+xml']) = 0`,
    ],
  ];
  for (const [label, expression] of checks) {
    expect(await xpath(text, `boolean(${expression})`), label).toBe("true");
  }
}

const ids = (parsed: ReturnType<typeof parseFeed>) => parsed.items.map((item) => item.url?.split("/").pop());

describe("the site feed", () => {
  it("is valid Atom with the newest public connections, newest first, each fully described", async () => {
    const { parsed } = await feed(FEED_PATHS.site);
    expect(parsed.title).toBe("MovieBooks");
    expect(parsed.self).toBe(`${app.url}/feed.xml`);
    expect(parsed.url).toBe(`${app.url}/`);
    expect(ids(parsed)).toEqual([posts.turning!._id, posts.hostile!._id, posts.pair!._id]);
    const pair = parsed.items.find((item) => item.url?.endsWith(posts.pair!._id))!;
    expect(pair).toMatchObject({
      id: `${app.url}/connections/${posts.pair!._id}`,
      title: "Dune & Dune",
      content: "Sand, spice and a long book.",
      authors: [{ name: "Ada & <Co>", url: `${app.url}/users/${author._id}` }],
    });
    expect(pair.published).toBeInstanceOf(Date);
    expect(pair.updated).toBeInstanceOf(Date);
    expect(pair.categories.map((category) => category.term)).toEqual(["adaptation", "sci-fi"]);
    expect(parsed.updated?.toISOString()).toBe(parsed.items[0]!.updated?.toISOString());
  });

  it("keeps hostile text as text: no markup, no CDATA break, no character XML forbids", async () => {
    const { text, parsed } = await feed(FEED_PATHS.site);
    expect(text).not.toContain("<script>");
    expect(text).not.toContain("<![CDATA[");
    expect(text).not.toContain("<b>");
    const hostile = parsed.items.find((item) => item.url?.endsWith(posts.hostile!._id))!;
    expect(hostile.content).toBe(HOSTILE_CLEAN);
    // A text-only post is titled by its context, on one line.
    expect(hostile.title).toBe(HOSTILE_CLEAN.replace(/\s+/g, " "));
    expect(hostile.categories.map((category) => category.term)).toEqual([HOSTILE_TAG.toLowerCase(), "adaptation"]);
  });

  it("is anonymous: a member's session shows neither whom they follow privately nor the effect of their blocks", async () => {
    const cookie = cookieFrom(await postForm(app, "/login", { email: follower.email, password: follower.password }));
    const { parsed } = await feed(FEED_PATHS.site, { Cookie: cookie });
    expect(ids(parsed)).toEqual([posts.turning!._id, posts.hostile!._id, posts.pair!._id]);
  });
});

describe("tag, member, movie and book feeds", () => {
  it("list one tag's public connections, whatever the case the tag is asked in", async () => {
    for (const path of [FEED_PATHS.tag("adaptation"), "/tags/ADAPTATION/feed.xml", "/tags/%20Adaptation%20/feed.xml"]) {
      const { parsed } = await feed(path);
      expect(parsed.title).toBe("#adaptation on MovieBooks");
      expect(parsed.self).toBe(`${app.url}/tags/adaptation/feed.xml`);
      expect(parsed.url).toBe(`${app.url}/?tags=adaptation`);
      expect(ids(parsed)).toEqual([posts.hostile!._id, posts.pair!._id]);
    }
    const { parsed } = await feed(FEED_PATHS.tag(HOSTILE_TAG));
    expect(ids(parsed)).toEqual([posts.hostile!._id]);
  });

  it("answer 404 with a plain reason for a tag no public connection carries", async () => {
    for (const tag of ["never-used", "secret-tag", "banned-tag", "a,b", " ", "%"]) {
      const { response, text } = await get(`/tags/${encodeURIComponent(tag)}/feed.xml`);
      expect(response.status, tag).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=UTF-8");
      expect(text).toBe("No feed for this tag: no public connection carries it.");
    }
  });

  it("list a public member's connections, and answer 404 for a private, suspended, unknown or malformed member", async () => {
    const { parsed } = await feed(FEED_PATHS.member(author._id));
    expect(parsed.title).toBe("Ada & <Co> on MovieBooks");
    expect(ids(parsed)).toEqual([posts.hostile!._id, posts.pair!._id]);
    for (const id of [hidden._id, suspended._id, "0123456789abcdef01234567", "not-an-id"]) {
      const { response, text } = await get(`/users/${id}/feed.xml`);
      expect(response.status, id).toBe(404);
      expect(text).toBe("No feed for this member.");
    }
  });

  it("list a movie's and a book's public connections; unknown ones are 404", async () => {
    const movie = await feed(FEED_PATHS.movie(posts.pair!.movieRef!._id));
    expect(movie.parsed.title).toBe("Dune (2021) on MovieBooks");
    expect(ids(movie.parsed)).toEqual([posts.pair!._id]);
    const book = await feed(FEED_PATHS.book(posts.pair!.bookRef!._id));
    expect(book.parsed.title).toBe("Dune by Frank Herbert on MovieBooks");
    expect(ids(book.parsed)).toEqual([posts.pair!._id]);
    // A movie only a private member wrote about exists, but its feed shows nothing of theirs.
    const secret = await feed(FEED_PATHS.movie(posts.hidden!.movieRef!._id));
    expect(secret.parsed.items).toEqual([]);
    for (const path of ["/movies/0123456789abcdef01234567/feed.xml", "/books/nope/feed.xml"]) {
      const { response, text } = await get(path);
      expect(response.status, path).toBe(404);
      expect(text).toMatch(/^(Movie|Book) not found$/);
    }
  });

  it("answer every tag and id with a feed or a 404, never a failure", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("tags", "users", "movies", "books"),
        fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[0-9a-f]{24}$/)),
        async (kind, value) => {
          const { response } = await get(`/${kind}/${encodeURIComponent(value)}/feed.xml`);
          expect([200, 404], `${kind} ${JSON.stringify(value)}`).toContain(response.status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the sitemap", () => {
  async function allSitemapUrls() {
    const { response, text } = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const children = (await sitemapIndexEntries(text)).map((entry) => entry.url);
    const urls: Array<{ url: string; lastmod?: string }> = [];
    for (const child of children) {
      expect(child.startsWith(`${app.url}/sitemaps/`), child).toBe(true);
      const page = await get(new URL(child).pathname);
      expect(page.response.status, child).toBe(200);
      expect(page.response.headers.get("cache-control")).toBe("public, max-age=300");
      const listed = await sitemapUrls(page.text);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThanOrEqual(Math.min(SITEMAP_PAGE_SIZE, 50_000));
      urls.push(...listed);
    }
    return { children, urls: urls.map((entry) => entry.url), entries: urls };
  }

  it("indexes schema-valid child sitemaps of the public connections, movies, books, members and people, each with lastmod", async () => {
    const { children, urls, entries } = await allSitemapUrls();
    expect(children.map((child) => new URL(child).pathname)).toEqual([
      "/sitemaps/connections-1.xml",
      "/sitemaps/movies-1.xml",
      "/sitemaps/books-1.xml",
      "/sitemaps/members-1.xml",
      "/sitemaps/people-1.xml",
    ]);
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.lastmod ?? "")), entry.url).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
    // Exactly the public rows, each once: 3 connections, 2 movies, 1 book, 4 members and 4 people.
    const listed = (kind: string) => urls.filter((url) => url.startsWith(`${app.url}/${kind}/`)).sort();
    expect(listed("connections")).toEqual(
      [posts.pair!._id, posts.hostile!._id, posts.turning!._id].map((id) => `${app.url}/connections/${id}`).sort(),
    );
    expect(listed("movies")).toEqual(
      [posts.pair!.movieRef!._id, posts.turning!.movieRef!._id].map((id) => `${app.url}/movies/${id}`).sort(),
    );
    expect(listed("books")).toEqual([`${app.url}/books/${posts.pair!.bookRef!._id}`]);
    expect(listed("users")).toEqual(
      [author, turning, follower, moderator].map((member) => `${app.url}/users/${member._id}`).sort(),
    );
    expect(urls).toHaveLength(3 + 2 + 1 + 4 + 4);
    // Each person once, whatever their roles; other scripts' slugs URL-escaped.
    const people = urls.filter((url) => url.startsWith(`${app.url}/people/`)).map((url) => url.slice(app.url.length));
    expect(people.sort()).toEqual(
      [
        "/people/denis-villeneuve",
        "/people/frank-herbert",
        "/people/timothee-chalamet",
        `/people/${encodeURIComponent("宮崎")}-${encodeURIComponent("駿")}`,
      ].sort(),
    );
  });

  it("lists nothing private: no private or suspended member, nothing of theirs, not the catalog only they wrote about", async () => {
    const { urls } = await allSitemapUrls();
    const listed = urls.join("\n");
    for (const secret of [hidden._id, suspended._id, posts.hidden!._id, posts.suspended!._id]) {
      expect(listed).not.toContain(secret);
    }
    for (const person of ["hidden-director", "hidden-author", "banned-actor"]) expect(listed).not.toContain(person);
    for (const only of [posts.hidden!, posts.suspended!]) {
      expect(listed).not.toContain(only.movieRef!._id);
      expect(listed).not.toContain(only.bookRef!._id);
    }
  });

  it("answers 404 for an unknown source, a page past the end and a malformed name", async () => {
    for (const name of [
      "connections-2",
      "connections-0",
      "people-2",
      "nobody-1",
      "connections-01",
      "connections-1.xml.gz",
      "x",
    ]) {
      const { response, text } = await get(`/sitemaps/${name}.xml`);
      expect(response.status, name).toBe(404);
      expect(text).toBe("No such sitemap.");
    }
  });
});

describe("privacy over time", () => {
  it("drops a member who turns private from every feed and sitemap at once", async () => {
    expect(ids((await feed(FEED_PATHS.site)).parsed)).toContain(posts.turning!._id);
    await api(app, "PUT", "/users/profile", { token: turning.token, body: { isPrivate: true } });
    expect(ids((await feed(FEED_PATHS.site)).parsed)).not.toContain(posts.turning!._id);
    expect((await get(FEED_PATHS.member(turning._id))).response.status).toBe(404);
    expect((await get(FEED_PATHS.tag("turning-tag"))).response.status).toBe(404);
    expect((await feed(FEED_PATHS.movie(posts.turning!.movieRef!._id))).parsed.items).toEqual([]);
    const index = await get("/sitemap.xml");
    const urls = [];
    for (const child of await sitemapIndexEntries(index.text)) {
      urls.push(...(await sitemapUrls((await get(new URL(child.url).pathname)).text)).map((entry) => entry.url));
    }
    expect(urls.join("\n")).not.toContain(turning._id);
    expect(urls.join("\n")).not.toContain(posts.turning!._id);
    await api(app, "PUT", "/users/profile", { token: turning.token, body: { isPrivate: false } });
    expect(ids((await feed(FEED_PATHS.site)).parsed)).toContain(posts.turning!._id);
  });
});

describe("sitemap pages at scale", () => {
  it(`pages connections by rowid, at most ${SITEMAP_PAGE_SIZE} to a page, each public one exactly once`, async () => {
    const count = SITEMAP_PAGE_SIZE + 300;
    // Old connections written straight into the table (the triggers keep every count and copy), a private
    // member's among them.
    await app.db.run(sql`insert into ${connections} (id, user_id, context, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      select printf('%08x%016x', 1600000000 + i, i), case when i % 10 = 0 then ${hidden._id} else ${follower._id} end,
        'Bulk ' || i, (1600000000 + i) * 1000 from n`);
    const publicIds = (
      await app.db.select({ id: connections.id }).from(connections).where(eq(connections.ownerPrivate, false))
    ).map((row) => `${app.url}/connections/${row.id}`);
    const { text } = await get("/sitemap.xml");
    const pages = (await sitemapIndexEntries(text))
      .map((entry) => new URL(entry.url).pathname)
      .filter((path) => path.startsWith("/sitemaps/connections-"));
    expect(pages).toEqual(["/sitemaps/connections-1.xml", "/sitemaps/connections-2.xml"]);
    const listed: string[] = [];
    for (const path of pages) {
      const urls = await sitemapUrls((await get(path)).text);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_PAGE_SIZE);
      listed.push(...urls.map((entry) => entry.url));
    }
    expect(listed.sort()).toEqual(publicIds.sort());
    expect((await get("/sitemaps/connections-3.xml")).response.status).toBe(404);
    expect((await get("/sitemaps/connections-999999999.xml")).response.status).toBe(404);
    await app.db.delete(connections).where(sql`${connections.context} like 'Bulk %'`);
    const [{ n }] = (await app.db.select({ n: sql<number>`count(*)` }).from(users)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});

/** The SQL statements (with their arguments) the Worker sent while answering `path`, as the proxy saw them. */
async function statementsFor(path: string) {
  app.roundTrips!.reset();
  // A cookie the edge cache does not know passes it by (decision 039): the page is rendered, and its reads are seen.
  await get(path, { Cookie: "query-plans=read" });
  const statements: Array<{ sql: string; args: unknown[] }> = [];
  const collect = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    const { sql: text, args } = value as { sql?: unknown; args?: Array<{ type: string; value?: string }> };
    // Reads only: the viewer's session lookup and a batch's transaction statements are not the page's.
    if (typeof text === "string" && /^\s*(select|with)\b/i.test(text) && !/\bsessions\b/.test(text)) {
      const values = (args ?? []).map((arg) => (arg.type === "integer" ? Number(arg.value) : (arg.value ?? null)));
      statements.push({ sql: text, args: values });
    }
    for (const child of Object.values(value)) collect(child);
  };
  for (const request of await app.roundTrips!.settle()) collect(JSON.parse(request.body.toString()));
  return statements;
}

describe("query plans", () => {
  it("read every sitemap page and the index's probes by rowid range, never walking a table or an index", async () => {
    for (const path of [
      "/sitemap.xml",
      ...["connections", "movies", "books", "members", "people"].map((n) => `/sitemaps/${n}-1.xml`),
    ]) {
      const statements = await statementsFor(path);
      expect(statements.length, path).toBeGreaterThan(0);
      for (const { sql: text, args } of statements) {
        const plan = await app.db.all<{ detail: string }>(sql.raw(`EXPLAIN QUERY PLAN ${bind(text, args)}`));
        const details = plan.map((row) => row.detail);
        expect(
          details.filter((detail) => /USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/.test(detail)),
          path,
        ).not.toEqual([]);
        // The only scans: the recursive page numbers, and the partial index of the few suspended members.
        const scans = details.filter((detail) => detail.startsWith("SCAN "));
        expect(
          scans.filter((detail) => !/^SCAN (page|CONSTANT ROW|users USING INDEX users_suspended)$/.test(detail)),
          path,
        ).toEqual([]);
      }
    }
  });
});

/** A statement with its arguments written in, for EXPLAIN (they are ids, numbers and nulls here). */
function bind(text: string, args: unknown[]): string {
  let index = 0;
  return text.replace(/\?/g, () => {
    const value = args[index++];
    return typeof value === "number"
      ? String(value)
      : value === null
        ? "null"
        : `'${String(value).replace(/'/g, "''")}'`;
  });
}

describe("robots.txt and the manifest", () => {
  it("robots.txt keeps crawlers to public pages and names the sitemap by its absolute URL", async () => {
    const { response, text } = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=UTF-8");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    for (const path of [
      "/api/",
      "/settings",
      "/notifications",
      "/create",
      "/connections/*/edit",
      "/users/*/follow$",
      "/connections/*/comments",
      "/filter-suggestions",
      "/theme",
      "/uploads/",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Nothing a visitor may read is shut out: no rule is a prefix of these.
    const rules = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice("Disallow: ".length));
    const matches = (rule: string, path: string) =>
      new RegExp(`^${rule.replace(/[.+?^{}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}`).test(path);
    for (const path of [
      "/",
      "/?tags=adaptation",
      `/connections/${posts.pair!._id}`,
      `/users/${author._id}`,
      `/users/${author._id}/followers`,
      `/movies/${posts.pair!.movieRef!._id}`,
      "/feed.xml",
      "/sitemap.xml",
      "/about",
    ]) {
      expect(
        rules.filter((rule) => matches(rule, path)),
        path,
      ).toEqual([]);
    }
  });

  it("serves the web app manifest with real icons, linked from every page", async () => {
    const { response, text } = await get("/manifest.webmanifest");
    expect(response.status).toBe(200);
    const manifest = JSON.parse(text) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: "MovieBooks",
      short_name: "MovieBooks",
      start_url: "/",
      display: "standalone",
      theme_color: "#b4532a",
      background_color: "#fbf6ee",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(app.url + icon.src);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await image.arrayBuffer());
      const view = new DataView(bytes.buffer);
      // The PNG signature, then the IHDR chunk's width and height.
      expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
    }
    const home = await get("/");
    expect(home.text).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"\/>/);
  });
});

describe("pages advertise their feeds", () => {
  const alternates = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)"\/>/g)].map(
      ([, title, href]) => ({ title, href }),
    );

  it("the home page its feed, and a page filtered by one tag that tag's feed too", async () => {
    expect(alternates((await get("/")).text)).toEqual([
      { title: "MovieBooks: newest connections", href: `${app.url}/feed.xml` },
    ]);
    expect(alternates((await get("/?tags=Sci-Fi")).text)).toEqual([
      { title: "MovieBooks: newest connections", href: `${app.url}/feed.xml` },
      { title: "#sci-fi on MovieBooks", href: `${app.url}/tags/sci-fi/feed.xml` },
    ]);
  });

  it("movie and book pages theirs", async () => {
    const movieId = posts.pair!.movieRef!._id;
    const bookId = posts.pair!.bookRef!._id;
    expect(alternates((await get(`/movies/${movieId}`)).text)).toEqual([
      { title: "Dune (2021) on MovieBooks", href: `${app.url}/movies/${movieId}/feed.xml` },
    ]);
    expect(alternates((await get(`/books/${bookId}`)).text)).toEqual([
      { title: "Dune on MovieBooks", href: `${app.url}/books/${bookId}/feed.xml` },
    ]);
  });

  it("a public member's profile its feed, a private member's none", async () => {
    const cookie = cookieFrom(await postForm(app, "/login", { email: follower.email, password: follower.password }));
    expect(alternates((await get(`/users/${turning._id}`, { Cookie: cookie })).text)).toEqual([
      { title: `${turning.username} on MovieBooks`, href: `${app.url}/users/${turning._id}/feed.xml` },
    ]);
    expect(alternates((await get(`/users/${hidden._id}`, { Cookie: cookie })).text)).toEqual([]);
  });
});

describe("feed pages (RFC 5005)", () => {
  const RELATIONS = ["self", "first", "previous", "next"];
  /** A feed page's own links by relation, read with libxml2 (one XPath for all four). */
  const links = async (text: string) => {
    const hrefs = RELATIONS.map((rel) => `string(/${atom("feed")}/${atom("link")}[@rel='${rel}']/@href)`);
    const found = (await xpath(text, `concat(${hrefs.join(", ' ', ")})`)).split(" ");
    return Object.fromEntries(RELATIONS.map((rel, index) => [rel, found[index]]).filter(([, href]) => href));
  };
  let prolific: Member;

  it(`split a feed into pages of ${FEED_ENTRIES} linked first, previous and next`, async () => {
    prolific = await registerUser(app);
    const count = FEED_ENTRIES + 3;
    // Written straight into the tables, as the sitemap's scale test does (the triggers keep every count and copy).
    await app.db.run(sql`insert into ${connections} (id, user_id, context, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      select printf('%08x%016x', 1400000000 + i, i), ${prolific._id}, 'Paged ' || i, (1400000000 + i) * 1000 from n`);
    await app.db.run(sql`insert into ${connectionTags} (connection_id, tag)
      select id, 'paged' from ${connections} where ${connections.context} like 'Paged %'`);
    const posted = (
      await app.db
        .select({ id: connections.id })
        .from(connections)
        .where(eq(connections.userId, prolific._id))
        .orderBy(sql`${connections.createdAt} desc`)
    ).map((row) => row.id);
    expect(posted).toHaveLength(count);
    for (const path of [FEED_PATHS.member(prolific._id), FEED_PATHS.tag("paged")]) {
      const base = app.url + path;
      const first = await feed(path);
      expect(ids(first.parsed)).toEqual(posted.slice(0, FEED_ENTRIES));
      expect(await links(first.text)).toEqual({ self: base, first: base, next: `${base}?page=2` });

      const second = await feed(`${path}?page=2`);
      expect(ids(second.parsed)).toEqual(posted.slice(FEED_ENTRIES));
      expect(await links(second.text)).toEqual({ self: `${base}?page=2`, first: base, previous: base });
      // Every page is the same feed: one id, whichever page carries it.
      expect(await xpath(second.text, `string(/${atom("feed")}/${atom("id")})`)).toBe(base);
    }
    // The site's feed has more than one page now, and ends where its connections do.
    const site = await feed(`${FEED_PATHS.site}?page=2`);
    expect(site.parsed.items.length).toBeGreaterThan(0);
    expect((await links(site.text)).next).toBeUndefined();
  });

  it("answer 404 for a page past the end or anything that is not a page number", async () => {
    for (const path of [FEED_PATHS.member(prolific._id), FEED_PATHS.tag("paged"), FEED_PATHS.site]) {
      for (const page of ["3", "99", String(FEED_PAGES + 1), "0", "-1", "01", "1.5", "two", ""]) {
        const { response, text } = await get(`${path}?page=${page}`);
        expect(response.status, `${path}?page=${page}`).toBe(404);
        expect(response.headers.get("content-type")).toBe("text/plain; charset=UTF-8");
        expect(text).toBe("No such feed page.");
      }
    }
    // An unknown member or tag stays its own 404, whatever page is asked.
    expect((await get(`${FEED_PATHS.member(hidden._id)}?page=2`)).text).toBe("No feed for this member.");
    expect((await get(`${FEED_PATHS.tag("never-used")}?page=1`)).text).toBe(
      "No feed for this tag: no public connection carries it.",
    );
    await app.db.delete(connections).where(sql`${connections.context} like 'Paged %'`);
  });

  it(`go ${FEED_PAGES} pages deep and no further: the sitemap lists the rest`, async () => {
    const deep = await registerUser(app);
    const count = FEED_ENTRIES * FEED_PAGES + 5;
    await app.db.run(sql`insert into ${connections} (id, user_id, context, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      select printf('%08x%016x', 1500000000 + i, i), ${deep._id}, 'Deep ' || i, (1500000000 + i) * 1000 from n`);
    const path = FEED_PATHS.member(deep._id);
    const last = await feed(`${path}?page=${FEED_PAGES}`);
    expect(last.parsed.items).toHaveLength(FEED_ENTRIES);
    expect(last.parsed.items[0]!.content).toBe(`Deep ${count - FEED_ENTRIES * (FEED_PAGES - 1)}`);
    expect(await links(last.text)).toEqual({
      self: `${app.url}${path}?page=${FEED_PAGES}`,
      first: app.url + path,
      previous: `${app.url}${path}?page=${FEED_PAGES - 1}`,
    });
    expect((await get(`${path}?page=${FEED_PAGES + 1}`)).response.status).toBe(404);
    await app.db.delete(connections).where(sql`${connections.context} like 'Deep %'`);
  });
});
