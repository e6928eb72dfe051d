import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLLOW_MESSAGES } from "../../worker/core/people/index.ts";
import { followRequests, follows, notifications } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, rawApi, registerUser } from "../support/http.ts";

// API.md "Additions, second round", "Follow requests": one test per contract row, then the rules around them
// (notifications, turning private and public, what a pending requester sees) and racing calls.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>>;

const raw = (method: string, path: string, token: string) => rawApi(app, method, path, token);

async function privateMember() {
  const member = await registerUser(app);
  expect((await api(app, "PUT", "/users/profile", { token: member.token, body: { isPrivate: true } })).status).toBe(
    200,
  );
  return member;
}

const request = (from: Member, to: Member) => api(app, "POST", `/follows/${to._id}`, { token: from.token });
const accept = (by: Member, from: Member) =>
  api(app, "POST", `/follows/requests/${from._id}/accept`, { token: by.token });
const decline = (by: Member, from: Member) =>
  api(app, "POST", `/follows/requests/${from._id}/decline`, { token: by.token });
const cancel = (from: Member, to: Member) => api(app, "DELETE", `/follows/${to._id}`, { token: from.token });

async function requestRows(to: Member) {
  return app.db.select().from(followRequests).where(eq(followRequests.targetId, to._id));
}
async function edges(followerId: string, followeeId: string) {
  return app.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}
async function notificationsTo(member: Member, type?: string) {
  const rows = await app.db.select().from(notifications).where(eq(notifications.recipientId, member._id));
  return type ? rows.filter((row) => row.type === type) : rows;
}
async function followerCount(member: Member) {
  return (await api(app, "GET", `/users/${member._id}/profile`)).body.followerCount as number;
}
/** The header's unread count on a page, as a member sees it. */
async function unreadBadge(member: Member) {
  const cookie = cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));
  const html = await (await fetch(`${app.url}/about`, { headers: { Cookie: cookie } })).text();
  return Number(/, (\d+) unread/.exec(html.replaceAll("<!-- -->", ""))?.[1] ?? 0);
}

