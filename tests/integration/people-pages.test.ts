import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const get = async (path: string, cookie?: string) => {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
};
async function member() {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

describe("profiles as pages", () => {
  it("need a member: visitors are sent to log in", async () => {
    for (const path of [
      "/users",
      "/profile/edit",
      `/users/${"a".repeat(24)}/followers`,
      `/users/${"a".repeat(24)}/following`,
    ]) {
      const { response } = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("show the owner My Creations and My Favorites, and others a Follow button", async () => {
    const [owner, visitor] = await Promise.all([member(), member()]);
    const post = await api(app, "POST", "/connections", { token: owner.token, body: { context: "Owner's post" } });
    await api(app, "POST", `/connections/${post.body._id}/favorite`, { token: owner.token });
    const own = (await get("/users", owner.cookie)).html;
    expect(own).toContain("My Creations");
    expect(own).toMatch(/id="favorites"[\s\S]*My Favorites[\s\S]*Owner&#x27;s post/);
    expect(own).not.toContain(">Follow<");
    // The sidebar links to the viewer's own favorites on every page; the profile itself must not show them.
    const theirs = /<main[\s\S]*<\/main>/.exec((await get(`/users/${owner._id}`, visitor.cookie)).html)![0];
    expect(theirs).toContain(">Follow<");
    expect(theirs).not.toContain("My Favorites");
    expect(theirs).toContain("Owner&#x27;s post");
  });

  it("follow and unfollow by form, with the count following along", async () => {
    const [owner, fan] = await Promise.all([member(), member()]);
    const followed = await postForm(
      app,
      `/users/${owner._id}/follow`,
      { intent: "follow", redirectTo: `/users/${owner._id}`, via: "form" },
      { cookie: fan.cookie },
    );
    expect(followed.headers.get("location")).toBe(`/users/${owner._id}#profile`);
    let html = (await get(`/users/${owner._id}`, fan.cookie)).html;
    expect(html).toContain("<strong>1</strong> follower");
    expect(html).toContain(">Unfollow<");
    const followers = (await get(`/users/${owner._id}/followers`, fan.cookie)).html;
    expect(followers).toContain(`@${fan.username}`);
    await postForm(
      app,
      `/users/${owner._id}/follow`,
      { intent: "unfollow", redirectTo: `/users/${owner._id}`, via: "form" },
      { cookie: fan.cookie },
    );
    html = (await get(`/users/${owner._id}`, fan.cookie)).html;
    expect(html).toContain("<strong>0</strong> followers");
  });

  it("keep a private member's content from non-followers but show basic info", async () => {
    const [owner, other] = await Promise.all([member(), member()]);
    await api(app, "POST", "/connections", { token: owner.token, body: { context: "Private thoughts" } });
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true, bio: "Hello there" } });
    const html = (await get(`/users/${owner._id}`, other.cookie)).html;
    expect(html).toContain("Hello there");
    expect(html).toContain(PROFILE_MESSAGES.hidden);
    expect(html).not.toContain("Private thoughts");
    const list = await get(`/users/${owner._id}/followers`, other.cookie);
    expect(list.response.status).toBe(404);
    expect(list.html).toContain("User not found.");
    const unknown = await get(`/users/${"c".repeat(24)}`, other.cookie);
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain(PROFILE_MESSAGES.hidden);
  });

  it("edit the profile without JavaScript: picture first, then text, then the profile", async () => {
    const owner = await member();
    const body = new FormData();
    body.set("displayName", "  Page Person ");
    body.set("bio", "Bio from the form");
    body.set("location", "Porto");
    body.set("isPrivate", "on");
    body.set("profilePicture", new File([testPng("profile picture") as BlobPart], "me.png", { type: "image/png" }));
    const response = await fetch(`${app.url}/profile/edit`, {
      method: "POST",
      body,
      headers: { Cookie: owner.cookie, Origin: app.url, "CF-Connecting-IP": nextClientAddress() },
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe("/users");
    const me = (await api(app, "GET", "/users/me", { token: owner.token })).body;
    expect(me).toMatchObject({
      displayName: "Page Person",
      bio: "Bio from the form",
      location: "Porto",
      isPrivate: true,
    });
    expect(me.profilePictureUrl).toMatch(/\/images\/avatars\//);
    const header = (await get("/", owner.cookie)).html;
    expect(header).toContain("Page Person");

    const tooLong = await postForm(app, "/profile/edit", { displayName: "x".repeat(51) }, { cookie: owner.cookie });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(PROFILE_MESSAGES.displayNameTooLong);
  });

  it("list all public users for everyone", async () => {
    const [visible, hidden] = await Promise.all([member(), member()]);
    await api(app, "PUT", "/users/profile", { token: hidden.token, body: { isPrivate: true } });
    const { response, html } = await get("/all-users");
    expect(response.status).toBe(200);
    expect(html).toContain(`@${visible.username}`);
    expect(html).not.toContain(`@${hidden.username}`);
  });
});
