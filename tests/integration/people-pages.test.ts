import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { flashShown, pageAfter } from "../support/flash.ts";
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
  // Issue 15 (decision 023): others' profiles and their follow lists are public (tests/integration/visitor-pages).
  it("need a member for one's own profile and its editing: visitors are sent to log in", async () => {
    for (const path of ["/users", "/profile/edit"]) {
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

describe("follow requests as pages", () => {
  async function privateMember() {
    const owner = await member();
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    return owner;
  }
  const followForm = (owner: { _id: string }, fan: { cookie: string }, intent: "follow" | "unfollow") =>
    postForm(
      app,
      `/users/${owner._id}/follow`,
      { intent, redirectTo: `/users/${owner._id}`, via: "form" },
      { cookie: fan.cookie },
    );
  const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0];

  it("ask a private member by form: the button says Requested, and pressing it withdraws the request", async () => {
    const [owner, fan] = await Promise.all([privateMember(), member()]);
    expect((await followForm(owner, fan, "follow")).headers.get("location")).toBe(`/users/${owner._id}#profile`);
    let html = main((await get(`/users/${owner._id}`, fan.cookie)).html);
    expect(html).toContain(">Requested<");
    expect(html).toContain('name="intent" value="unfollow"');
    expect(html).toContain("<strong>0</strong> followers");
    expect(html).toContain(PROFILE_MESSAGES.hidden);
    expect(html).toContain("Your follow request is waiting for");
    await followForm(owner, fan, "unfollow");
    html = main((await get(`/users/${owner._id}`, fan.cookie)).html);
    expect(html).toContain(">Follow<");
    expect(html).not.toContain(">Requested<");
    expect((await api(app, "GET", "/follows/requests", { token: owner.token })).body).toEqual([]);
  });

  it("list requests on /follow-requests, linked from the profile, the sidebar and the notification", async () => {
    const [owner, fan] = await Promise.all([privateMember(), member()]);
    const before = await get("/users", owner.cookie);
    expect(main(before.html)).toContain('href="/follow-requests"');
    expect(await get("/follow-requests")).toMatchObject({ response: expect.objectContaining({ status: 302 }) });
    await followForm(owner, fan, "follow");
    const page = await get("/follow-requests", owner.cookie);
    expect(page.response.status).toBe(200);
    expect(page.html).toMatch(/<aside[\s\S]*href="\/follow-requests"[\s\S]*nav-badge" aria-hidden="true">1</);
    expect(page.html).toContain(", 1 waiting");
    expect(main(page.html)).toContain(`@${fan.username}`);
    expect(main(page.html)).toMatch(/asked \d+s ago/);
    expect(main(page.html)).toMatch(/<button type="submit" value="accept"[^>]*name="intent">Accept</);
    expect(main(page.html)).toMatch(/<button type="submit" value="decline"[^>]*name="intent">Decline</);
    const [notification] = (await api(app, "GET", "/notifications", { token: owner.token })).body;
    const open = await postForm(app, "/notifications", { intent: "open", id: notification._id }, owner);
    expect(open.headers.get("location")).toBe("/follow-requests");
  });

  it("accept by form: a flash message, the requester follows, and the badges are gone on the next page", async () => {
    const [owner, fan] = await Promise.all([privateMember(), member()]);
    await api(app, "POST", "/connections", { token: owner.token, body: { context: "Only for the approved" } });
    await followForm(owner, fan, "follow");
    const accepted = await postForm(app, "/follow-requests", { intent: "accept", userId: fan._id }, owner);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/follow-requests");
    const after = (await pageAfter(app, accepted, owner.cookie)).html;
    expect(flashShown(after)).toBe("Request accepted.");
    expect(main(after)).toContain("No pending follow requests.");
    expect(after).not.toContain("nav-badge");
    const profile = main((await get(`/users/${owner._id}`, fan.cookie)).html);
    expect(profile).toContain(">Unfollow<");
    expect(profile).toContain("Only for the approved");
  });

  it("decline by form: a flash message, nobody told; a stale answer shows the contract's message", async () => {
    const [owner, fan] = await Promise.all([privateMember(), member()]);
    await followForm(owner, fan, "follow");
    const declined = await postForm(app, "/follow-requests", { intent: "decline", userId: fan._id }, owner);
    expect(declined.headers.get("location")).toBe("/follow-requests");
    expect(flashShown((await pageAfter(app, declined, owner.cookie)).html)).toBe("Request declined.");
    expect((await api(app, "GET", "/notifications", { token: fan.token })).body).toEqual([]);
    const stale = await postForm(app, "/follow-requests", { intent: "accept", userId: fan._id }, owner);
    expect(stale.status).toBe(404);
    expect(await stale.text()).toContain("Follow request not found");
    const html = main((await get(`/users/${owner._id}`, fan.cookie)).html);
    expect(html).toContain(">Follow<");
  });

  it("remove a follower from one's own followers list by form", async () => {
    const [owner, fan, other] = await Promise.all([member(), member(), member()]);
    await followForm(owner, fan, "follow");
    await followForm(owner, other, "follow");
    const theirs = main((await get(`/users/${owner._id}/followers`, fan.cookie)).html);
    expect(theirs).not.toContain(">Remove<");
    const own = main((await get(`/users/${owner._id}/followers`, owner.cookie)).html);
    expect(own.match(/>Remove</g)).toHaveLength(2);
    const removed = await postForm(app, `/users/${owner._id}/followers`, { intent: "remove", userId: fan._id }, owner);
    expect(removed.headers.get("location")).toBe(`/users/${owner._id}/followers`);
    const after = main((await pageAfter(app, removed, owner.cookie)).html);
    expect(flashShown(after)).toBe("Follower removed.");
    expect(after).not.toContain(`@${fan.username}`);
    expect(after).toContain(`@${other.username}`);
    const again = await postForm(app, `/users/${owner._id}/followers`, { intent: "remove", userId: fan._id }, owner);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Not a follower");
  });

  it("explain on the profile form what turning private and public does to followers and requests", async () => {
    const owner = await member();
    expect((await get("/profile/edit", owner.cookie)).html).toContain(
      "New followers need your approval. People who already follow you keep following.",
    );
  });
});