describe("POST /follows/:userId", () => {
  it("on a private member sends a request: 202 with requested, then 409 'Follow request already sent'", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    expect(await raw("POST", `/follows/${owner._id}`, fan.token)).toEqual({
      status: 202,
      text: '{"isFollowing":false,"requested":true,"followerCount":0}',
    });
    expect(await request(fan, owner)).toEqual(
      expect.objectContaining({ status: 409, body: { message: FOLLOW_MESSAGES.requestAlreadySent } }),
    );
    expect(await requestRows(owner)).toHaveLength(1);
    expect(await edges(fan._id, owner._id)).toEqual([]);
  });

  it("answers a follower of a private member 409 'Already following this user', sending no request", async () => {
    const [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
    await request(fan, owner);
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    expect(await request(fan, owner)).toMatchObject({
      status: 409,
      body: { message: FOLLOW_MESSAGES.alreadyFollowing },
    });
    expect(await requestRows(owner)).toEqual([]);
  });

  it("follows a public member at once with the same bytes as before", async () => {
    const [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
    expect(await raw("POST", `/follows/${owner._id}`, fan.token)).toEqual({
      status: 201,
      text: '{"isFollowing":true,"followerCount":1}',
    });
    expect(await raw("POST", `/follows/${owner._id}`, fan.token)).toEqual({
      status: 409,
      text: '{"message":"Already following this user"}',
    });
    expect(await raw("DELETE", `/follows/${owner._id}`, fan.token)).toEqual({
      status: 200,
      text: '{"isFollowing":false,"followerCount":0}',
    });
    expect(await raw("POST", `/follows/${fan._id}`, fan.token)).toEqual({
      status: 400,
      text: '{"message":"Cannot follow yourself"}',
    });
    expect(await raw("POST", `/follows/${"4".repeat(24)}`, fan.token)).toEqual({
      status: 404,
      text: '{"message":"User to follow not found"}',
    });
  });
});

describe("DELETE /follows/:userId", () => {
  it("withdraws a pending request (200 with requested: false), then answers 404 'Not following this user'", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    await request(fan, owner);
    expect(await raw("DELETE", `/follows/${owner._id}`, fan.token)).toEqual({
      status: 200,
      text: '{"isFollowing":false,"requested":false,"followerCount":0}',
    });
    expect(await requestRows(owner)).toEqual([]);
    expect(await notificationsTo(owner, "follow_request")).toEqual([]);
    expect(await cancel(fan, owner)).toMatchObject({ status: 404, body: { message: FOLLOW_MESSAGES.notFollowing } });
  });

  it("unfollows a private member with the same bytes as before", async () => {
    const [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
    await request(fan, owner);
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    expect(await raw("DELETE", `/follows/${owner._id}`, fan.token)).toEqual({
      status: 200,
      text: '{"isFollowing":false,"followerCount":0}',
    });
  });
});

describe("GET /follows/is-following/:userId", () => {
  it("answers {isFollowing, isSelf, requested}", async () => {
    const [owner, fan, other] = await Promise.all([privateMember(), registerUser(app), registerUser(app)]);
    const status = (who: Member, of: Member) =>
      api(app, "GET", `/follows/is-following/${of._id}`, { token: who.token });
    await request(fan, owner);
    expect(await raw("GET", `/follows/is-following/${owner._id}`, fan.token)).toEqual({
      status: 200,
      text: '{"isFollowing":false,"isSelf":false,"requested":true}',
    });
    expect((await status(other, owner)).body).toEqual({ isFollowing: false, isSelf: false, requested: false });
    expect((await status(owner, owner)).body).toEqual({ isFollowing: false, isSelf: true, requested: false });
    await accept(owner, fan);
    expect((await status(fan, owner)).body).toEqual({ isFollowing: true, isSelf: false, requested: false });
  });
});

describe("GET /follows/requests", () => {
  it("lists the requests to the caller, newest first, as {_id, user, createdAt}", async () => {
    const [owner, first, second, elsewhere] = await Promise.all([
      privateMember(),
      registerUser(app),
      registerUser(app),
      privateMember(),
    ]);
    await request(first, owner);
    await request(second, owner);
    await request(first, elsewhere);
    const response = await api(app, "GET", "/follows/requests", { token: owner.token });
    expect(response.status).toBe(200);
    const rows = await requestRows(owner);
    const idOf = (member: Member) => rows.find((row) => row.requesterId === member._id)!.id;
    expect(response.body).toEqual([
      {
        _id: idOf(second),
        user: {
          _id: second._id,
          username: second.username,
          displayName: "",
          profilePictureUrl: "",
          profileImageUrl: "",
        },
        createdAt: expect.any(String),
      },
      {
        _id: idOf(first),
        user: { _id: first._id, username: first.username, displayName: "", profilePictureUrl: "", profileImageUrl: "" },
        createdAt: expect.any(String),
      },
    ]);
    expect(Date.parse(response.body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(response.body[1].createdAt));
    expect((await api(app, "GET", "/follows/requests", { token: first.token })).body).toEqual([]);
    expect(await api(app, "GET", "/follows/requests")).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
  });
});

describe("POST /follows/requests/:userId/accept", () => {
  it("makes the requester a follower (200 {followerCount}), then answers 404 'Follow request not found'", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    const post = await api(app, "POST", "/connections", { token: owner.token, body: { context: "For followers" } });
    await request(fan, owner);
    expect(await raw("POST", `/follows/requests/${fan._id}/accept`, owner.token)).toEqual({
      status: 200,
      text: '{"followerCount":1}',
    });
    expect(await edges(fan._id, owner._id)).toHaveLength(1);
    expect(await requestRows(owner)).toEqual([]);
    expect((await api(app, "GET", `/connections/${post.body._id}`, { token: fan.token })).status).toBe(200);
    expect(await accept(owner, fan)).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.requestNotFound },
    });
    expect(await accept(fan, owner)).toMatchObject({ status: 404, body: { message: FOLLOW_MESSAGES.requestNotFound } });
  });
});

describe("POST /follows/requests/:userId/decline", () => {
  it("removes the request (200 'Follow request declined') and tells nobody, then answers 404", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    await request(fan, owner);
    expect(await raw("POST", `/follows/requests/${fan._id}/decline`, owner.token)).toEqual({
      status: 200,
      text: '{"message":"Follow request declined"}',
    });
    expect(await requestRows(owner)).toEqual([]);
    expect(await edges(fan._id, owner._id)).toEqual([]);
    expect(await notificationsTo(fan)).toEqual([]);
    expect(await notificationsTo(owner)).toEqual([]);
    expect(await decline(owner, fan)).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.requestNotFound },
    });
  });
});

