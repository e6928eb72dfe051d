import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

// The privacy matrix with suspended authors (issue 13): a suspended member's content is hidden from everyone but
// moderators, over every read route and page, and moderators see it as if the member were not suspended (they
// do not bypass privacy: a suspended private member's posts stay with their followers).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };

async function withCookie(user: Awaited<ReturnType<typeof registerUser>>): Promise<Member> {
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

let suspended: Member; // public, suspended
let hiddenPrivate: Member; // private, suspended; followed by `follower` and by `followingModerator`
let follower: Member;
let other: Member;
let third: Member; // owns the post the suspended member liked and commented on
let moderator: Member;
let followingModerator: Member;
const posts: Record<string, { _id: string; movieRef: { _id: string }; bookRef: { _id: string } }> = {};
let thirdPost: string;

async function suspend(member: Member, by: Member) {
  await api(app, "POST", "/reports", {
    token: other.token,
    body: { targetType: "user", targetId: member._id, reason: "harassment" },
  });
  const caseId = (await openCaseOf(app, member._id))!;
  const resolved = await api(app, "POST", `/moderation/reports/${caseId}/resolve`, {
    token: by.token,
    body: { action: "suspend" },
  });
  expect(resolved.status).toBe(200);
}

beforeAll(async () => {
  const member = async () => withCookie(await registerUser(app));
  [suspended, hiddenPrivate, follower, other, third] = [
    await member(),
    await member(),
    await member(),
    await member(),
    await member(),
  ];
  [moderator, followingModerator] = [
    await withCookie(await registerModerator(app)),
    await withCookie(await registerModerator(app)),
  ];
  for (const [name, owner] of [
    ["public", suspended],
    ["private", hiddenPrivate],
  ] as const) {
    const created = await api(app, "POST", "/connections", {
      token: owner.token,
      body: {
        movieTitle: `Suspended Movie ${name}`,
        bookTitle: `Suspended Book ${name}`,
        context: `quokka-${name} words`,
        tags: `suspended-tag-${name}`,
      },
    });
    posts[name] = created.body;
  }
  thirdPost = (await api(app, "POST", "/connections", { token: third.token, body: { context: "Third's post" } })).body
    ._id;
  await api(app, "POST", `/connections/${thirdPost}/like`, { token: suspended.token });
  await api(app, "POST", `/connections/${thirdPost}/comments`, {
    token: suspended.token,
    body: { text: "A suspended member's comment" },
  });
  for (const viewer of [follower, followingModerator]) {
    await api(app, "POST", `/follows/${suspended._id}`, { token: viewer.token });
    await api(app, "POST", `/follows/${hiddenPrivate._id}`, { token: viewer.token });
  }
  await api(app, "POST", `/follows/${third._id}`, { token: suspended.token });
  await api(app, "PUT", "/users/profile", { token: hiddenPrivate.token, body: { isPrivate: true } });
  await suspend(suspended, moderator);
  await suspend(hiddenPrivate, moderator);
});

describe("privacy matrix: suspended authors", () => {
  // [viewer, sees the suspended public member's content, sees the suspended private member's content]
  const viewers = () =>
    [
      ["visitor", undefined, false, false],
      ["follower", follower, false, false],
      ["other member", other, false, false],
      ["moderator", moderator, true, false],
      ["moderator who follows", followingModerator, true, true],
    ] as const;

  it("hides their connections from every read but a moderator's, and moderators do not bypass privacy", async () => {
    for (const [who, viewer, seesPublic, seesPrivate] of viewers()) {
      const token = viewer?.token;
      for (const [name, sees] of [
        ["public", seesPublic],
        ["private", seesPrivate],
      ] as const) {
        const post = posts[name]!;
        const label = `${who} / suspended ${name}`;
        const ids = (list: Array<{ _id: string }>) => list.map((c) => c._id);
        const feed = await api(app, "GET", `/connections?tags=suspended-tag-${name}`, { token });
        expect(ids(feed.body.connections).includes(post._id), `${label}: feed`).toBe(sees);
        expect(feed.body.pages, `${label}: feed pages`).toBe(sees ? 1 : 0);
        const search = await api(app, "GET", `/connections/search?q=quokka-${name}`, { token });
        expect(search.body.totalCount, `${label}: search`).toBe(sees ? 1 : 0);
        const tags = (await api(app, "GET", "/connections/popular-tags", { token })).body as Array<{ tag: string }>;
        expect(
          tags.some((t) => t.tag === `suspended-tag-${name}`),
          `${label}: popular tags`,
        ).toBe(sees);
        const movie = await api(app, "GET", `/movies/${post.movieRef._id}/connections`, { token });
        expect(movie.body.length, `${label}: movie`).toBe(sees ? 1 : 0);
        const book = await api(app, "GET", `/books/${post.bookRef._id}/connections`, { token });
        expect(book.body.length, `${label}: book`).toBe(sees ? 1 : 0);
        expect((await api(app, "GET", `/connections/${post._id}`, { token })).status, `${label}: by id`).toBe(
          sees ? 200 : 404,
        );
        expect(
          (await api(app, "GET", `/connections/${post._id}/comments`, { token })).status,
          `${label}: comments`,
        ).toBe(sees ? 200 : 404);
        if (token) {
          const batch = await api(app, "POST", "/connections/batch", { token, body: { connectionIds: [post._id] } });
          expect(batch.body.length, `${label}: batch`).toBe(sees ? 1 : 0);
        }
      }
    }
  });

  it("hides the member themselves (profile, lists, /users) from all but moderators", async () => {
    for (const [who, viewer, seesPublic] of viewers()) {
      const token = viewer?.token;
      expect((await api(app, "GET", `/users/${suspended._id}/profile`, { token })).status, `${who}: profile`).toBe(
        seesPublic ? 200 : 404,
      );
      expect(
        (await api(app, "GET", `/users/${suspended._id}/connections`, { token })).status,
        `${who}: user connections`,
      ).toBe(seesPublic ? 200 : 404);
      for (const list of ["followers", "following"]) {
        const response = await api(app, "GET", `/follows/${list}/${suspended._id}`, { token });
        expect(response.status, `${who}: ${list}`).toBe(seesPublic ? 200 : 404);
      }
      const thirdsFollowers = await api(app, "GET", `/follows/followers/${third._id}`, { token });
      expect(
        thirdsFollowers.body.some((user: { _id: string }) => user._id === suspended._id),
        `${who}: entry in a follower list`,
      ).toBe(seesPublic);
      const everyone = (await api(app, "GET", "/users", { token })).body as Array<{ _id: string }>;
      expect(
        everyone.some((user) => user._id === suspended._id),
        `${who}: /users`,
      ).toBe(seesPublic);
      if (token) {
        const status = await api(app, "GET", `/follows/is-following/${suspended._id}`, { token });
        expect(status.status, `${who}: is-following`).toBe(seesPublic ? 200 : 404);
      }
    }
  });

  it("hides their likes and comments on others' posts from all but moderators", async () => {
    for (const [who, viewer, seesPublic] of viewers()) {
      const token = viewer?.token;
      const post = (await api(app, "GET", `/connections/${thirdPost}`, { token })).body;
      expect(post.likes.includes(suspended._id), `${who}: likes`).toBe(seesPublic);
      expect(post.commentCount, `${who}: commentCount`).toBe(seesPublic ? 1 : 0);
      const comments = (await api(app, "GET", `/connections/${thirdPost}/comments`, { token })).body;
      expect(comments.length, `${who}: comments`).toBe(seesPublic ? 1 : 0);
    }
  });

  it("refuses interactions with them as if they did not exist", async () => {
    const post = posts.public!._id;
    for (const route of ["like", "favorite"]) {
      expect((await api(app, "POST", `/connections/${post}/${route}`, { token: other.token })).status).toBe(404);
    }
    const comment = { token: other.token, body: { text: "Hello?" } };
    expect((await api(app, "POST", `/connections/${post}/comments`, comment)).status).toBe(404);
    expect(await api(app, "POST", `/follows/${suspended._id}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { message: "User to follow not found" },
    });
    expect(
      await api(app, "POST", "/reports", {
        token: other.token,
        body: { targetType: "connection", targetId: post, reason: "spam" },
      }),
    ).toMatchObject({ status: 404, body: { message: "Connection not found" } });
  });

  it("shows the same on the pages", async () => {
    const post = posts.public!;
    const pages = [
      "/",
      "/?tags=suspended-tag-public",
      "/search?q=quokka-public",
      `/movies/${post.movieRef._id}`,
      `/books/${post.bookRef._id}`,
      `/connections/${thirdPost}`,
      "/all-users",
      `/users/${third._id}/followers`,
    ];
    const page = async (path: string, cookie?: string) => {
      const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
      return { status: response.status, html: await response.text() };
    };
    for (const [who, viewer, seesPublic] of viewers()) {
      const cookie = viewer?.cookie;
      for (const path of pages) {
        const { html } = await page(path, cookie);
        const shows = html.includes("quokka-public words") || html.includes(`>${suspended.username}<`);
        if (path === "/" && !seesPublic) expect(html.includes("quokka-public words"), `${who}: ${path}`).toBe(false);
        else if (path !== "/") expect(shows, `${who}: ${path}`).toBe(seesPublic);
      }
      expect((await page(`/connections/${thirdPost}`, cookie)).html.includes("A suspended member&#x27;s comment")).toBe(
        seesPublic,
      );
      if (cookie) {
        expect((await page(`/users/${suspended._id}`, cookie)).status, `${who}: profile page`).toBe(
          seesPublic ? 200 : 404,
        );
        expect((await page(`/connections/${post._id}`, cookie)).status, `${who}: connection page`).toBe(
          seesPublic ? 200 : 404,
        );
      }
    }
    const asModerator = await page(`/users/${suspended._id}`, moderator.cookie);
    expect(asModerator.html).toContain('class="badge profile__private">Suspended<');
  });
});
