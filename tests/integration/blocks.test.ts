import { and, eq, or, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCK_MESSAGES, FOLLOW_MESSAGES, type UserSummary } from "../../worker/core/people/index.ts";
import { blocks, comments, favorites, followRequests, follows, likes, notifications } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, rawApi, registerUser } from "../support/http.ts";

// API.md "Additions, second round", "Blocks": one test per contract row, then each effect the contract lists
// (what the blocked member and the blocker each stop seeing and doing), what the block batch removes, and races.
// The privacy matrix (people-api.test.ts) runs the blocked and blocking viewers over every read.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>>;

const raw = (method: string, path: string, token: string) => rawApi(app, method, path, token);

const blockBy = (by: Member, whom: Member) => api(app, "POST", `/blocks/${whom._id}`, { token: by.token });
const unblockBy = (by: Member, whom: Member) => api(app, "DELETE", `/blocks/${whom._id}`, { token: by.token });
const post = (by: Member, context: string) =>
  api(app, "POST", "/connections", { token: by.token, body: { context } }).then((r) => r.body._id as string);

/** The rows of `table` between two members, `first` naming one and `second` the other, either way round. */
function rowsBetween(table: SQLiteTable, first: SQLiteColumn, second: SQLiteColumn) {
  return (a: Member, b: Member) =>
    app.db
      .select()
      .from(table)
      .where(or(and(eq(first, a._id), eq(second, b._id)), and(eq(first, b._id), eq(second, a._id))));
}
const edgesBetween = rowsBetween(follows, follows.followerId, follows.followeeId);
const requestsBetween = rowsBetween(followRequests, followRequests.requesterId, followRequests.targetId);
const notificationsBetween = rowsBetween(notifications, notifications.senderId, notifications.recipientId);

describe("POST /blocks/:userId", () => {
  it("answers 201 {blocked: true}, and the same again without a second row", async () => {
    const [me, them] = await Promise.all([registerUser(app), registerUser(app)]);
    expect(await raw("POST", `/blocks/${them._id}`, me.token)).toEqual({ status: 201, text: '{"blocked":true}' });
    expect(await raw("POST", `/blocks/${them._id}`, me.token)).toEqual({ status: 201, text: '{"blocked":true}' });
    expect(await app.db.select().from(blocks).where(eq(blocks.blockerId, me._id))).toHaveLength(1);
  });

  it("answers 400 'Cannot block yourself', 404 'User not found.' and 400 for a malformed id, writing nothing", async () => {
    const me = await registerUser(app);
    expect(await raw("POST", `/blocks/${me._id}`, me.token)).toEqual({
      status: 400,
      text: JSON.stringify({ message: BLOCK_MESSAGES.cannotBlockSelf }),
    });
    expect(await raw("POST", `/blocks/${"5".repeat(24)}`, me.token)).toEqual({
      status: 404,
      text: '{"message":"User not found."}',
    });
    expect(await raw("POST", "/blocks/nope", me.token)).toEqual({
      status: 400,
      text: '{"message":"Invalid User ID format"}',
    });
    expect(await app.db.select().from(blocks).where(eq(blocks.blockerId, me._id))).toEqual([]);
  });

  it("needs a member: a visitor gets 401", async () => {
    const them = await registerUser(app);
    expect((await api(app, "POST", `/blocks/${them._id}`)).status).toBe(401);
    expect((await api(app, "DELETE", `/blocks/${them._id}`)).status).toBe(401);
    expect((await api(app, "GET", "/blocks")).status).toBe(401);
  });

  it("lets a member block someone who blocked them, listed only once that member is theirs to see again", async () => {
    const [a, b] = await Promise.all([registerUser(app), registerUser(app)]);
    expect((await blockBy(b, a)).status).toBe(201);
    expect(await blockBy(a, b)).toMatchObject({ status: 201, body: { blocked: true } });
    // b's new name would reach a through a's own list and export, while b's profile answers a 404.
    const name = "A name b keeps from a";
    await api(app, "PUT", "/users/profile", { token: b.token, body: { displayName: name } });
    const listedFor = async (member: Member) => {
      const list = (await api(app, "GET", "/blocks", { token: member.token })).body as UserSummary[];
      const exported = (await api(app, "GET", "/users/me/export", { token: member.token })).body;
      const inExport = (exported.blocks as { user: UserSummary }[]).map((entry) => entry.user);
      return { list: list.map((user) => user.displayName), export: inExport.map((user) => user.displayName) };
    };
    expect(await listedFor(a)).toEqual({ list: [], export: [] });
    expect((await unblockBy(b, a)).status).toBe(200);
    expect(await listedFor(a)).toEqual({ list: [name], export: [name] });
  });
});

