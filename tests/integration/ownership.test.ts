import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

// Every mutating route, API and pages, tried by someone who may not make the change: another member (403
// where they can see the thing, 404 where privacy hides it) and a visitor (401, or the login page). Each
// attempt must leave every table exactly as it was.

type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };

let app: TestApp;
let owner: Member; // public, owns `mine` and `comment`, receives `notification`
let stranger: Member; // the one trying
let recluse: Member; // private, owns `hidden` and `hiddenComment`; the stranger does not follow them
const ids = { mine: "", comment: "", notification: "", hidden: "", hiddenComment: "" };
let followerId = "";

async function member(): Promise<Member> {
  const user = await registerUser(app);
  const login = await postForm(app, "/login", { email: user.email, password: user.password });
  return { ...user, cookie: cookieFrom(login) };
}

beforeAll(async () => {
  app = await startTestApp();
  [owner, stranger, recluse] = [await member(), await member(), await member()];
  const liker = await member();
  const post = async (who: Member, body: Record<string, unknown>) =>
    (await api(app, "POST", "/connections", { token: who.token, body })).body._id as string;
  ids.mine = await post(owner, {
    movieTitle: "Owned Film",
    bookTitle: "Owned Book",
    context: "Mine.",
    tags: ["owned"],
  });
  ids.comment = (
    await api(app, "POST", `/connections/${ids.mine}/comments`, { token: owner.token, body: { text: "My note." } })
  ).body._id;
  ids.notification = (
    await api(app, "POST", `/connections/${ids.mine}/like`, { token: liker.token })
  ).body.notificationId;
  ids.hidden = await post(recluse, {
    movieTitle: "Hidden Film",
    bookTitle: "Hidden Book",
    context: "Private.",
    tags: ["secret"],
  });
  ids.hiddenComment = (
    await api(app, "POST", `/connections/${ids.hidden}/comments`, { token: recluse.token, body: { text: "Shh." } })
  ).body._id;
  expect((await api(app, "PUT", "/users/profile", { token: recluse.token, body: { isPrivate: true } })).status).toBe(
    200,
  );
  // A follower of the owner's and a request waiting for the recluse: theirs to remove and to answer.
  expect((await api(app, "POST", `/follows/${owner._id}`, { token: liker.token })).status).toBe(201);
  expect((await api(app, "POST", `/follows/${recluse._id}`, { token: owner.token })).status).toBe(202);
  followerId = liker._id;
  expect(Object.values(ids).every(Boolean)).toBe(true);
});

afterAll(async () => {
  await app?.close();
});

/** Every row a mutation could touch (sessions aside: logging in is not what is tried here). */
async function snapshot() {
  const tables = [
    "users",
    "connections",
    "connection_tags",
    "comments",
    "likes",
    "favorites",
    "follows",
    "follow_requests",
    "notifications",
    "tag_counts",
    "counters",
    "movies",
    "books",
  ];
  const dump: Record<string, unknown[]> = {};
  for (const table of tables)
    dump[table] = await app.db.all(sql`select * from ${sql.identifier(table)} order by rowid`);
  return dump;
}

/** Runs the attempt and checks that nothing changed; returns the response for the status checks. */
async function attempt<T>(run: () => Promise<T>): Promise<T> {
  const before = await snapshot();
  const response = await run();
  expect(await snapshot()).toEqual(before);
  return response;
}

