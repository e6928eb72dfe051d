import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

// Issue 17's budget: one database round trip for any page, the session check included (each is a network hop to
// Turso in production, decision 040). A proxy between the Worker and the database counts the requests each page
// makes.
const BUDGET = 1;
/** A form action: the session check with the action's reads, then its writes with what it reads back. */
const ACTION_BUDGET = 2;

let app: TestApp;
let cookie: string;
let moderatorCookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ seed: true, countRoundTrips: true });
  const login = await postForm(app, "/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  cookie = cookieFrom(login);
  const moderatorLogin = await postForm(app, "/login", { email: "moderator@example.com", password: "moviebooks" });
  moderatorCookie = cookieFrom(moderatorLogin);
  const pick = async (name: string, query: ReturnType<typeof sql>) => {
    const row = await app.db.get<{ id: string }>(query);
    ids[name] = row!.id;
  };
  await pick("me", sql`select id from users where email = ${DEMO_EMAIL}`);
  await pick(
    "other",
    sql`select id from users where email <> ${DEMO_EMAIL} and is_private = 0 order by username limit 1`,
  );
  await pick("private", sql`select id from users where is_private = 1 limit 1`);
  await pick(
    "mine",
    sql`select c.id from connections c join users u on u.id = c.user_id where u.email = ${DEMO_EMAIL} limit 1`,
  );
  await pick(
    "connection",
    sql`select c.id from connections c where owner_private = 0 order by (select count(*) from comments where connection_id = c.id) desc limit 1`,
  );
  await pick(
    "movie",
    sql`select movie_id as id from connections where movie_id is not null and owner_private = 0 limit 1`,
  );
  await pick(
    "book",
    sql`select book_id as id from connections where book_id is not null and owner_private = 0 limit 1`,
  );
});

afterAll(async () => {
  await app?.close();
});

async function roundTripsFor(path: string, withCookie: boolean | string) {
  app.roundTrips!.reset();
  const headers: Record<string, string> = { "CF-Connecting-IP": nextClientAddress() };
  // A visitor's page carries a cookie the edge cache does not know, so it passes the cache by (decision 039) and is
  // rendered, which is what is counted here; the cache's own reads are edge-cache.test.ts's.
  headers.Cookie = withCookie === true ? cookie : withCookie || "round-trips=counted";
  const response = await fetch(app.url + path, { headers, redirect: "manual" });
  await response.arrayBuffer();
  const requests = await app.roundTrips!.settle();
  const what = requests.map((request) => request.sql.map((sql) => sql.slice(0, 80)).join(" + ") || request.url);
  return { status: response.status, requests: requests.length, what };
}

/** The pages that fail (a 5xx) or need more round trips than the budget, with what they asked for. */
async function overBudget(paths: string[], withCookie: boolean | string) {
  const failures: string[] = [];
  for (const path of paths) {
    const result = await roundTripsFor(path, withCookie);
    if (result.status >= 500 || result.requests > BUDGET) {
      failures.push(`${path} (${result.status}): ${result.requests} round trips: ${result.what.join(" | ")}`);
    }
  }
  return failures;
}

const memberPages = () => [
  "/",
  "/?page=2",
  // Issue 16: the Following tab and the sorts (decision 031), each still in the feed's batch.
  "/?feed=following",
  "/?feed=following&page=2",
  "/?feed=following&sort=top",
  "/?feed=following&sort=discussed&movieGenre=Drama",
  "/?feed=everyone",
  "/?feed=everyone&sort=top",
  "/?feed=everyone&sort=top&page=2",
  "/?feed=everyone&sort=discussed&tags=adaptation",
  "/?movieGenre=Drama",
  "/?director=Denis%20Villeneuve&tags=adaptation",
  "/?tags=adaptation",
  "/?kind=adaptation",
  "/?kind=cameo&page=2",
  "/verdicts",
  "/search?q=island",
  "/search?q=island&page=2",
  `/connections/${ids.connection}`,
  `/connections/${ids.mine}/edit`,
  `/connections/${ids.mine}/delete`,
  `/movies/${ids.movie}`,
  `/books/${ids.book}`,
  "/people/greta-gerwig",
  "/people/greta-gerwig?page=2",
  "/people/nobody-at-all",
  "/people/greta-gerwig/films",
  "/people/greta-gerwig/films?page=2",
  "/people/greta-gerwig/books",
  "/filter-suggestions?filter=director&q=gr",
  "/users",
  `/users/${ids.other}`,
  `/users/${ids.private}`,
  `/users/${ids.other}/followers`,
  `/users/${ids.other}/following`,
  `/users/${ids.other}/block`,
  "/notifications",
  "/follow-requests",
  `/users/${ids.me}/followers`,
  "/create",
  "/profile/edit",
  "/settings",
  "/settings/delete",
  "/all-users",
  "/about",
  `/report/connection/${ids.connection}`,
  `/report/user/${ids.other}`,
  "/does-not-exist",
];