describe("DELETE /blocks/:userId", () => {
  it("answers 200 {blocked: false}, then 404 'Not blocked'", async () => {
    const [me, them] = await Promise.all([registerUser(app), registerUser(app)]);
    await blockBy(me, them);
    expect(await raw("DELETE", `/blocks/${them._id}`, me.token)).toEqual({ status: 200, text: '{"blocked":false}' });
    expect(await raw("DELETE", `/blocks/${them._id}`, me.token)).toEqual({
      status: 404,
      text: JSON.stringify({ message: BLOCK_MESSAGES.notBlocked }),
    });
    expect((await api(app, "DELETE", "/blocks/nope", { token: me.token })).status).toBe(400);
  });

  it("lifts only the caller's own block", async () => {
    const [a, b] = await Promise.all([registerUser(app), registerUser(app)]);
    await blockBy(a, b);
    expect(await unblockBy(b, a)).toMatchObject({ status: 404, body: { message: BLOCK_MESSAGES.notBlocked } });
    expect(await app.db.select().from(blocks).where(eq(blocks.blockerId, a._id))).toHaveLength(1);
  });

  it("brings visibility back, but not the follows the block removed", async () => {
    const [me, them] = await Promise.all([registerUser(app), registerUser(app)]);
    const theirs = await post(them, "Seen again after unblocking");
    await api(app, "POST", `/follows/${them._id}`, { token: me.token });
    await blockBy(me, them);
    expect((await api(app, "GET", `/connections/${theirs}`, { token: me.token })).status).toBe(404);
    await unblockBy(me, them);
    expect((await api(app, "GET", `/connections/${theirs}`, { token: me.token })).status).toBe(200);
    expect((await api(app, "GET", `/connections/${theirs}`, { token: them.token })).status).toBe(200);
    expect(await edgesBetween(me, them)).toEqual([]);
    expect(await api(app, "GET", `/follows/is-following/${them._id}`, { token: me.token })).toMatchObject({
      status: 200,
      body: { isFollowing: false, isSelf: false, requested: false },
    });
  });
});

describe("GET /blocks", () => {
  it("lists the members the caller blocked as UserSummary, most recently blocked first", async () => {
    const [me, first, second, bystander] = await Promise.all([
      registerUser(app),
      registerUser(app),
      registerUser(app),
      registerUser(app),
    ]);
    expect(await api(app, "GET", "/blocks", { token: me.token })).toMatchObject({ status: 200, body: [] });
    await blockBy(me, first);
    await blockBy(me, second);
    await blockBy(bystander, me);
    const listed = await api(app, "GET", "/blocks", { token: me.token });
    expect(listed.body).toEqual([
      { _id: second._id, username: second.username, displayName: "", profilePictureUrl: "", profileImageUrl: "" },
      { _id: first._id, username: first.username, displayName: "", profilePictureUrl: "", profileImageUrl: "" },
    ]);
  });
});

