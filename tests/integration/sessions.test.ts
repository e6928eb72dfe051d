// The session check in the request's one round trip (decision 040): a request runs as the member its token names
// while the check travels with its reads. When the check says otherwise (the session gone, the role changed), the
// request runs again as what the check found, and nothing was written for the guess.

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { likes, sessions, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

let app: TestApp;
let connectionId: string;

beforeAll(async () => {
  app = await startTestApp({ seed: true, countRoundTrips: true });
  const row = await app.db.get<{ id: string }>(sql`select id from connections where owner_private = 0 limit 1`);
  connectionId = row!.id;
});

afterAll(async () => {
  await app?.close();
});

/** A new member, logged in through the login form: their id and session cookie. */
async function loggedIn() {
  const member = await registerUser(app);
  const login = await postForm(app, "/login", { email: member.email, password: member.password });
  return { id: member._id, token: member.token, cookie: cookieFrom(login) };
}

/** A post from the create page with a screenshot and the form's idempotency key. */
function postPictures(cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    movieTitle: "Session Film",
    bookTitle: "Session Book",
    context: "Posted on a guess.",
    idempotencyKey: crypto.randomUUID(),
  }))
    form.set(name, value);
  form.set(
    "screenshot",
    new File([testPng("session shot") as Uint8Array<ArrayBuffer>], "s.png", { type: "image/png" }),
  );
  return fetch(`${app.url}/create`, {
    method: "POST",
    body: form,
    headers: { Origin: app.url, Cookie: cookie, "CF-Connecting-IP": nextClientAddress() },
    redirect: "manual",
  });
}

const page = (path: string, cookie: string) =>
  fetch(app.url + path, { headers: { Cookie: cookie, "CF-Connecting-IP": nextClientAddress() }, redirect: "manual" });

describe("a session the check finds gone", () => {
  it("renders the page again for a visitor and clears the cookie", async () => {
    const member = await loggedIn();
    await app.db.delete(sessions).where(eq(sessions.userId, member.id));
    const response = await page("/", member.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("Your feed");
    expect(html).toContain("Log in");
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("sends a visitor to log in from a member's page", async () => {
    const member = await loggedIn();
    await app.db.delete(sessions).where(eq(sessions.userId, member.id));
    const response = await page("/settings", member.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=%2Fsettings/);
  });

  it("writes nothing for the guess: a like posted with it is not kept", async () => {
    const member = await loggedIn();
    await app.db.delete(sessions).where(eq(sessions.userId, member.id));
    const response = await postForm(
      app,
      `/connections/${connectionId}/like`,
      { via: "form" },
      { cookie: member.cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
    const kept = await app.db
      .select()
      .from(likes)
      .where(and(eq(likes.userId, member.id), eq(likes.connectionId, connectionId)));
    expect(kept).toEqual([]);
  });

  it("stages nothing and stores nothing for a post with pictures, whose staging travels beside the check", async () => {
    for (const change of ["session gone", "role changed"] as const) {
      const member = await loggedIn();
      if (change === "session gone") await app.db.delete(sessions).where(eq(sessions.userId, member.id));
      else await app.db.update(users).set({ role: "moderator" }).where(eq(users.id, member.id));
      const screenshots = async () => {
        const listed = await app.bucket.list({ prefix: "screenshots/" });
        expect(listed.truncated).toBe(false);
        return listed.objects.length;
      };
      const objectsBefore = await screenshots();
      const response = await postPictures(member.cookie);
      // Gone: run again as a visitor, sent to log in. Changed: run again as the moderator, who posts once.
      expect(response.status, change).toBe(302);
      const staged = await app.db.all<{ n: number }>(
        sql`select count(*) as n from staged_uploads where user_id = ${member.id}`,
      );
      if (change === "session gone") {
        expect(response.headers.get("location")).toMatch(/^\/login/);
        expect(staged[0]?.n).toBe(0);
        expect(await screenshots()).toBe(objectsBefore);
      } else {
        expect(response.headers.get("location")).toMatch(/^\/connections\//);
        // The first run (as a member) staged nothing; the second staged the picture and its post claimed it.
        expect(staged[0]?.n).toBe(1);
      }
    }
  });

  it("answers an API client as a bad token: anonymous where login is optional, 401 where it is needed", async () => {
    const member = await loggedIn();
    await app.db.delete(sessions).where(eq(sessions.userId, member.id));
    expect((await api(app, "GET", "/connections", { token: member.token })).status).toBe(200);
    const me = await api(app, "GET", "/users/me", { token: member.token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: "Not authorized, token failed" });
  });
});

describe("a run the check throws away", () => {
  it("logs nothing: a gone session or a changed role is no bug", async () => {
    const member = await loggedIn();
    const promoted = await loggedIn();
    await app.db.delete(sessions).where(eq(sessions.userId, member.id));
    await app.db.update(users).set({ role: "moderator" }).where(eq(users.id, promoted.id));
    const logged = app.errorsLogged.length;
    expect((await page("/", promoted.cookie)).status).toBe(200);
    expect((await page("/", member.cookie)).status).toBe(200);
    expect((await page("/settings", member.cookie)).status).toBe(302);
    const like = await postForm(app, `/connections/${connectionId}/like`, { via: "form" }, { cookie: member.cookie });
    expect(like.status).toBe(302);
    expect((await postPictures(member.cookie)).status).toBe(302);
    const asMember = { token: member.token };
    expect((await api(app, "POST", `/connections/${connectionId}/like`, asMember)).status).toBe(401);
    // Through the API, a changed role passes the check's viewer, and the statements waiting on it fail with it.
    const asPromoted = { token: promoted.token };
    const comment = { ...asPromoted, body: { text: "As whoever I am now." } };
    expect((await api(app, "POST", `/connections/${connectionId}/comments`, comment)).status).toBe(201);
    expect((await api(app, "DELETE", `/blocks/${member.id}`, asPromoted)).status).toBe(404);
    // Workerd's output reaches the test through a pipe: give it a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.errorsLogged.slice(logged)).toEqual([]);
  });
});

describe("a role the check finds changed", () => {
  it("renders the page for the role the member has now, and renews their cookie with it", async () => {
    const member = await loggedIn();
    await app.db.update(users).set({ role: "moderator" }).where(eq(users.id, member.id));
    const response = await page("/moderation", member.cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Moderation");
    const renewed = cookieFrom(response);
    expect(renewed).toMatch(/^mb_session=/);
    expect(renewed).not.toBe(member.cookie);

    // The renewed cookie carries the role: the next page is one round trip, run once.
    app.roundTrips!.reset();
    const again = await page("/moderation", renewed);
    expect(again.status).toBe(200);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await app.roundTrips!.settle()).toHaveLength(1);
  });

  it("keeps a dismissed moderator out at once", async () => {
    const member = await loggedIn();
    await app.db.update(users).set({ role: "moderator" }).where(eq(users.id, member.id));
    const appointed = cookieFrom(await page("/moderation", member.cookie));
    await app.db.update(users).set({ role: "member" }).where(eq(users.id, member.id));
    const response = await page("/moderation", appointed);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Moderators only.");
  });
});