/** The visitor's home (issue 15): the feed, its welcome and the popular tags, under every filter and page. */
const visitorHomePages = [
  "/",
  "/?page=2",
  "/?sort=top",
  "/?sort=discussed&tags=adaptation&page=2",
  "/?tags=adaptation",
  "/?director=Denis%20Villeneuve&tags=adaptation",
  "/?kind=cameo&page=2",
];

const visitorPages = () => [
  ...visitorHomePages,
  "/search?q=island",
  `/users/${ids.other}`,
  `/users/${ids.private}`,
  `/users/${ids.other}/followers`,
  `/users/${ids.other}/following`,
  `/connections/${ids.connection}`,
  `/movies/${ids.movie}`,
  `/books/${ids.book}`,
  "/people/greta-gerwig",
  "/people/greta-gerwig/films",
  "/people/%E5%AE%AE%E5%B4%8E-%E9%A7%BF",
  "/verdicts",
  "/all-users",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=not-a-live-link",
  "/dev/outbox",
  "/about",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/connections-1.xml",
  "/sitemaps/members-1.xml",
  "/feed.xml",
  "/tags/adaptation/feed.xml",
  `/users/${ids.other}/feed.xml`,
  `/movies/${ids.movie}/feed.xml`,
  `/books/${ids.book}/feed.xml`,
];

describe("database round trips per page", () => {
  it(`stay within ${BUDGET} for every member page`, async () => {
    expect(await overBudget(memberPages(), true)).toEqual([]);
  });

  it(`stay within ${BUDGET} for every visitor page`, async () => {
    expect(await overBudget(visitorPages(), false)).toEqual([]);
  });

  it("are one for the visitor's home: the feed, the welcome and the popular tags share a batch", async () => {
    for (const path of visitorHomePages) {
      const result = await roundTripsFor(path, false);
      expect(result.status, path).toBe(200);
      expect(result.requests, `${path}: ${result.what.join(" | ")}`).toBe(1);
    }
  });

  it("are one for an empty Following feed, whose members to follow come in its batch", async () => {
    const newcomer = await registerUser(app);
    const fresh = cookieFrom(await postForm(app, "/login", { email: newcomer.email, password: newcomer.password }));
    const result = await roundTripsFor("/?feed=following", fresh);
    expect(result.status).toBe(200);
    expect(result.requests, result.what.join(" | ")).toBe(1);
  });

  it(`stay within ${BUDGET} for the moderators' pages`, async () => {
    const pages = ["/moderation", "/moderation?status=resolved", "/moderation/log", "/"];
    expect(await overBudget(pages, moderatorCookie)).toEqual([]);
  });

  it("are none for a build file this build does not have, whoever asks", async () => {
    for (const path of ["/assets/root-0ld8uild.js", "/assets"])
      for (const withCookie of [true, false]) {
        const result = await roundTripsFor(path, withCookie);
        expect(result.status, path).toBe(404);
        expect(result.requests, `${path}: ${result.what.join(" | ")}`).toBe(0);
      }
  });

  it("are counted: a member's feed reads the database, the session check with the page's reads", async () => {
    const result = await roundTripsFor("/", true);
    expect(result.status).toBe(200);
    expect(result.requests).toBe(1);
    // The session check is the batch's first statement; the feed's reads follow it.
    expect(result.what[0]).toMatch(/^select "users"\."id" as id, "users"\."username" as username/);
    expect(result.what[0]).toMatch(/ \+ .*"connections"/);
  });
});