describe("what a block removes", () => {
  it("removes follows and follow requests both ways, reactions on each other's posts and notifications between them", async () => {
    const [me, them, bystander] = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
    const mine = await post(me, "Mine");
    const theirs = await post(them, "Theirs");
    const elsewhere = await post(bystander, "Someone else's");
    await api(app, "POST", `/follows/${them._id}`, { token: me.token });
    for (const [by, id] of [
      [me, theirs],
      [them, mine],
      [me, elsewhere],
      [them, elsewhere],
    ] as const) {
      await api(app, "POST", `/connections/${id}/like`, { token: by.token });
      await api(app, "POST", `/connections/${id}/favorite`, { token: by.token });
    }
    await api(app, "POST", `/connections/${mine}/comments`, { token: them.token, body: { text: "Before the block" } });
    await api(app, "POST", `/follows/${bystander._id}`, { token: them.token });
    await api(app, "PUT", "/users/profile", { token: me.token, body: { isPrivate: true } });
    expect((await api(app, "POST", `/follows/${me._id}`, { token: them.token })).status).toBe(202);
    const reactions = async (table: typeof likes | typeof favorites) =>
      app.db.select({ connectionId: table.connectionId, userId: table.userId }).from(table);
    const betweenThem = (rows: Array<{ connectionId: string; userId: string }>) =>
      rows.filter(
        (row) =>
          (row.userId === me._id && row.connectionId === theirs) ||
          (row.userId === them._id && row.connectionId === mine),
      );
    expect(betweenThem(await reactions(likes))).toHaveLength(2);
    expect(betweenThem(await reactions(favorites))).toHaveLength(2);
    expect(await edgesBetween(me, them)).toHaveLength(1);
    expect(await requestsBetween(me, them)).toHaveLength(1);
    expect((await notificationsBetween(me, them)).length).toBeGreaterThan(0);

    expect((await blockBy(me, them)).status).toBe(201);

    expect(await edgesBetween(me, them)).toEqual([]);
    expect(await requestsBetween(me, them)).toEqual([]);
    expect(await notificationsBetween(me, them)).toEqual([]);
    for (const table of [likes, favorites]) {
      const left = await reactions(table);
      expect(betweenThem(left)).toEqual([]);
      // Reactions on a third member's post stay.
      expect(left.filter((row) => row.connectionId === elsewhere)).toHaveLength(2);
    }
    // Their comment stays in the database, hidden from the two of them.
    expect(await app.db.select().from(comments).where(eq(comments.userId, them._id))).toHaveLength(1);
    expect((await api(app, "GET", `/connections/${mine}/comments`, { token: me.token })).body).toEqual([]);
    expect((await api(app, "GET", `/connections/${mine}`, { token: me.token })).body.commentCount).toBe(0);
    // Follows with anyone else stay.
    expect(await edgesBetween(them, bystander)).toHaveLength(1);
  });

  it("leaves follows, requests and reactions as they were when the block fails", async () => {
    const [me, them] = await Promise.all([registerUser(app), registerUser(app)]);
    const theirs = await post(them, "Liked before a failed block");
    await api(app, "POST", `/follows/${them._id}`, { token: me.token });
    await api(app, "POST", `/follows/${me._id}`, { token: them.token });
    await api(app, "POST", `/connections/${theirs}/like`, { token: me.token });
    const before = {
      follows: await edgesBetween(me, them),
      notifications: await notificationsBetween(me, them),
    };
    // The database refuses this one block row, as it would if a constraint failed, after the deletes ran.
    const trigger = `fail_block_${me._id}`;
    await app.db.run(
      sql.raw(`create trigger ${trigger} before insert on blocks when new.blocker_id = '${me._id}'
        begin select raise(abort, 'refused for the test'); end`),
    );
    try {
      expect((await blockBy(me, them)).status).toBe(500);
    } finally {
      await app.db.run(sql.raw(`drop trigger ${trigger}`));
    }
    expect(await edgesBetween(me, them)).toEqual(before.follows);
    expect(await notificationsBetween(me, them)).toEqual(before.notifications);
    expect(
      await app.db
        .select()
        .from(likes)
        .where(and(eq(likes.userId, me._id), eq(likes.connectionId, theirs))),
    ).toHaveLength(1);
    expect(await app.db.select().from(blocks).where(eq(blocks.blockerId, me._id))).toEqual([]);
  });
});

