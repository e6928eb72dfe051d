import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLLOW_MESSAGES, PROFILE_MESSAGES } from "../../worker/core/people/index.ts";
import { follows, notifications, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";
import { pngClaimingSize, testPng } from "../support/images.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>>;

describe("profiles", () => {
  it("shows basic info to anyone and validates ids", async () => {
    const member = await registerUser(app);
    const profile = await api(app, "GET", `/users/${member._id}/profile`);
    expect(profile.body).toEqual({
      _id: member._id,
      username: member.username,
      displayName: "",
      bio: "",
      location: "",
      profilePictureUrl: "",
      isPrivate: false,
      createdAt: expect.any(String),
      followerCount: 0,
      followingCount: 0,
    });
    expect((await api(app, "GET", `/users/${member._id}`)).body).toEqual(profile.body);
    expect(await api(app, "GET", "/users/nope/profile")).toMatchObject({
      status: 400,
      body: { message: "Invalid User ID format" },
    });
    expect(await api(app, "GET", `/users/${"1".repeat(24)}`)).toMatchObject({
      status: 404,
      body: { message: "User not found." },
    });
  });

  it("updates text fields with the spec's limits: absent keeps, empty clears, text trimmed", async () => {
    const member = await registerUser(app);
    const update = (body: unknown) => api(app, "PUT", "/users/profile", { token: member.token, body });
    const first = await update({ displayName: "  Ada  ", bio: "Reader.", location: "Lisbon", isPrivate: true });
    expect(first.body).toMatchObject({
      displayName: "Ada",
      bio: "Reader.",
      location: "Lisbon",
      isPrivate: true,
      email: member.email,
    });
    const second = await update({ bio: "" });
    expect(second.body).toMatchObject({ displayName: "Ada", bio: "", location: "Lisbon", isPrivate: true });
    expect(await update({ displayName: "x".repeat(51) })).toMatchObject({
      status: 400,
      body: { message: PROFILE_MESSAGES.displayNameTooLong },
    });
    expect(await update({ bio: "x".repeat(251) })).toMatchObject({
      status: 400,
      body: { message: PROFILE_MESSAGES.bioTooLong },
    });
    expect(await update({ location: "x".repeat(101) })).toMatchObject({
      status: 400,
      body: { message: PROFILE_MESSAGES.locationTooLong },
    });
    expect(await update({ isPrivate: "yes" })).toMatchObject({
      status: 400,
      body: { message: PROFILE_MESSAGES.isPrivateNotBoolean },
    });
    // Anything but text is refused in the field's words, not the validator's ("expected string, received null").
    for (const [field, label] of [
      ["displayName", "Display name"],
      ["bio", "Bio"],
      ["location", "Location"],
    ]) {
      for (const value of [null, 123]) {
        expect(await update({ [field as string]: value })).toMatchObject({
          status: 400,
          body: { message: `${label} must be text.` },
        });
      }
    }
    expect(
      (await update({ displayName: "x".repeat(50), bio: "y".repeat(250), location: "z".repeat(100) })).status,
    ).toBe(200);
    expect((await api(app, "PUT", "/users/profile", { body: {} })).status).toBe(401);
  });

  it("replaces the picture, removing the old image, and refuses non-images and large files", async () => {
    const member = await registerUser(app);
    const upload = (bytes: Uint8Array, name = "me.png") => {
      const body = new FormData();
      body.set("profilePicture", new File([bytes as BlobPart], name, { type: "image/png" }));
      return api(app, "PUT", "/users/profile/picture", { token: member.token, body });
    };
    const first = await upload(testPng("first picture"));
    expect(first.status).toBe(200);
    const firstKey = new URL(first.body.profilePictureUrl).pathname.slice("/images/".length);
    expect(firstKey).toMatch(/^avatars\//);
    const second = await upload(testPng("second picture"));
    expect(second.body.profilePictureUrl).not.toBe(first.body.profilePictureUrl);
    expect(await app.bucket.head(firstKey)).toBeNull();
    expect(await upload(new TextEncoder().encode("not a picture"))).toMatchObject({
      status: 415,
      body: { message: PROFILE_MESSAGES.notAnImage },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(testPng("too large").subarray(0, 16));
    expect(await upload(big)).toMatchObject({ status: 413, body: { message: PROFILE_MESSAGES.imageTooLarge } });
    expect(await upload(pngClaimingSize(testPng("flood"), 20_000, 20_000))).toMatchObject({
      status: 413,
      body: { message: PROFILE_MESSAGES.imageTooManyPixels },
    });
    expect(
      await api(app, "PUT", "/users/profile/picture", { token: member.token, body: new FormData() }),
    ).toMatchObject({
      status: 400,
      body: { message: PROFILE_MESSAGES.noImage },
    });
  });

  it("lists public members by username, never private ones", async () => {
    const [visible, hidden] = await Promise.all([registerUser(app), registerUser(app)]);
    await app.db.update(users).set({ isPrivate: true }).where(eq(users.id, hidden._id));
    const list = (await api(app, "GET", "/users")).body as Array<{ _id: string; username: string }>;
    expect(list.map((u) => u._id)).toContain(visible._id);
    expect(list.map((u) => u._id)).not.toContain(hidden._id);
    const names = list.map((u) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(list[0]!).sort()).toEqual([
      "_id",
      "displayName",
      "profileImageUrl",
      "profilePictureUrl",
      "username",
    ]);
  });
});

describe("follows", () => {
  it("follows and unfollows with counts, refusing self-follows, unknown users and repeats", async () => {
    const [a, b] = await Promise.all([registerUser(app), registerUser(app)]);
    expect(await api(app, "POST", `/follows/${b._id}`, { token: a.token })).toMatchObject({
      status: 201,
      body: { isFollowing: true, followerCount: 1 },
    });
    expect(await api(app, "POST", `/follows/${b._id}`, { token: a.token })).toMatchObject({
      status: 409,
      body: { message: FOLLOW_MESSAGES.alreadyFollowing },
    });
    expect(await api(app, "GET", `/follows/is-following/${b._id}`, { token: a.token })).toMatchObject({
      body: { isFollowing: true, isSelf: false },
    });
    expect((await api(app, "GET", `/users/${a._id}/profile`)).body.followingCount).toBe(1);
    expect(await api(app, "POST", `/follows/${a._id}`, { token: a.token })).toMatchObject({
      status: 400,
      body: { message: FOLLOW_MESSAGES.cannotFollowSelf },
    });
    expect(await api(app, "POST", `/follows/${"2".repeat(24)}`, { token: a.token })).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.followTargetMissing },
    });
    expect(await api(app, "DELETE", `/follows/${b._id}`, { token: a.token })).toMatchObject({
      status: 200,
      body: { isFollowing: false, followerCount: 0 },
    });
    expect(await api(app, "DELETE", `/follows/${b._id}`, { token: a.token })).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.notFollowing },
    });
    expect(await api(app, "DELETE", `/follows/${a._id}`, { token: a.token })).toMatchObject({
      status: 400,
      body: { message: FOLLOW_MESSAGES.cannotUnfollowSelf },
    });
    expect(await api(app, "GET", `/follows/is-following/${a._id}`, { token: a.token })).toMatchObject({
      body: { isFollowing: false, isSelf: true },
    });
    expect(await api(app, "GET", `/follows/is-following/${"3".repeat(24)}`, { token: a.token })).toMatchObject({
      status: 404,
      body: { message: FOLLOW_MESSAGES.userMissing },
    });
  });

  it("creates exactly one edge and one notification when follows race", async () => {
    const [a, b] = await Promise.all([registerUser(app), registerUser(app)]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api(app, "POST", `/follows/${b._id}`, { token: a.token })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const [edges] = await app.db.select({ n: count() }).from(follows).where(eq(follows.followeeId, b._id));
    expect(edges?.n).toBe(1);
    await api(app, "DELETE", `/follows/${b._id}`, { token: a.token });
    await api(app, "POST", `/follows/${b._id}`, { token: a.token });
    const sent = await app.db.select().from(notifications).where(eq(notifications.recipientId, b._id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "new_follower",
      link: `/users/${a._id}`,
      message: `${a.username} started following you.`,
    });
  });
});

