import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLASH_MESSAGES } from "../../app/flash.server.ts";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { blocks } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { flashShown, pageAfter } from "../support/flash.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

// Blocks as pages (issue 13): Block on a profile with its confirmation step (a page without JavaScript), the
// blocked profile with Unblock, settings' list, and every page the contract's effects reach, for both members.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof member>>;

const get = async (path: string, cookie?: string) => {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
};
/** The page's main content, without the header and sidebar (which show the viewer's own links). */
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";

async function member() {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

const blockByForm = (by: Member, whom: Member) =>
  postForm(
    app,
    `/users/${whom._id}/block`,
    { intent: "block", redirectTo: `/users/${whom._id}` },
    { cookie: by.cookie },
  );

describe("Block on a profile", () => {
  it("needs a member: visitors are sent to log in, and nothing is written", async () => {
    const them = await member();
    for (const response of [
      (await get(`/users/${them._id}/block`)).response,
      await postForm(app, `/users/${them._id}/block`, { intent: "block" }),
      await postForm(app, "/settings/blocked", { intent: "unblock", userId: them._id }),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
    expect(await app.db.select().from(blocks).where(eq(blocks.blockedId, them._id))).toEqual([]);
  });

  it("offers Block on someone else's profile, leading to a confirmation page that asks first", async () => {
    const [me, them] = await Promise.all([member(), member()]);
    const profile = main((await get(`/users/${them._id}`, me.cookie)).html);
    expect(profile).toContain(`href="/users/${them._id}/block"`);
    expect(main((await get("/users", me.cookie)).html)).not.toContain("/block");

    const { response, html } = await get(`/users/${them._id}/block`, me.cookie);
    expect(response.status).toBe(200);
    const page = main(html);
    expect(page).toContain(`Block ${them.username}?`);
    expect(page).toContain("They won&#x27;t be able to see your profile, connections or comments, or follow you");
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>Block<\/button>/);
    expect(page).toMatch(new RegExp(`href="/users/${them._id}"[^>]*>Cancel</a>`));
    // Opening the page changes nothing.
    expect(await app.db.select().from(blocks).where(eq(blocks.blockerId, me._id))).toEqual([]);
  });

  it("blocks from the confirmation page, then shows the profile blocked, with Unblock and none of their content", async () => {
    const [me, them] = await Promise.all([member(), member()]);
    await api(app, "POST", "/connections", { token: them.token, body: { context: "Out of the blocker's sight" } });
    await api(app, "POST", `/follows/${them._id}`, { token: me.token });
    const blocked = await blockByForm(me, them);
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("location")).toBe(`/users/${them._id}`);

    const page = main((await get(`/users/${them._id}`, me.cookie)).html);
    expect(page).toContain(`You blocked ${them.username}.`);
    expect(page).toMatch(/<button[^>]*>Unblock<\/button>/);
    expect(page).not.toMatch(/>(Follow|Unfollow|Requested)</);
    expect(page).not.toContain("Out of the blocker&#x27;s sight");
    expect(page).toContain(`You blocked ${them.username}, so their connections are hidden from you.`);
    expect(page).not.toContain(`href="/users/${them._id}/followers"`);
    expect(page).toContain("<strong>0</strong> followers");

    // The confirmation page now offers Unblock instead.
    expect(main((await get(`/users/${them._id}/block`, me.cookie)).html)).toMatch(/<button[^>]*>Unblock<\/button>/);
  });

  it("unblocks from the profile, back to Follow, without the follow the block removed", async () => {
    const [me, them] = await Promise.all([member(), member()]);
    await api(app, "POST", `/follows/${them._id}`, { token: me.token });
    await blockByForm(me, them);
    const unblocked = await postForm(
      app,
      `/users/${them._id}/block`,
      { intent: "unblock", redirectTo: `/users/${them._id}` },
      { cookie: me.cookie },
    );
    expect(unblocked.status).toBe(302);
    expect(unblocked.headers.get("location")).toBe(`/users/${them._id}`);
    const page = main((await get(`/users/${them._id}`, me.cookie)).html);
    expect(page).toMatch(/<button[^>]*>Follow<\/button>/);
    expect(page).toContain(`href="/users/${them._id}/block"`);
  });

  it("answers a fetcher with data and the core's status, not a redirect", async () => {
    const [me, them] = await Promise.all([member(), member()]);
    const send = (intent: string) =>
      postForm(app, `/users/${them._id}/block`, { intent, via: "fetcher" }, { cookie: me.cookie });
    expect((await send("block")).status).toBe(200);
    expect((await send("unblock")).status).toBe(200);
    const again = await send("unblock");
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Not blocked");
  });

  it("sends a member from their own block page to their profile, and answers unknown members 404", async () => {
    const me = await member();
    const own = await get(`/users/${me._id}/block`, me.cookie);
    expect(own.response.status).toBe(302);
    expect(own.response.headers.get("location")).toBe("/users");
    for (const id of ["nope", "6".repeat(24)]) {
      const { response, html } = await get(`/users/${id}/block`, me.cookie);
      expect(response.status, id).toBe(404);
      expect(html, id).toContain(PROFILE_MESSAGES.userNotFound);
    }
  });
});

describe("content gone both ways, on every page", () => {
  let blocker: Member;
  let blocked: Member;
  let host: Member;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [blocker, blocked, host] = await Promise.all([member(), member(), member()]);
    const posted = async (by: Member, body: Record<string, string>) =>
      (await api(app, "POST", "/connections", { token: by.token, body })).body;
    const ofBlocker = await posted(blocker, {
      movieTitle: "Blocker Film",
      bookTitle: "Blocker Novel",
      context: "tapir-words by the blocker",
      tags: "tapir-tag",
    });
    const ofBlocked = await posted(blocked, {
      movieTitle: "Blocked Film",
      bookTitle: "Blocked Novel",
      context: "okapi-words by the blocked",
      tags: "okapi-tag",
    });
    const hosted = await posted(host, { context: "A host's post" });
    Object.assign(ids, {
      blockerPost: ofBlocker._id,
      blockerMovie: ofBlocker.movieRef._id,
      blockerBook: ofBlocker.bookRef._id,
      blockedPost: ofBlocked._id,
      blockedMovie: ofBlocked.movieRef._id,
      blockedBook: ofBlocked.bookRef._id,
      hosted: hosted._id,
    });
    for (const by of [blocker, blocked]) {
      await api(app, "POST", `/connections/${hosted._id}/comments`, {
        token: by.token,
        body: { text: `Comment by ${by.username}` },
      });
    }
    expect((await blockByForm(blocker, blocked)).status).toBe(302);
  });

  /** Each viewer, the other member, and what of the other's shows where. */
  const pairs = () =>
    [
      [blocker, blocked, "okapi", ids.blockedPost, ids.blockedMovie, ids.blockedBook],
      [blocked, blocker, "tapir", ids.blockerPost, ids.blockerMovie, ids.blockerBook],
    ] as const;

  it("leaves the other's connections out of the feed, tags, search, movie and book pages", async () => {
    for (const [viewer, other, word, post, movie, book] of pairs()) {
      const who = `${viewer === blocker ? "blocker" : "blocked"}`;
      for (const path of ["/", `/?tags=${word}-tag`, `/search?q=${word}-words`, `/movies/${movie}`, `/books/${book}`]) {
        const { response, html } = await get(path, viewer.cookie);
        expect(response.status, `${who} ${path}`).toBe(200);
        expect(main(html), `${who} ${path}`).not.toContain(`/connections/${post}"`);
      }
      // Nor in the sidebar's popular tags.
      expect((await get("/about", viewer.cookie)).html, who).not.toContain(`${word}-tag`);
      const { response } = await get(`/connections/${post}`, viewer.cookie);
      expect(response.status, `${who}: the connection's page`).toBe(404);
      expect(main((await get("/all-users", viewer.cookie)).html), `${who}: all users`).not.toContain(
        `/users/${other._id}"`,
      );
      // Their comment on a third member's post.
      const hosted = main((await get(`/connections/${ids.hosted}`, viewer.cookie)).html);
      expect(hosted, who).toContain(`Comment by ${viewer.username}`);
      expect(hosted, who).not.toContain(`Comment by ${other.username}`);
      expect(hosted.replaceAll("<!-- -->", ""), who).toContain(
        '<span><span class="action-button__word">Discussion (</span>1<span class="action-button__word">)</span></span>',
      );
    }
    // Anyone else still sees both.
    const hosted = main((await get(`/connections/${ids.hosted}`, host.cookie)).html);
    expect(hosted).toContain(`Comment by ${blocker.username}`);
    expect(hosted).toContain(`Comment by ${blocked.username}`);
  });

  it("shows the blocked member the blocker's profile and lists as missing", async () => {
    for (const path of [
      `/users/${blocker._id}`,
      `/users/${blocker._id}/followers`,
      `/users/${blocker._id}/following`,
      `/users/${blocker._id}/block`,
    ]) {
      const { response, html } = await get(path, blocked.cookie);
      expect(response.status, path).toBe(404);
      expect(html, path).not.toContain(blocker.username);
    }
  });
});