describe("what the blocked member meets", () => {
  let blocker: Member;
  let blocked: Member;
  let connectionId: string;
  beforeAll(async () => {
    [blocker, blocked] = await Promise.all([registerUser(app), registerUser(app)]);
    connectionId = await post(blocker, "Not for the blocked member");
    await blockBy(blocker, blocked);
  });

  it("finds the blocker's profile, connections, lists and follow status missing (404)", async () => {
    const token = blocked.token;
    expect(await api(app, "GET", `/users/${blocker._id}/profile`, { token })).toMatchObject({
      status: 404,
      body: { message: "User not found." },
    });
    expect(await api(app, "GET", `/users/${blocker._id}`, { token })).toMatchObject({ status: 404 });
    expect(await api(app, "GET", `/users/${blocker._id}/connections`, { token })).toMatchObject({
      status: 404,
      body: { message: "User not found or profile is private." },
    });
    expect(await api(app, "GET", `/connections/${connectionId}`, { token })).toMatchObject({
      status: 404,
      body: { message: "Connection not found" },
    });
    expect(await api(app, "GET", `/follows/is-following/${blocker._id}`, { token })).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.userMissing },
    });
  });

  it("cannot follow, like, favorite or comment (404), and nothing is written", async () => {
    const token = blocked.token;
    expect(await api(app, "POST", `/follows/${blocker._id}`, { token })).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.followTargetMissing },
    });
    for (const route of ["like", "favorite"]) {
      expect(await api(app, "POST", `/connections/${connectionId}/${route}`, { token })).toMatchObject({
        status: 404,
        body: { message: "Connection not found" },
      });
    }
    expect(
      await api(app, "POST", `/connections/${connectionId}/comments`, { token, body: { text: "Hello?" } }),
    ).toMatchObject({ status: 404, body: { message: "Connection not found" } });
    expect(await edgesBetween(blocker, blocked)).toEqual([]);
    expect(await requestsBetween(blocker, blocked)).toEqual([]);
    expect(await notificationsBetween(blocker, blocked)).toEqual([]);
    expect(await app.db.select().from(likes).where(eq(likes.userId, blocked._id))).toEqual([]);
  });

  it("asks a private blocker nothing: no request is sent", async () => {
    const [privateBlocker, pest] = await Promise.all([registerUser(app), registerUser(app)]);
    await api(app, "PUT", "/users/profile", { token: privateBlocker.token, body: { isPrivate: true } });
    await blockBy(privateBlocker, pest);
    expect((await api(app, "POST", `/follows/${privateBlocker._id}`, { token: pest.token })).status).toBe(404);
    expect(await requestsBetween(privateBlocker, pest)).toEqual([]);
  });
});

describe("what the blocker meets", () => {
  it("sees the blocked member's basic profile but none of their content, and cannot follow them (403)", async () => {
    const [blocker, blocked] = await Promise.all([registerUser(app), registerUser(app)]);
    const theirs = await post(blocked, "Hidden from the blocker");
    await blockBy(blocker, blocked);
    const token = blocker.token;
    expect(await api(app, "GET", `/users/${blocked._id}/profile`, { token })).toMatchObject({
      status: 200,
      body: { _id: blocked._id },
    });
    expect(await api(app, "GET", `/follows/is-following/${blocked._id}`, { token })).toMatchObject({
      status: 200,
      body: { isFollowing: false },
    });
    expect((await api(app, "GET", `/users/${blocked._id}/connections`, { token })).status).toBe(404);
    expect((await api(app, "GET", `/connections/${theirs}`, { token })).status).toBe(404);
    expect(await api(app, "POST", `/follows/${blocked._id}`, { token })).toMatchObject({
      status: 403,
      body: { message: FOLLOW_MESSAGES.unblockToFollow },
    });
    expect(await edgesBetween(blocker, blocked)).toEqual([]);
  });

  it("no longer sees the blocked member's comments, likes or follows on anyone's posts and lists", async () => {
    const [blocker, blocked, host] = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
    const hosted = await post(host, "A third member's post");
    await api(app, "POST", `/connections/${hosted}/comments`, { token: blocked.token, body: { text: "Blocked says" } });
    await api(app, "POST", `/connections/${hosted}/comments`, { token: host.token, body: { text: "Host says" } });
    await api(app, "POST", `/connections/${hosted}/like`, { token: blocked.token });
    await api(app, "POST", `/follows/${host._id}`, { token: blocked.token });
    await blockBy(blocker, blocked);

    const seenBy = async (viewer: Member) => {
      const token = viewer.token;
      const connection = (await api(app, "GET", `/connections/${hosted}`, { token })).body;
      const thread = (await api(app, "GET", `/connections/${hosted}/comments`, { token })).body;
      const followers = (await api(app, "GET", `/follows/followers/${host._id}`, { token })).body;
      const profile = (await api(app, "GET", `/users/${host._id}/profile`, { token })).body;
      return {
        likes: connection.likes,
        commentCount: connection.commentCount,
        comments: thread.map((comment: { text: string }) => comment.text),
        followers: followers.map((user: { _id: string }) => user._id),
        followerCount: profile.followerCount,
      };
    };
    expect(await seenBy(blocker)).toEqual({
      likes: [],
      commentCount: 1,
      comments: ["Host says"],
      followers: [],
      followerCount: 0,
    });
    expect(await seenBy(host)).toEqual({
      likes: [blocked._id],
      commentCount: 2,
      comments: ["Blocked says", "Host says"],
      followers: [blocked._id],
      followerCount: 1,
    });
  });

  it("keeps a comment the blocked member wrote as unknown as a missing one: 404 to edit or delete, not 403", async () => {
    const [blocker, blocked, host] = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
    const hosted = await post(host, "A third member's post, for two comments");
    const comment = async (by: Member) =>
      (await api(app, "POST", `/connections/${hosted}/comments`, { token: by.token, body: { text: "Mine" } })).body
        ._id as string;
    const [blockersComment, blockedsComment] = [await comment(blocker), await comment(blocked)];
    await blockBy(blocker, blocked);
    for (const [viewer, commentId] of [
      [blocked, blockersComment],
      [blocker, blockedsComment],
    ] as const) {
      for (const [method, body] of [
        ["PUT", { text: "Edited" }],
        ["DELETE", undefined],
      ] as const) {
        expect(await api(app, method, `/comments/${commentId}`, { token: viewer.token, body })).toMatchObject({
          status: 404,
          body: { message: "Comment not found." },
        });
      }
    }
    expect(
      await api(app, "PUT", `/comments/${blockersComment}`, { token: host.token, body: { text: "x" } }),
    ).toMatchObject({ status: 403 });
  });

  it("gets no notifications from the blocked member", async () => {
    const [blocker, blocked] = await Promise.all([registerUser(app), registerUser(app)]);
    const mine = await post(blocker, "Notify me not");
    await api(app, "POST", `/connections/${mine}/like`, { token: blocked.token });
    await api(app, "POST", `/follows/${blocker._id}`, { token: blocked.token });
    expect((await api(app, "GET", "/notifications", { token: blocker.token })).body).toHaveLength(2);
    await blockBy(blocker, blocked);
    expect((await api(app, "GET", "/notifications", { token: blocker.token })).body).toEqual([]);
    await api(app, "POST", `/connections/${mine}/like`, { token: blocked.token });
    await api(app, "POST", `/connections/${mine}/comments`, { token: blocked.token, body: { text: "Hi" } });
    await api(app, "POST", `/follows/${blocker._id}`, { token: blocked.token });
    expect((await api(app, "GET", "/notifications", { token: blocker.token })).body).toEqual([]);
  });
});

