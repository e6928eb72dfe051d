import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLASH_MESSAGES } from "../../app/flash.server.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { flashCookieFrom, flashShown, pageAfter } from "../support/flash.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

// Flash messages without JavaScript (decision 034): a form post's redirect leaves a cookie, the next page shows
// its message once and clears it.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function member() {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

async function postOf(token: string) {
  const created = await api(app, "POST", "/connections", {
    token,
    body: { movieTitle: "Flash Movie", bookTitle: "Flash Book", context: "Flashes." },
  });
  expect(created.status).toBe(201);
  return created.body._id as string;
}

const pageHtml = async (path: string, cookie: string) =>
  (await fetch(app.url + path, { headers: { Cookie: cookie }, redirect: "manual" })).text();

describe("a flash message", () => {
  it("rides the redirect in a short-lived cookie, shows once on the next page and is cleared there", async () => {
    const user = await registerUser(app);
    const login = await postForm(app, "/login", { email: user.email, password: user.password });
    expect(login.status).toBe(302);
    const set = login.headers.getSetCookie().find((cookie) => cookie.startsWith("flash="));
    expect(set).toMatch(/^flash=loggedIn\.[0-9a-f]{8}; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/);

    const session = cookieFrom(login);
    const next = await pageAfter(app, login, session);
    expect(next.response.status).toBe(200);
    expect(flashShown(next.html)).toBe(FLASH_MESSAGES.loggedIn);
    expect(next.response.headers.getSetCookie()).toContain("flash=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");

    // The browser has dropped it: the page after that says nothing.
    expect(flashShown(await pageHtml("/about", session))).toBe("");
  });

  it("is a key of the catalogue, never text: anything else shows nothing and is cleared", async () => {
    for (const value of ["<b>hi</b>", "loggedIn", "notAKey.0123abcd", "loggedIn.XYZ", "toString.0123abcd"]) {
      const response = await fetch(`${app.url}/about`, { headers: { Cookie: `flash=${encodeURIComponent(value)}` } });
      expect(response.status, value).toBe(200);
      const html = await response.text();
      expect(flashShown(html), value).toBe("");
      expect(html, value).not.toContain("<b>hi</b>");
      expect(response.headers.getSetCookie(), value).toContain(
        "flash=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
      );
    }
    // No cookie, nothing to clear: a page without one sets no cookie at all.
    expect((await fetch(`${app.url}/about`)).headers.getSetCookie()).toEqual([]);
  });

  it("gives each flash its own id, so the same message twice is two messages", async () => {
    const user = await registerUser(app);
    const send = () => postForm(app, "/login", { email: user.email, password: user.password });
    const [first, second] = [flashCookieFrom(await send()), flashCookieFrom(await send())];
    expect(first).toMatch(/^flash=loggedIn\.[0-9a-f]{8}$/);
    expect(second).toMatch(/^flash=loggedIn\.[0-9a-f]{8}$/);
    expect(first).not.toBe(second);
  });

  it("is left for a fetcher's revalidation in the data reply, and the page it revalidates shows it", async () => {
    const [author, fan] = await Promise.all([registerUser(app), member()]);
    const id = await postOf(author.token);
    const reply = await postForm(app, `/connections/${id}/favorite`, { via: "fetcher" }, fan);
    expect(reply.status).toBe(200);
    const flash = flashCookieFrom(reply);
    expect(flash).toMatch(/^flash=favorited\./);
    const html = await pageHtml("/", `${fan.cookie}; ${flash}`);
    expect(flashShown(html)).toBe(FLASH_MESSAGES.favorited);
    const undone = await postForm(app, `/connections/${id}/favorite`, { via: "fetcher" }, fan);
    expect(flashCookieFrom(undone)).toMatch(/^flash=unfavorited\./);
  });

  it("is not left by a failure, nor by a like (its button says it)", async () => {
    const [author, fan] = await Promise.all([registerUser(app), member()]);
    const id = await postOf(author.token);
    const like = await postForm(app, `/connections/${id}/like`, { via: "form", redirectTo: "/" }, fan);
    expect(like.status).toBe(302);
    expect(flashCookieFrom(like)).toBeNull();
    const refused = await postForm(app, "/profile/edit", { displayName: "x".repeat(51) }, fan);
    expect(refused.status).toBe(400);
    expect(flashCookieFrom(refused)).toBeNull();
  });

  it("says what each kind of form did, on the page it leads to", async () => {
    const [me, other] = await Promise.all([member(), member()]);
    const token = (await api(app, "POST", "/auth/login", { body: me })).body.token as string;
    const mine = await postOf(token);
    const theirs = await postOf((await api(app, "POST", "/auth/login", { body: other })).body.token);
    const cases: Array<[string, Record<string, string>, keyof typeof FLASH_MESSAGES, string]> = [
      ["/profile/edit", { displayName: "Flashy" }, "profileSaved", "/users"],
      [`/connections/${mine}/edit`, { context: "Edited.", tags: "" }, "connectionSaved", `/connections/${mine}`],
      [
        `/connections/${theirs}`,
        { intent: "add-comment", text: "Hello" },
        "commentPosted",
        `/connections/${theirs}#comments`,
      ],
      [
        `/users/${other._id}/follow`,
        { intent: "follow", via: "form", redirectTo: `/users/${other._id}` },
        "followed",
        `/users/${other._id}#profile`,
      ],
      [
        `/users/${other._id}/follow`,
        { intent: "unfollow", via: "form", redirectTo: `/users/${other._id}` },
        "unfollowed",
        `/users/${other._id}#profile`,
      ],
      [`/report/connection/${theirs}`, { reason: "spam", note: "", redirectTo: "/" }, "reportSent", "/"],
      ["/notifications", { intent: "read-all", via: "form" }, "notificationsRead", "/notifications"],
      [`/connections/${mine}/delete`, { redirectTo: "/users" }, "connectionDeleted", "/users"],
      ["/logout", {}, "loggedOut", "/"],
    ];
    for (const [path, fields, key, location] of cases) {
      const reply = await postForm(app, path, fields, me);
      expect(reply.status, path).toBe(302);
      expect(reply.headers.get("location"), path).toBe(location);
      const next = await pageAfter(app, reply, me.cookie);
      expect(flashShown(next.html), path).toBe(FLASH_MESSAGES[key]);
    }
  });
});
