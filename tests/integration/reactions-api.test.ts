import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_MESSAGES } from "../../worker/core/discussion/index.ts";
import { favorites, likes, notifications, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let fan: Awaited<ReturnType<typeof registerUser>>;
let connectionId: string;
beforeAll(async () => {
  app = await startTestApp();
  [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
  const created = await api(app, "POST", "/connections", {
    token: owner.token,
    body: { movieTitle: "Jaws", bookTitle: "Jaws", context: "Bigger boat." },
  });
  connectionId = created.body._id;
});
afterAll(() => app?.close());

const notificationsFor = async (userId: string, type: "like" | "favorite" | "comment") =>
  (
    await app.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), eq(notifications.type, type)))
  )[0]!.n;

describe("likes", () => {
  it("toggles, answering {connection, notificationId}, and notifies the owner once ever", async () => {
    const first = await api(app, "POST", `/connections/${connectionId}/like`, { token: fan.token });
    expect(first.status).toBe(200);
    expect(first.body.connection.likes).toEqual([fan._id]);
    expect(first.body.notificationId).toMatch(/^[0-9a-f]{24}$/);
    const unlike = await api(app, "POST", `/connections/${connectionId}/like`, { token: fan.token });
    expect(unlike.body).toMatchObject({ connection: { likes: [] }, notificationId: null });
    const again = await api(app, "POST", `/connections/${connectionId}/like`, { token: fan.token });
    expect(again.body).toMatchObject({ connection: { likes: [fan._id] }, notificationId: null });
    expect(await notificationsFor(owner._id, "like")).toBe(1);
    const [notification] = await app.db.select().from(notifications).where(eq(notifications.type, "like"));
    expect(notification).toMatchObject({
      message: `${fan.username} liked your connection.`,
      link: `/connections/${connectionId}`,
    });
  });

  it("never notifies members of their own likes", async () => {
    const response = await api(app, "POST", `/connections/${connectionId}/like`, { token: owner.token });
    expect(response.body.notificationId).toBeNull();
    expect(response.body.connection.likes).toContain(owner._id);
  });

  it("keeps exact counts under 50 concurrent likes from different members", async () => {
    const created = await api(app, "POST", "/connections", { token: owner.token, body: { context: "Popular post" } });
    const members = await Promise.all(Array.from({ length: 50 }, () => registerUser(app)));
    const results = await Promise.all(
      members.map((member) => api(app, "POST", `/connections/${created.body._id}/like`, { token: member.token })),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const [row] = await app.db.select({ n: count() }).from(likes).where(eq(likes.connectionId, created.body._id));
    expect(row?.n).toBe(50);
    expect((await api(app, "GET", `/connections/${created.body._id}`)).body.likes).toHaveLength(50);
  });

  it("answers 401 for visitors, 400 for bad ids and 404 for hidden connections", async () => {
    expect((await api(app, "POST", `/connections/${connectionId}/like`)).status).toBe(401);
    expect((await api(app, "POST", "/connections/bad/like", { token: fan.token })).status).toBe(400);
    const hidden = await registerUser(app);
    const post = await api(app, "POST", "/connections", { token: hidden.token, body: { context: "Secret" } });
    await app.db.update(users).set({ isPrivate: true }).where(eq(users.id, hidden._id));
    expect((await api(app, "POST", `/connections/${post.body._id}/like`, { token: fan.token })).status).toBe(404);
    expect((await api(app, "POST", `/connections/${post.body._id}/favorite`, { token: fan.token })).status).toBe(404);
    expect(
      (await api(app, "POST", `/connections/${post.body._id}/comments`, { token: fan.token, body: { text: "hi" } }))
        .status,
    ).toBe(404);
    expect((await api(app, "GET", `/connections/${post.body._id}/comments`, { token: fan.token })).status).toBe(404);
  });
});

describe("favorites", () => {
  it("toggles the member's favorites, answering the connection, and notifies once", async () => {
    const on = await api(app, "POST", `/connections/${connectionId}/favorite`, { token: fan.token });
    expect(on).toMatchObject({ status: 200, body: { _id: connectionId } });
    expect((await api(app, "GET", "/users/me", { token: fan.token })).body.favorites).toEqual([connectionId]);
    await api(app, "POST", `/connections/${connectionId}/favorite`, { token: fan.token });
    expect((await api(app, "GET", "/users/me", { token: fan.token })).body.favorites).toEqual([]);
    await api(app, "POST", `/connections/${connectionId}/favorite`, { token: fan.token });
    expect(await notificationsFor(owner._id, "favorite")).toBe(1);
    const [row] = await app.db.select({ n: count() }).from(favorites).where(eq(favorites.userId, fan._id));
    expect(row?.n).toBe(1);
  });
});

describe("comments", () => {
  it("adds comments oldest first with the API shape, notifying the owner each time", async () => {
    const before = await notificationsFor(owner._id, "comment");
    const first = await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: fan.token,
      body: { text: "  First!  " },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      _id: expect.any(String),
      text: "First!",
      spoiler: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      connection: connectionId,
      user: { _id: fan._id, username: fan.username, displayName: "", profilePictureUrl: "", profileImageUrl: "" },
    });
    await api(app, "POST", `/connections/${connectionId}/comments`, { token: fan.token, body: { text: "Second" } });
    await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: owner.token,
      body: { text: "Own reply" },
    });
    const list = await api(app, "GET", `/connections/${connectionId}/comments`);
    expect(list.body.map((c: { text: string }) => c.text)).toEqual(["First!", "Second", "Own reply"]);
    expect(await notificationsFor(owner._id, "comment")).toBe(before + 2);
    expect((await api(app, "GET", `/connections/${connectionId}`)).body.commentCount).toBe(3);
  });

  it("validates text: required after trimming, at most 1000 characters", async () => {
    for (const body of [{}, { text: "" }, { text: "   " }, { text: 42 }]) {
      expect(await api(app, "POST", `/connections/${connectionId}/comments`, { token: fan.token, body })).toMatchObject(
        {
          status: 400,
          body: { message: COMMENT_MESSAGES.empty },
        },
      );
    }
    const max = await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: fan.token,
      body: { text: "x".repeat(1000) },
    });
    expect(max.status).toBe(201);
    expect(
      await api(app, "POST", `/connections/${connectionId}/comments`, {
        token: fan.token,
        body: { text: "x".repeat(1001) },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: COMMENT_MESSAGES.tooLong },
    });
    expect((await api(app, "POST", `/connections/${connectionId}/comments`, { body: { text: "hi" } })).status).toBe(
      401,
    );
  });

  it("lets only the author edit or delete a comment; deleting removes its notification and the count follows", async () => {
    const comment = await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: fan.token,
      body: { text: "Typo here" },
    });
    const id = comment.body._id;
    expect(await api(app, "PUT", `/comments/${id}`, { token: owner.token, body: { text: "Hijack" } })).toMatchObject({
      status: 403,
      body: { message: COMMENT_MESSAGES.notAuthorizedUpdate },
    });
    expect(await api(app, "PUT", `/comments/${id}`, { token: fan.token, body: { text: "  " } })).toMatchObject({
      status: 400,
      body: { message: COMMENT_MESSAGES.editEmpty },
    });
    const edited = await api(app, "PUT", `/comments/${id}`, { token: fan.token, body: { text: "Fixed" } });
    expect(edited).toMatchObject({ status: 200, body: { _id: id, text: "Fixed" } });
    expect(await api(app, "PUT", "/comments/nope", { token: fan.token, body: { text: "x" } })).toMatchObject({
      status: 400,
      body: { message: COMMENT_MESSAGES.invalidId },
    });
    expect(
      await api(app, "PUT", `/comments/${"0".repeat(24)}`, { token: fan.token, body: { text: "x" } }),
    ).toMatchObject({
      status: 404,
      body: { message: COMMENT_MESSAGES.notFound },
    });

    const countBefore = (await api(app, "GET", `/connections/${connectionId}`)).body.commentCount;
    expect(await api(app, "DELETE", `/comments/${id}`, { token: owner.token })).toMatchObject({
      status: 403,
      body: { message: COMMENT_MESSAGES.notAuthorizedDelete },
    });
    expect(await api(app, "DELETE", `/comments/${id}`, { token: fan.token })).toMatchObject({
      status: 200,
      body: { message: "Comment removed" },
    });
    expect((await api(app, "GET", `/connections/${connectionId}`)).body.commentCount).toBe(countBefore - 1);
    const left = await app.db.select().from(notifications).where(eq(notifications.commentId, id));
    expect(left).toEqual([]);
  });
});