describe("races", () => {
  it("a block racing follows from the blocked member ends with no follow and no request", async () => {
    for (const isPrivate of [false, true]) {
      const [blocker, pest] = await Promise.all([registerUser(app), registerUser(app)]);
      if (isPrivate) await api(app, "PUT", "/users/profile", { token: blocker.token, body: { isPrivate } });
      const [blocking, ...followed] = await Promise.all([
        blockBy(blocker, pest),
        ...Array.from({ length: 5 }, () => api(app, "POST", `/follows/${blocker._id}`, { token: pest.token })),
      ]);
      expect(blocking.status).toBe(201);
      for (const result of followed) expect([201, 202, 404, 409]).toContain(result.status);
      expect(await edgesBetween(blocker, pest), `private: ${isPrivate}`).toEqual([]);
      expect(await requestsBetween(blocker, pest), `private: ${isPrivate}`).toEqual([]);
      expect(await notificationsBetween(blocker, pest), `private: ${isPrivate}`).toEqual([]);
    }
  });

  it("a block racing likes and favorites from the blocked member leaves no row and no notification", async () => {
    const [blocker, pest] = await Promise.all([registerUser(app), registerUser(app)]);
    const ids = await Promise.all(Array.from({ length: 4 }, (_, index) => post(blocker, `Race ${index}`)));
    await Promise.all([
      blockBy(blocker, pest),
      ...ids.flatMap((id) => [
        api(app, "POST", `/connections/${id}/like`, { token: pest.token }),
        api(app, "POST", `/connections/${id}/favorite`, { token: pest.token }),
      ]),
    ]);
    expect(await app.db.select().from(likes).where(eq(likes.userId, pest._id))).toEqual([]);
    expect(await app.db.select().from(favorites).where(eq(favorites.userId, pest._id))).toEqual([]);
    expect(await notificationsBetween(blocker, pest)).toEqual([]);
  });
});