describe("Blocked members in settings", () => {
  it("lists them newest first with Unblock, which brings back an empty list and a notice", async () => {
    const [me, first, second] = await Promise.all([member(), member(), member()]);
    const empty = main((await get("/settings", me.cookie)).html);
    expect(empty).toContain("Blocked members");
    expect(empty).toContain("You haven&#x27;t blocked anyone.");

    await blockByForm(me, first);
    await blockByForm(me, second);
    const listed = main((await get("/settings", me.cookie)).html);
    expect(listed.indexOf(second.username)).toBeGreaterThan(-1);
    expect(listed.indexOf(second.username)).toBeLessThan(listed.indexOf(first.username));
    expect(listed.match(/>Unblock<\/button>/g)).toHaveLength(2);

    for (const [index, them] of [first, second].entries()) {
      const response = await postForm(
        app,
        "/settings/blocked",
        { intent: "unblock", userId: them._id, redirectTo: "/settings" },
        { cookie: me.cookie },
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/settings#blocked");
      const page = main((await pageAfter(app, response, me.cookie)).html);
      expect(flashShown(page)).toBe(FLASH_MESSAGES.unblocked);
      expect(page.includes("You haven&#x27;t blocked anyone."), `after ${index + 1}`).toBe(index === 1);
    }
    expect(await app.db.select().from(blocks).where(eq(blocks.blockerId, me._id))).toEqual([]);
  });

  it("answers a repeated unblock by showing the list as it is, and a fetcher with the message", async () => {
    const [me, them] = await Promise.all([member(), member()]);
    const plain = await postForm(app, "/settings/blocked", { userId: them._id }, { cookie: me.cookie });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/settings#blocked");
    const fetched = await postForm(
      app,
      "/settings/blocked",
      { userId: them._id, via: "fetcher" },
      { cookie: me.cookie },
    );
    expect(fetched.status).toBe(404);
    expect(await fetched.json()).toMatchObject({ ok: false, error: "Not blocked" });
    const opened = await get("/settings/blocked", me.cookie);
    expect(opened.response.headers.get("location")).toBe("/settings#blocked");
  });
});