describe("the API refuses changes by anyone but the owner", () => {
  const cases = () => [
    {
      name: "edit a connection",
      method: "PUT",
      path: `/connections/${ids.mine}`,
      body: { context: "Hijacked." },
      status: 403,
      message: "You are not authorized to edit this connection.",
    },
    {
      name: "delete a connection",
      method: "DELETE",
      path: `/connections/${ids.mine}`,
      status: 403,
      message: "You are not authorized to delete this connection.",
    },
    {
      name: "edit a comment",
      method: "PUT",
      path: `/comments/${ids.comment}`,
      body: { text: "Hijacked." },
      status: 403,
      message: "Not authorized to update this comment.",
    },
    {
      name: "delete a comment",
      method: "DELETE",
      path: `/comments/${ids.comment}`,
      status: 403,
      message: "Not authorized to delete this comment.",
    },
    {
      name: "edit a hidden connection",
      method: "PUT",
      path: `/connections/${ids.hidden}`,
      body: { context: "Hijacked." },
      status: 404,
    },
    { name: "delete a hidden connection", method: "DELETE", path: `/connections/${ids.hidden}`, status: 404 },
    { name: "like a hidden connection", method: "POST", path: `/connections/${ids.hidden}/like`, status: 404 },
    { name: "favorite a hidden connection", method: "POST", path: `/connections/${ids.hidden}/favorite`, status: 404 },
    {
      name: "comment on a hidden connection",
      method: "POST",
      path: `/connections/${ids.hidden}/comments`,
      body: { text: "Hi." },
      status: 404,
    },
    {
      name: "edit a comment on a hidden connection",
      method: "PUT",
      path: `/comments/${ids.hiddenComment}`,
      body: { text: "Hi." },
      status: 404,
    },
    {
      name: "delete a comment on a hidden connection",
      method: "DELETE",
      path: `/comments/${ids.hiddenComment}`,
      status: 404,
    },
    {
      name: "accept a request made to someone else",
      method: "POST",
      path: `/follows/requests/${owner._id}/accept`,
      status: 404,
      message: "Follow request not found",
    },
    {
      name: "decline a request made to someone else",
      method: "POST",
      path: `/follows/requests/${owner._id}/decline`,
      status: 404,
      message: "Follow request not found",
    },
    {
      name: "remove someone else's follower",
      method: "DELETE",
      path: `/follows/followers/${followerId}`,
      status: 404,
      message: "Not a follower",
    },
  ];

  it("answers another member 403, or 404 where privacy hides the target, and writes nothing", async () => {
    for (const test of cases()) {
      const response = await attempt(() =>
        api(app, test.method, test.path, { token: stranger.token, body: test.body }),
      );
      expect(response.status, test.name).toBe(test.status);
      expect(typeof response.body?.message, test.name).toBe("string");
      if (test.message) expect(response.body.message, test.name).toBe(test.message);
    }
  });

  it("marks only the caller's own notifications read", async () => {
    const response = await attempt(() =>
      api(app, "PATCH", `/notifications/${ids.notification}/read`, { token: stranger.token }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ count: 0, updatedIds: [] });
  });

  it("answers a visitor 401 on every mutating route, and writes nothing", async () => {
    const routes = [
      ...cases().map(({ method, path, body }) => ({ method, path, body })),
      { method: "POST", path: "/connections", body: { movieTitle: "X", bookTitle: "Y" } },
      { method: "POST", path: `/connections/${ids.mine}/like` },
      { method: "POST", path: `/connections/${ids.mine}/favorite` },
      { method: "POST", path: `/connections/${ids.mine}/comments`, body: { text: "Hi." } },
      { method: "PUT", path: "/users/profile", body: { displayName: "X" } },
      { method: "POST", path: `/follows/${owner._id}` },
      { method: "DELETE", path: `/follows/${owner._id}` },
      { method: "POST", path: `/follows/requests/${owner._id}/accept` },
      { method: "POST", path: `/follows/requests/${owner._id}/decline` },
      { method: "DELETE", path: `/follows/followers/${owner._id}` },
      { method: "POST", path: `/blocks/${owner._id}` },
      { method: "DELETE", path: `/blocks/${owner._id}` },
      { method: "PATCH", path: `/notifications/${ids.notification}/read` },
      { method: "PATCH", path: "/notifications/read-all" },
      { method: "POST", path: "/auth/logout" },
    ];
    for (const route of routes) {
      const response = await attempt(() => api(app, route.method, route.path, { body: route.body }));
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
  });
});

describe("the pages refuse changes by anyone but the owner", () => {
  // SPEC.md §7: others are sent from the edit (and delete) page to the connection's page.
  it("sends another member from an edit back to the connection, unchanged", async () => {
    const response = await attempt(() =>
      postForm(app, `/connections/${ids.mine}/edit`, { context: "Hijacked.", tags: "" }, { cookie: stranger.cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/connections/${ids.mine}`);
  });

  it("sends another member from a delete back to the connection, which stays", async () => {
    const response = await attempt(() =>
      postForm(app, `/connections/${ids.mine}/delete`, {}, { cookie: stranger.cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/connections/${ids.mine}`);
  });

  it("refuses another member's comment edits and deletions with the spec's messages", async () => {
    const update = await attempt(() =>
      postForm(
        app,
        `/connections/${ids.mine}`,
        { intent: "update-comment", commentId: ids.comment, text: "Hijacked." },
        { cookie: stranger.cookie },
      ),
    );
    expect(update.status).toBe(403);
    expect(await update.text()).toContain("Not authorized to update this comment.");
    const remove = await attempt(() =>
      postForm(
        app,
        `/connections/${ids.mine}`,
        { intent: "delete-comment", commentId: ids.comment },
        { cookie: stranger.cookie },
      ),
    );
    expect(remove.status).toBe(403);
    expect(await remove.text()).toContain("Not authorized to delete this comment.");
  });

  it("treats hidden connections as missing for likes, favorites and comments", async () => {
    for (const action of ["like", "favorite"]) {
      const response = await attempt(() =>
        postForm(app, `/connections/${ids.hidden}/${action}`, { via: "fetcher" }, { cookie: stranger.cookie }),
      );
      expect(response.status, action).toBe(404);
    }
    const comment = await attempt(() =>
      postForm(app, `/connections/${ids.hidden}`, { text: "Hi." }, { cookie: stranger.cookie }),
    );
    expect(comment.status).toBe(404);
  });

  it("leaves someone else's notification unread", async () => {
    await attempt(() =>
      postForm(app, "/notifications", { intent: "read", id: ids.notification }, { cookie: stranger.cookie }),
    );
    await attempt(() =>
      postForm(app, "/notifications", { intent: "open", id: ids.notification }, { cookie: stranger.cookie }),
    );
  });

  it("sends a visitor to log in from every member action, and writes nothing", async () => {
    const paths = [
      "/create",
      `/connections/${ids.mine}/edit`,
      `/connections/${ids.mine}/delete`,
      `/connections/${ids.mine}/like`,
      `/connections/${ids.mine}/favorite`,
      `/users/${owner._id}/follow`,
      `/users/${owner._id}/block`,
      "/settings/blocked",
      "/notifications",
      "/follow-requests",
      `/users/${owner._id}/followers`,
      "/profile/edit",
    ];
    for (const path of paths) {
      const response = await attempt(() => postForm(app, path, { context: "X", text: "X", intent: "read-all" }));
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/login\?redirectTo=/);
    }
    const comment = await attempt(() => postForm(app, `/connections/${ids.mine}`, { text: "Hi." }));
    expect([302, 401], "comment").toContain(comment.status);
  });
});