describe("DELETE /follows/followers/:userId", () => {
  it("removes a follower (200 {followerCount}), then answers 404 'Not a follower'", async () => {
    const [owner, fan, other] = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
    await request(fan, owner);
    await request(other, owner);
    expect(await raw("DELETE", `/follows/followers/${fan._id}`, owner.token)).toEqual({
      status: 200,
      text: '{"followerCount":1}',
    });
    expect(await edges(fan._id, owner._id)).toEqual([]);
    expect(await notificationsTo(fan)).toEqual([]);
    const again = await api(app, "DELETE", `/follows/followers/${fan._id}`, { token: owner.token });
    expect(again).toMatchObject({ status: 404, body: { message: FOLLOW_MESSAGES.notAFollower } });
    const someoneElses = await api(app, "DELETE", `/follows/followers/${other._id}`, { token: fan.token });
    expect(someoneElses).toMatchObject({ status: 404, body: { message: FOLLOW_MESSAGES.notAFollower } });
    expect(await edges(other._id, owner._id)).toHaveLength(1);
  });
});

describe("the new routes", () => {
  it("answer 400 'Invalid User ID format' for a malformed id and 401 without a token", async () => {
    const member = await registerUser(app);
    const routes = [
      ["POST", "/follows/requests/nope/accept"],
      ["POST", "/follows/requests/nope/decline"],
      ["DELETE", "/follows/followers/nope"],
    ] as const;
    for (const [method, path] of routes) {
      expect(await api(app, method, path, { token: member.token }), path).toMatchObject({
        status: 400,
        body: { message: "Invalid User ID format" },
      });
      expect((await api(app, method, path)).status, path).toBe(401);
    }
  });
});

describe("notifications", () => {
  it("tell the member of a request and the requester of an acceptance, both counted as unread", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    await api(app, "PUT", "/users/profile", { token: fan.token, body: { displayName: "Fan Person" } });
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { displayName: "Owner Person" } });
    await request(fan, owner);
    const [asked] = (await api(app, "GET", "/notifications", { token: owner.token })).body;
    expect(asked).toMatchObject({
      type: "follow_request",
      read: false,
      link: "/follow-requests",
      message: "Fan Person asked to follow you.",
      senderRef: { _id: fan._id, username: fan.username },
      connectionRef: null,
    });
    expect(await unreadBadge(owner)).toBe(1);
    await accept(owner, fan);
    const [accepted] = (await api(app, "GET", "/notifications", { token: fan.token })).body;
    expect(accepted).toMatchObject({
      type: "follow_accepted",
      read: false,
      link: `/users/${owner._id}`,
      message: "Owner Person accepted your follow request.",
      senderRef: { _id: owner._id },
    });
    expect(await unreadBadge(fan)).toBe(1);
    // The request's notification went with the request: the badge never counts a request already answered.
    expect(await notificationsTo(owner, "follow_request")).toEqual([]);
    expect(await unreadBadge(owner)).toBe(0);
  });

  it("come again for a new request after a decline, and once for a repeated acceptance", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    await request(fan, owner);
    await decline(owner, fan);
    await request(fan, owner);
    expect(await notificationsTo(owner, "follow_request")).toHaveLength(1);
    await accept(owner, fan);
    await cancel(fan, owner);
    await request(fan, owner);
    await accept(owner, fan);
    expect(await notificationsTo(fan, "follow_accepted")).toHaveLength(1);
  });
});

describe("turning private and public", () => {
  it("keeps existing followers when a member turns private", async () => {
    const [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
    await request(fan, owner);
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    expect(await edges(fan._id, owner._id)).toHaveLength(1);
    expect(await followerCount(owner)).toBe(1);
  });

  it("accepts every pending request when a member turns public, telling each requester", async () => {
    const owner = await privateMember();
    const fans = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
    for (const fan of fans) await request(fan, owner);
    const saved = await api(app, "PUT", "/users/profile", {
      token: owner.token,
      body: { isPrivate: false, displayName: "New Name" },
    });
    expect(saved.body).toMatchObject({ isPrivate: false, followerCount: 3 });
    expect(await requestRows(owner)).toEqual([]);
    expect(await notificationsTo(owner, "follow_request")).toEqual([]);
    const ids = new Set<string>();
    for (const fan of fans) {
      expect(await edges(fan._id, owner._id)).toHaveLength(1);
      const told = await notificationsTo(fan, "follow_accepted");
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        senderId: owner._id,
        message: "New Name accepted your follow request.",
        link: `/users/${owner._id}`,
      });
      expect(told[0]!.id).toMatch(/^[0-9a-f]{24}$/);
      ids.add(told[0]!.id);
    }
    expect(ids.size).toBe(fans.length);
  });
});