describe("database round trips per form action", () => {
  it(`stay within ${ACTION_BUDGET} for what members do most: react, comment, vote, follow, read, edit`, async () => {
    const actions: Array<[string, Record<string, string>]> = [
      [`/connections/${ids.connection}/like`, { via: "form" }],
      [`/connections/${ids.connection}/like`, { via: "form" }],
      [`/connections/${ids.connection}/favorite`, { via: "form" }],
      [`/connections/${ids.connection}/favorite`, { via: "form" }],
      [`/connections/${ids.connection}`, { intent: "comment", text: "A fine pairing." }],
      [`/connections/${ids.connection}/verdict`, { choice: "book", via: "form" }],
      [`/users/${ids.other}/follow`, { intent: "follow", via: "form" }],
      [`/users/${ids.other}/follow`, { intent: "unfollow", via: "form" }],
      ["/notifications", { intent: "read-all" }],
      ["/profile/edit", { displayName: "Demo Member", bio: "", location: "", isPrivate: "" }],
      ["/theme", { theme: "dark" }],
      ["/whats-new/dismiss", {}],
    ];
    const failures: string[] = [];
    for (const [path, fields] of actions) {
      app.roundTrips!.reset();
      const response = await postForm(app, path, fields, { cookie });
      const requests = await app.roundTrips!.settle();
      if (response.status >= 400 || requests.length > ACTION_BUDGET) {
        const what = requests.map((request) => request.sql.map((sql) => sql.slice(0, 60)).join(" + "));
        failures.push(
          `${path} ${JSON.stringify(fields)} (${response.status}): ${requests.length}: ${what.join(" | ")}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it(`stay within ${ACTION_BUDGET} for account, posting, blocking and moderation actions`, async () => {
    const caseId = (await app.db.get<{ id: string }>(sql`select id from report_cases where status = 'open' limit 1`))!
      .id;
    // A second session of the demo member's, for the logout.
    const leaving = cookieFrom(await postForm(app, "/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD }));
    const newcomer = { password: "trips-pass-1", confirmPassword: "trips-pass-1" };
    // As the create page sends them: with the form's idempotency key, and with or without pictures.
    const createForm = (fields: Record<string, string>, images: Record<string, Uint8Array> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, idempotencyKey: crypto.randomUUID() }))
        form.set(name, value);
      for (const [name, bytes] of Object.entries(images))
        form.set(name, new File([bytes as Uint8Array<ArrayBuffer>], `${name}.png`, { type: "image/png" }));
      return fetch(`${app.url}/create`, {
        method: "POST",
        body: form,
        headers: { Origin: app.url, Cookie: cookie, "CF-Connecting-IP": nextClientAddress() },
        redirect: "manual",
      });
    };
    const editWithScreenshot = () => {
      const form = new FormData();
      form.set("context", "Edited with a picture.");
      form.set(
        "screenshot",
        new File([testPng("trip-edit") as Uint8Array<ArrayBuffer>], "s.png", { type: "image/png" }),
      );
      return fetch(`${app.url}/connections/${ids.mine}/edit`, {
        method: "POST",
        body: form,
        headers: { Origin: app.url, Cookie: cookie, "CF-Connecting-IP": nextClientAddress() },
        redirect: "manual",
      });
    };
    const actions: Array<[string, () => Promise<Response>]> = [
      ["log in", () => postForm(app, "/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })],
      [
        "sign up",
        () => postForm(app, "/signup", { username: "trips_newcomer", email: "trips@example.com", ...newcomer }),
      ],
      ["post a connection", () => createForm({ movieTitle: "Trip Film", bookTitle: "Trip Book", context: "A." })],
      [
        "post a connection with three pictures",
        () =>
          createForm(
            { movieTitle: "Trip Film 2", bookTitle: "Trip Book 2", context: "B." },
            { moviePoster: testPng("trip-poster"), bookCover: testPng("trip-cover"), screenshot: testPng("trip-shot") },
          ),
      ],
      ["edit with a new screenshot", editWithScreenshot],
      ["edit", () => postForm(app, `/connections/${ids.mine}/edit`, { context: "Edited.", tags: "rain" }, { cookie })],
      ["report", () => postForm(app, `/report/connection/${ids.connection}`, { reason: "spam", note: "" }, { cookie })],
      ["block", () => postForm(app, `/users/${ids.other}/block`, { intent: "block" }, { cookie })],
      ["unblock", () => postForm(app, `/users/${ids.other}/block`, { intent: "unblock" }, { cookie })],
      [
        "resolve a report",
        () => postForm(app, "/moderation", { caseId, action: "dismiss", note: "" }, { cookie: moderatorCookie }),
      ],
      ["delete", () => postForm(app, `/connections/${ids.mine}/delete`, {}, { cookie })],
      ["log out", () => postForm(app, "/logout", {}, { cookie: leaving })],
    ];
    const failures: string[] = [];
    for (const [name, send] of actions) {
      app.roundTrips!.reset();
      const response = await send();
      await response.arrayBuffer();
      const requests = await app.roundTrips!.settle();
      if (response.status >= 400 || requests.length > ACTION_BUDGET) {
        const what = requests.map((request) => request.sql.map((sql) => sql.slice(0, 60)).join(" + "));
        failures.push(`${name} (${response.status}): ${requests.length}: ${what.join(" | ")}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