describe("privacy matrix", () => {
  // Two owners, private and public, each with a connection carrying its own tag and words, a comment and a like by
  // a third member. Viewers: the owner, a follower, a pending requester (private owner only), another member, a
  // visitor, a member the owner blocked and a member who blocked the owner (both followed the owner before).
  interface Owner {
    label: string;
    member: Member;
    connectionId: string;
    movieId: string;
    bookId: string;
    tag: string;
    words: string;
  }
  let privateOwner: Owner;
  let publicOwner: Owner;
  let follower: Member;
  let requester: Member; // asked to follow the private owner once they were private; not answered
  let other: Member;
  let blocked: Member; // the owners blocked them
  let blocking: Member; // they blocked the owners

  async function ownerWith(label: string, words: string): Promise<Owner> {
    const member = await registerUser(app);
    const tag = `${words}-tag`;
    const created = await api(app, "POST", "/connections", {
      token: member.token,
      body: { movieTitle: `Matrix Movie ${label}`, bookTitle: `Matrix Book ${label}`, context: words, tags: tag },
    });
    await api(app, "POST", `/connections/${created.body._id}/comments`, {
      token: member.token,
      body: { text: "Owner's note" },
    });
    return {
      label,
      member,
      connectionId: created.body._id,
      movieId: created.body.movieRef._id,
      bookId: created.body.bookRef._id,
      tag,
      words,
    };
  }

  beforeAll(async () => {
    [privateOwner, publicOwner] = await Promise.all([ownerWith("private", "zebra"), ownerWith("public", "quokka")]);
    [follower, requester, other, blocked, blocking] = await Promise.all([
      registerUser(app),
      registerUser(app),
      registerUser(app),
      registerUser(app),
      registerUser(app),
    ]);
    for (const owner of [privateOwner, publicOwner]) {
      for (const fan of [follower, blocked, blocking]) {
        await api(app, "POST", `/follows/${owner.member._id}`, { token: fan.token });
      }
      await api(app, "POST", `/connections/${owner.connectionId}/like`, { token: other.token });
      expect((await api(app, "POST", `/blocks/${blocked._id}`, { token: owner.member.token })).status).toBe(201);
      expect((await api(app, "POST", `/blocks/${owner.member._id}`, { token: blocking.token })).status).toBe(201);
    }
    await api(app, "PUT", "/users/profile", { token: privateOwner.member.token, body: { isPrivate: true } });
    expect((await api(app, "POST", `/follows/${privateOwner.member._id}`, { token: requester.token })).status).toBe(
      202,
    );
  });

  /** [who, token, sees the content, sees the basic profile] for each owner. */
  const viewers = (owner: Owner) => {
    const isPublic = owner === publicOwner;
    return [
      ["owner", owner.member.token, true, true],
      ["follower", follower.token, true, true],
      ["requester (pending)", requester.token, isPublic, true],
      ["other member", other.token, isPublic, true],
      ["visitor", undefined, isPublic, true],
      ["blocked by the owner", blocked.token, false, false],
      ["blocking the owner", blocking.token, false, true],
    ] as const;
  };

  it.each([
    ["private", () => privateOwner],
    ["public", () => publicOwner],
  ])("shows a %s member's content to exactly the viewers the rule allows, on every read", async (_, ownerOf) => {
    const owner = ownerOf();
    const { connectionId, movieId, bookId } = owner;
    const ownerId = owner.member._id;
    for (const [role, token, sees, seesProfile] of viewers(owner)) {
      const who = `${owner.label} owner, ${role}`;
      const ids = (connections: Array<{ _id: string }>) => connections.map((c) => c._id);
      const feed = await api(app, "GET", `/connections?tags=${owner.tag}`, { token });
      expect(ids(feed.body.connections).includes(connectionId), `${who}: feed`).toBe(sees);
      expect(feed.body.pages, `${who}: feed pages`).toBe(sees ? 1 : 0);
      const search = await api(app, "GET", `/connections/search?q=${owner.words}`, { token });
      expect(search.body.totalCount, `${who}: search`).toBe(sees ? 1 : 0);
      const tags = (await api(app, "GET", "/connections/popular-tags", { token })).body as Array<{ tag: string }>;
      expect(
        tags.filter((t) => t.tag === owner.tag),
        `${who}: popular tags`,
      ).toEqual(sees ? [{ tag: owner.tag, count: 1 }] : []);
      expect((await api(app, "GET", `/movies/${movieId}/connections`, { token })).body.length, `${who}: movie`).toBe(
        sees ? 1 : 0,
      );
      expect((await api(app, "GET", `/books/${bookId}/connections`, { token })).body.length, `${who}: book`).toBe(
        sees ? 1 : 0,
      );
      expect((await api(app, "GET", `/connections/${connectionId}`, { token })).status, `${who}: by id`).toBe(
        sees ? 200 : 404,
      );
      expect(
        (await api(app, "GET", `/connections/${connectionId}/comments`, { token })).status,
        `${who}: comments`,
      ).toBe(sees ? 200 : 404);
      if (token) {
        const batch = await api(app, "POST", "/connections/batch", { token, body: { connectionIds: [connectionId] } });
        expect(batch.body.length, `${who}: batch`).toBe(sees ? 1 : 0);
      }
      const theirs = await api(app, "GET", `/users/${ownerId}/connections`, { token });
      expect(theirs.status, `${who}: user connections`).toBe(sees ? 200 : 404);
      if (!sees) expect(theirs.body).toEqual({ message: "User not found or profile is private." });
      for (const list of ["followers", "following"]) {
        const response = await api(app, "GET", `/follows/${list}/${ownerId}`, { token });
        expect(response.status, `${who}: ${list}`).toBe(sees ? 200 : 404);
        if (!sees) expect(response.body).toEqual({ message: "User not found." });
      }
      const profile = await api(app, "GET", `/users/${ownerId}/profile`, { token });
      if (seesProfile) {
        expect(profile, `${who}: basic info`).toMatchObject({
          status: 200,
          body: { isPrivate: owner === privateOwner, followerCount: 1 },
        });
      } else {
        expect(profile, `${who}: basic info`).toMatchObject({ status: 404, body: { message: "User not found." } });
      }
      const listed = ((await api(app, "GET", "/users", { token })).body as Array<{ _id: string }>).map((u) => u._id);
      // The members list leaves out anyone a block stands between, whichever way it goes.
      const blockedEitherWay = role === "blocked by the owner" || role === "blocking the owner";
      expect(listed.includes(ownerId), `${who}: members list`).toBe(owner === publicOwner && !blockedEitherWay);
    }
  });

  it("refuses interactions with hidden content as if it did not exist", async () => {
    const { connectionId } = privateOwner;
    for (const route of ["like", "favorite"]) {
      for (const token of [other.token, requester.token, blocked.token, blocking.token]) {
        expect((await api(app, "POST", `/connections/${connectionId}/${route}`, { token })).status).toBe(404);
      }
      for (const token of [blocked.token, blocking.token]) {
        const response = await api(app, "POST", `/connections/${publicOwner.connectionId}/${route}`, { token });
        expect(response).toMatchObject({ status: 404, body: { message: "Connection not found" } });
      }
    }
    const comment = (token: string) => ({ token, body: { text: "Let me in." } });
    for (const token of [requester.token, blocked.token, blocking.token]) {
      expect((await api(app, "POST", `/connections/${connectionId}/comments`, comment(token))).status).toBe(404);
    }
    for (const token of [blocked.token, blocking.token]) {
      const response = await api(app, "POST", `/connections/${publicOwner.connectionId}/comments`, comment(token));
      expect(response).toMatchObject({ status: 404, body: { message: "Connection not found" } });
    }
    expect((await api(app, "POST", `/connections/${connectionId}/like`, { token: follower.token })).status).toBe(200);
  });
});
