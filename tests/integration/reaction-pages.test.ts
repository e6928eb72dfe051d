import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_MESSAGES } from "../../worker/core/discussion/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let fan: Awaited<ReturnType<typeof registerUser>>;
let fanCookie: string;
let connectionId: string;
beforeAll(async () => {
  app = await startTestApp();
  [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
  fanCookie = cookieFrom(await postForm(app, "/login", { email: fan.email, password: fan.password }));
  connectionId = (await api(app, "POST", "/connections", { token: owner.token, body: { context: "React to me" } })).body
    ._id;
});
afterAll(() => app?.close());

describe("like and favorite forms (no JavaScript)", () => {
  it("toggle and come back to the same page at the card", async () => {
    const like = await postForm(
      app,
      `/connections/${connectionId}/like`,
      { redirectTo: "/?page=1", via: "form" },
      { cookie: fanCookie },
    );
    expect(like.status).toBe(302);
    expect(like.headers.get("location")).toBe(`/?page=1#card-${connectionId}`);
    expect((await api(app, "GET", `/connections/${connectionId}`)).body.likes).toEqual([fan._id]);

    const favorite = await postForm(
      app,
      `/connections/${connectionId}/favorite`,
      { redirectTo: "/", via: "form" },
      { cookie: fanCookie },
    );
    expect(favorite.headers.get("location")).toBe(`/#card-${connectionId}`);
    expect((await api(app, "GET", "/users/me", { token: fan.token })).body.favorites).toEqual([connectionId]);
    // React separates adjacent text with <!-- --> markers; they are not part of what people see.
    const page = (await (await fetch(`${app.url}/`, { headers: { Cookie: fanCookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toMatch(/aria-pressed="true"[^>]*>♥ 1<span class="action-button__word"> like</);
    expect(page).toContain('★<span class="action-button__word"> Favorited</span>');
  });

  it("answer a fetcher with data instead of a redirect", async () => {
    const response = await postForm(
      app,
      `/connections/${connectionId}/like`,
      { via: "fetcher" },
      { cookie: fanCookie },
    );
    expect(response.status).toBe(200);
  });

  it("send visitors to log in", async () => {
    const response = await postForm(app, `/connections/${connectionId}/like`, { via: "form" });
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("comment forms on the connection page (no JavaScript)", () => {
  it("add a comment and come back to the discussion", async () => {
    const response = await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "add-comment", text: "  From a form  " },
      { cookie: fanCookie },
    );
    expect(response.headers.get("location")).toBe(`/connections/${connectionId}#comments`);
    const html = await (await fetch(`${app.url}/connections/${connectionId}`)).text();
    expect(html).toContain("From a form");
  });

  it("show the spec's message for an empty comment", async () => {
    const response = await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "add-comment", text: "   " },
      { cookie: fanCookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(COMMENT_MESSAGES.empty);
  });

  it("edit through ?editComment= and delete through ?deleteComment=, author only", async () => {
    const comment = (
      await api(app, "POST", `/connections/${connectionId}/comments`, { token: fan.token, body: { text: "Draft" } })
    ).body;
    const editView = await (
      await fetch(`${app.url}/connections/${connectionId}?editComment=${comment._id}`, {
        headers: { Cookie: fanCookie },
      })
    ).text();
    expect(editView).toMatch(/<textarea[^>]*name="text"[^>]*>Draft<\/textarea>/);
    const saved = await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "update-comment", commentId: comment._id, text: "Final" },
      { cookie: fanCookie },
    );
    expect(saved.headers.get("location")).toBe(`/connections/${connectionId}#comments`);
    const confirmView = await (
      await fetch(`${app.url}/connections/${connectionId}?deleteComment=${comment._id}`, {
        headers: { Cookie: fanCookie },
      })
    ).text();
    expect(confirmView).toContain("Are you sure you want to delete this comment?");

    const ownerCookie = cookieFrom(await postForm(app, "/login", { email: owner.email, password: owner.password }));
    const refused = await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "delete-comment", commentId: comment._id },
      { cookie: ownerCookie },
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(COMMENT_MESSAGES.notAuthorizedDelete);
    await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "delete-comment", commentId: comment._id },
      { cookie: fanCookie },
    );
    const list = (await api(app, "GET", `/connections/${connectionId}/comments`)).body as Array<{ _id: string }>;
    expect(list.map((c) => c._id)).not.toContain(comment._id);
  });

  it("serve a card's discussion as JSON, and 404 for hidden or unknown connections", async () => {
    const response = await fetch(`${app.url}/connections/${connectionId}/comments`);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    expect((await fetch(`${app.url}/connections/${"0".repeat(24)}/comments`)).status).toBe(404);
  });
});