describe("a pending requester", () => {
  it("sees nothing more than a visitor", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    const post = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { context: "Requester cannot see", tags: "pending-only-tag" },
    });
    await request(fan, owner);
    for (const token of [fan.token, undefined]) {
      expect((await api(app, "GET", `/connections/${post.body._id}`, { token })).status).toBe(404);
      expect((await api(app, "GET", `/connections/${post.body._id}/comments`, { token })).status).toBe(404);
      expect((await api(app, "GET", `/users/${owner._id}/connections`, { token })).status).toBe(404);
      expect((await api(app, "GET", `/follows/followers/${owner._id}`, { token })).status).toBe(404);
      expect((await api(app, "GET", "/connections?tags=pending-only-tag", { token })).body.connections).toEqual([]);
    }
    expect((await api(app, "POST", `/connections/${post.body._id}/like`, { token: fan.token })).status).toBe(404);
  });
});

describe("racing calls", () => {
  it("six requests at once make one request and one notification; the rest are 409", async () => {
    const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
    const results = await Promise.all(Array.from({ length: 6 }, () => request(fan, owner)));
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toEqual({ message: FOLLOW_MESSAGES.requestAlreadySent });
    expect(await requestRows(owner)).toHaveLength(1);
    expect(await notificationsTo(owner, "follow_request")).toHaveLength(1);
  });

  it("accepts and cancels at once leave no request and one edge or none, with counts and notices agreeing", async () => {
    for (let round = 0; round < 4; round += 1) {
      const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
      await request(fan, owner);
      const results = await Promise.all([
        accept(owner, fan),
        cancel(fan, owner),
        accept(owner, fan),
        cancel(fan, owner),
        accept(owner, fan),
        cancel(fan, owner),
      ]);
      for (const result of results) expect([200, 404]).toContain(result.status);
      expect(await requestRows(owner)).toEqual([]);
      const edgeCount = (await edges(fan._id, owner._id)).length;
      expect(edgeCount).toBeLessThanOrEqual(1);
      expect(await followerCount(owner)).toBe(edgeCount);
      expect((await notificationsTo(fan, "follow_accepted")).length).toBeLessThanOrEqual(1);
      expect(await notificationsTo(owner, "follow_request")).toEqual([]);
      const accepted = results.filter((result, index) => index % 2 === 0 && result.status === 200);
      expect(accepted.length).toBeLessThanOrEqual(1);
      if (edgeCount === 1) expect(accepted).toHaveLength(1);
    }
  });

  it("an accept and a decline at once: one answers 200, the other 404", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
      await request(fan, owner);
      const [accepted, declined] = await Promise.all([accept(owner, fan), decline(owner, fan)]);
      expect([accepted.status, declined.status].sort()).toEqual([200, 404]);
      expect((await edges(fan._id, owner._id)).length).toBe(accepted.status === 200 ? 1 : 0);
      expect(await requestRows(owner)).toEqual([]);
    }
  });

  it("a request racing the member turning public ends as a follow, never a stranded request", async () => {
    for (let round = 0; round < 4; round += 1) {
      const [owner, fan] = await Promise.all([privateMember(), registerUser(app)]);
      const [followed, saved] = await Promise.all([
        request(fan, owner),
        api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: false } }),
      ]);
      expect([201, 202]).toContain(followed.status);
      expect(saved.status).toBe(200);
      expect(await requestRows(owner)).toEqual([]);
      expect(await edges(fan._id, owner._id)).toHaveLength(1);
    }
  });

  it("a request racing the member turning private ends as a follow or a request, never both", async () => {
    for (let round = 0; round < 4; round += 1) {
      const [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
      const [followed] = await Promise.all([
        request(fan, owner),
        api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } }),
      ]);
      const state = [(await edges(fan._id, owner._id)).length, (await requestRows(owner)).length];
      expect(state).toEqual(followed.status === 201 ? [1, 0] : [0, 1]);
    }
  });
});
