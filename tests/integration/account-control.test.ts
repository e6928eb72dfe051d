import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../worker/core/rules/index.ts";
import { mailOutbox, passwordResets, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { type FakeResend, startFakeResend } from "../support/fake-resend.ts";
import { api, nextClientAddress, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";
import { mailTo, resetLinkIn, resetTokenFor } from "../support/outbox.ts";
import { type RunningWorker, startWorker } from "../support/worker.ts";

// API.md "Additions, second round", Account control: a test per row, against the built Worker.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>>;

async function login(member: { email: string }, password: string) {
  return api(app, "POST", "/auth/login", { body: { email: member.email, password } });
}

async function forgot(email: string, ip = nextClientAddress()) {
  return api(app, "POST", "/auth/forgot-password", { body: { email }, ip });
}

const expectTokenFailed = async (token: string) => {
  const response = await api(app, "GET", "/users/me", { token });
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ message: "Not authorized, token failed" });
};

describe("PUT /api/users/password", () => {
  it("needs a member", async () => {
    const response = await api(app, "PUT", "/users/password", { body: { currentPassword: "x", newPassword: "y" } });
    expect(response).toMatchObject({ status: 401, body: { message: "Not authorized, no token" } });
  });

  it("refuses a wrong or missing current password, then the signup password rule", async () => {
    const member = await registerUser(app);
    const cases: Array<[unknown, string]> = [
      [{ currentPassword: "not-it", newPassword: "brand-new" }, ACCOUNT_MESSAGES.currentPasswordIncorrect],
      [{ newPassword: "brand-new" }, ACCOUNT_MESSAGES.currentPasswordIncorrect],
      [{ currentPassword: 12345, newPassword: "brand-new" }, ACCOUNT_MESSAGES.currentPasswordIncorrect],
      [{ currentPassword: "not-it", newPassword: "1" }, ACCOUNT_MESSAGES.currentPasswordIncorrect],
      [{ currentPassword: member.password, newPassword: "12345" }, AUTH_MESSAGES.passwordLength],
      [{ currentPassword: member.password }, AUTH_MESSAGES.passwordLength],
    ];
    for (const [body, message] of cases) {
      const response = await api(app, "PUT", "/users/password", { token: member.token, body });
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await login(member, member.password)).status).toBe(200);
  });

  it("changes the password, revokes every other session and keeps this one", async () => {
    const member = await registerUser(app);
    const other = (await login(member, member.password)).body.token as string;
    const response = await api(app, "PUT", "/users/password", {
      token: member.token,
      body: { currentPassword: member.password, newPassword: "changed-pass" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Password changed", token: expect.any(String) });

    await expectTokenFailed(other);
    expect((await api(app, "GET", "/users/me", { token: member.token })).status).toBe(200);
    expect((await api(app, "GET", "/users/me", { token: response.body.token })).body.username).toBe(member.username);
    expect((await login(member, member.password)).status).toBe(401);
    expect((await login(member, "changed-pass")).status).toBe(200);
  });

  it("retires reset links mailed before the change", async () => {
    const member = await registerUser(app);
    await forgot(member.email);
    const token = await resetTokenFor(app, member.email);
    await api(app, "PUT", "/users/password", {
      token: member.token,
      body: { currentPassword: member.password, newPassword: "changed-pass" },
    });
    const reset = await api(app, "POST", "/auth/reset-password", { body: { token, password: "another-one" } });
    expect(reset).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.resetLinkInvalid } });
  });
});

describe("POST /api/auth/forgot-password", () => {
  it("answers the same whether or not the address is registered, and mails only a registered one", async () => {
    const member = await registerUser(app);
    const unknown = `nobody_${Date.now()}@example.com`;
    const [forUnknown, forMember] = [await forgot(unknown), await forgot(member.email.toUpperCase())];
    expect(forUnknown.status).toBe(200);
    expect(forMember.status).toBe(200);
    expect(forUnknown.body).toEqual({ message: "If that email is registered, a reset link is on its way." });
    expect(forMember.body).toEqual(forUnknown.body);

    const [mail] = await mailTo(app, member.email);
    expect(mail!.subject).toBe("Reset your MovieBooks password");
    expect(mail!.body).toContain(`@${member.username}`);
    expect(mail!.body).toContain("works once, for 30 minutes");
    expect(resetLinkIn(mail!.body).startsWith(`${app.url}/reset-password?token=`)).toBe(true);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, unknown))).toEqual([]);
    // Only a hash of the token is kept.
    const [row] = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, member._id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail!.body).not.toContain(row!.tokenHash);
    expect(row!.expiresAt - row!.createdAt).toBe(30 * 60_000);
  });

  it("refuses a blank or malformed address with the signup message", async () => {
    for (const body of [{}, { email: "" }, { email: "not-an-address" }, { email: ["a@b.c"] }]) {
      const response = await api(app, "POST", "/auth/forgot-password", { body });
      expect(response).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.invalidEmail } });
    }
  });

  it("is rate limited per e-mail address and per client address", async () => {
    const email = `limited_${Date.now()}@example.com`;
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await forgot(email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await forgot(email)).body).toEqual({ message: "Too many attempts. Please wait a minute and try again." });

    const ip = nextClientAddress();
    const fromOneAddress = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      fromOneAddress.push((await forgot(`someone_${attempt}_${Date.now()}@example.com`, ip)).status);
    }
    expect(fromOneAddress).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("keeps at most three live links per account, answering the same", async () => {
    const member = await registerUser(app);
    for (let attempt = 0; attempt < 4; attempt++) expect((await forgot(member.email)).status).toBe(200);
    await mailTo(app, member.email, 3);
    // The fourth request's background work has had time to finish by now; it sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailTo(app, member.email)).toHaveLength(3);
    const links = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, member._id));
    expect(links).toHaveLength(3);
  });
});

describe("POST /api/auth/reset-password", () => {
  async function linkFor(member: Member) {
    const before = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email))).length;
    await forgot(member.email);
    return resetTokenFor(app, member.email, before + 1);
  }

  it("sets the password, logs in with Auth, revokes every earlier session, and works once", async () => {
    const member = await registerUser(app);
    const second = (await login(member, member.password)).body.token as string;
    const token = await linkFor(member);
    const response = await api(app, "POST", "/auth/reset-password", { body: { token, password: "fresh-pass" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: member._id,
      username: member.username,
      email: member.email,
      displayName: "",
      profilePictureUrl: "",
      isPrivate: false,
      favorites: [],
      createdAt: expect.any(String),
      token: expect.any(String),
    });
    await expectTokenFailed(member.token);
    await expectTokenFailed(second);
    expect((await api(app, "GET", "/users/me", { token: response.body.token })).status).toBe(200);
    expect((await login(member, member.password)).status).toBe(401);
    expect((await login(member, "fresh-pass")).status).toBe(200);

    const again = await api(app, "POST", "/auth/reset-password", { body: { token, password: "third-pass" } });
    expect(again).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.resetLinkInvalid } });
    expect((await login(member, "fresh-pass")).status).toBe(200);
  });

  it("refuses a link past its 30 minutes", async () => {
    const member = await registerUser(app);
    const token = await linkFor(member);
    await app.db
      .update(passwordResets)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(passwordResets.userId, member._id));
    const response = await api(app, "POST", "/auth/reset-password", { body: { token, password: "fresh-pass" } });
    expect(response).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.resetLinkInvalid } });
    expect((await login(member, member.password)).status).toBe(200);
    expect((await api(app, "GET", "/users/me", { token: member.token })).status).toBe(200);
  });

  it("checks the link before the password, and a refused password leaves the link usable", async () => {
    const member = await registerUser(app);
    const bad = [{}, { token: "" }, { token: "made-up" }, { token: "x".repeat(5000), password: "fresh-pass" }];
    for (const body of [...bad, { token: "made-up", password: "1" }]) {
      const response = await api(app, "POST", "/auth/reset-password", { body });
      expect(response).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.resetLinkInvalid } });
    }
    const token = await linkFor(member);
    const short = await api(app, "POST", "/auth/reset-password", { body: { token, password: "12345" } });
    expect(short).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.passwordLength } });
    const ok = await api(app, "POST", "/auth/reset-password", { body: { token, password: "123456" } });
    expect(ok.status).toBe(200);
  });

  it("lets one of two racing resets through", async () => {
    const member = await registerUser(app);
    const token = await linkFor(member);
    const results = await Promise.all(
      ["race-one-pass", "race-two-pass"].map((password) =>
        api(app, "POST", "/auth/reset-password", { body: { token, password } }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    const winner = results.find((result) => result.status === 200)!;
    const password = (await login(member, "race-one-pass")).status === 200 ? "race-one-pass" : "race-two-pass";
    expect((await login(member, password)).status).toBe(200);
    expect((await api(app, "GET", "/users/me", { token: winner.body.token })).status).toBe(200);
  });
});

describe("mail through the provider", () => {
  let fake: FakeResend;
  let provider: RunningWorker;
  beforeAll(async () => {
    fake = await startFakeResend();
    provider = await startWorker({
      databaseUrl: app.databaseUrl,
      vars: { RESEND_API_KEY: fake.apiKey, RESEND_API_URL: fake.url, MAIL_FROM: "MovieBooks <hello@mb.example>" },
    });
  });
  afterAll(async () => {
    await provider?.close();
    await fake?.close();
  });

  const forgotThere = (email: string) =>
    fetch(`${provider.url}/api/auth/forgot-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": nextClientAddress() },
      body: JSON.stringify({ email }),
    });

  async function sentTo(email: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mail = fake.sent.find((message) => message.to.includes(email));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Nothing sent to ${email}`);
  }

  it("sends the reset link through Resend's API when the key is set, and nothing goes to the outbox", async () => {
    fake.mode = "ok";
    const member = await registerUser(app);
    const response = await forgotThere(member.email);
    expect(response.status).toBe(200);
    const mail = await sentTo(member.email);
    expect(mail).toMatchObject({ from: "MovieBooks <hello@mb.example>", subject: "Reset your MovieBooks password" });
    const request = fake.requests.find((entry) => entry.body.includes(member.email))!;
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email))).toEqual([]);

    const token = new URL(resetLinkIn(mail.text)).searchParams.get("token")!;
    const reset = await api(app, "POST", "/auth/reset-password", { body: { token, password: "by-provider" } });
    expect(reset.status).toBe(200);
    // With a provider configured the outbox page does not exist, whatever MAIL_OUTBOX says.
    expect((await fetch(`${provider.url}/dev/outbox`)).status).toBe(404);
  });

  it.each(["hang", "fail"] as const)("answers at once and the same when the provider would %s", async (mode) => {
    fake.mode = mode;
    const member = await registerUser(app);
    const started = Date.now();
    const response = await forgotThere(member.email);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    fake.mode = "ok";
  });
});

describe("GET /api/users/me/export", () => {
  it("needs a member", async () => {
    expect((await api(app, "GET", "/users/me/export")).status).toBe(401);
  });

  it("downloads everything the member created or chose, and only that", async () => {
    const me = await registerUser(app);
    const friend = await registerUser(app);
    const secretive = await registerUser(app);
    const screenshot = testPng("export");
    const body = new FormData();
    body.set("context", "My own exported connection");
    body.set("tags", "export, mine");
    body.set("screenshot", new File([screenshot as BlobPart], "shot.png", { type: "image/png" }));
    const mine = (await api(app, "POST", "/connections", { token: me.token, body })).body;
    const theirs = (await api(app, "POST", "/connections", { token: friend.token, body: { context: "Friend post" } }))
      .body;
    await api(app, "PUT", "/users/profile", { token: secretive.token, body: { isPrivate: true } });
    await api(app, "POST", "/connections", { token: secretive.token, body: { context: "Secret post text" } });
    await api(app, "POST", `/connections/${theirs._id}/comments`, { token: me.token, body: { text: "My comment" } });
    await api(app, "POST", `/connections/${mine._id}/comments`, { token: friend.token, body: { text: "Their reply" } });
    await api(app, "POST", `/connections/${theirs._id}/like`, { token: me.token });
    await api(app, "POST", `/connections/${theirs._id}/favorite`, { token: me.token });
    await api(app, "POST", `/follows/${friend._id}`, { token: me.token });
    await api(app, "POST", `/follows/${me._id}`, { token: friend.token });
    await api(app, "POST", `/blocks/${secretive._id}`, { token: me.token });
    const reportOf = (target: string, note: string) => ({
      targetType: "connection",
      targetId: target,
      reason: "other",
      note,
    });
    await api(app, "POST", "/reports", { token: me.token, body: reportOf(theirs._id, "My report note") });
    await api(app, "POST", "/reports", { token: friend.token, body: reportOf(mine._id, "Their report note") });

    // Through `api()`, so the whole export is also checked against the OpenAPI document's AccountExport.
    const response = await api(app, "GET", "/users/me/export", { token: me.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="moviebooks-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = response.body;
    const text = JSON.stringify(data);
    expect(Object.keys(data)).toEqual([
      "exportedAt",
      "profile",
      "connections",
      "comments",
      "likes",
      "favorites",
      "following",
      "blocks",
      "notifications",
      "reports",
      "verdicts",
    ]);
    expect(data.profile).toMatchObject({
      _id: me._id,
      username: me.username,
      email: me.email,
      favorites: [theirs._id],
      followerCount: 1,
      followingCount: 1,
    });
    expect(data.connections).toHaveLength(1);
    expect(data.connections[0]).toMatchObject({
      _id: mine._id,
      context: "My own exported connection",
      commentCount: 1,
    });
    expect(data.connections[0].tags).toEqual(["export", "mine"]);
    expect(data.connections[0].screenshotUrl).toMatch(new RegExp(`^${app.url}/images/screenshots/`));
    expect((await fetch(data.connections[0].screenshotUrl)).status).toBe(200);
    expect(data.comments).toEqual([
      {
        _id: expect.any(String),
        text: "My comment",
        spoiler: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        connection: theirs._id,
      },
    ]);
    expect(data.likes).toEqual([{ connection: theirs._id, createdAt: expect.any(String) }]);
    expect(data.favorites).toEqual([{ connection: theirs._id, createdAt: expect.any(String) }]);
    expect(data.following).toEqual([
      {
        user: {
          _id: friend._id,
          username: friend.username,
          displayName: "",
          profilePictureUrl: "",
          profileImageUrl: "",
        },
        createdAt: expect.any(String),
      },
    ]);
    expect(data.blocks).toEqual([
      {
        user: {
          _id: secretive._id,
          username: secretive.username,
          displayName: "",
          profilePictureUrl: "",
          profileImageUrl: "",
        },
        createdAt: expect.any(String),
      },
    ]);
    expect(data.notifications.map((notification: { type: string }) => notification.type).sort()).toEqual([
      "comment",
      "new_follower",
    ]);
    expect(data.reports).toEqual([
      {
        _id: expect.any(String),
        target: { type: "connection", _id: theirs._id },
        reason: "other",
        note: "My report note",
        createdAt: expect.any(String),
        status: "open",
      },
    ]);
    // Other members' private data never appears: their e-mail, their words, a private member's posts, their reports.
    for (const foreign of [
      friend.email,
      secretive.email,
      "Their reply",
      "Secret post text",
      "Friend post",
      "Their report note",
    ]) {
      expect(text).not.toContain(foreign);
    }
  });
});

describe("DELETE /api/users/me", () => {
  async function tableCounts() {
    const tables = [
      "users",
      "sessions",
      "connections",
      "connection_tags",
      "connection_facets",
      "connection_search",
      "likes",
      "favorites",
      "comments",
      "follows",
      "notifications",
      "password_resets",
      "blocks",
      "movies",
      "books",
    ];
    const row = await app.db.get<Record<string, number>>(
      sql.raw(`select ${tables.map((table) => `(select count(*) from ${table}) as ${table}`).join(", ")}`),
    );
    return row;
  }

  it("needs a member", async () => {
    expect((await api(app, "DELETE", "/users/me", { body: { password: "x" } })).status).toBe(401);
  });

  it("refuses a wrong or missing password and changes nothing", async () => {
    const member = await registerUser(app);
    await api(app, "POST", "/connections", { token: member.token, body: { context: "Still here", tags: "kept" } });
    const before = await tableCounts();
    for (const body of [{ password: "wrong-password" }, {}, { password: ["x"] }, undefined]) {
      const response = await api(app, "DELETE", "/users/me", { token: member.token, body });
      expect(response).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.passwordIncorrect } });
    }
    expect(await tableCounts()).toEqual(before);
    expect((await api(app, "GET", "/users/me", { token: member.token })).status).toBe(200);
  });

  it("removes every row and image the member created, frees the username and e-mail, and corrects others' counts", async () => {
    const leaving = await registerUser(app);
    const staying = await registerUser(app);
    const png = (seed: string) => testPng(seed);
    const file = (seed: string) => new File([png(seed) as BlobPart], `${seed}.png`, { type: "image/png" });

    const avatarForm = new FormData();
    avatarForm.set("profilePicture", file("avatar"));
    const avatarUrl = (await api(app, "PUT", "/users/profile/picture", { token: leaving.token, body: avatarForm })).body
      .profilePictureUrl as string;
    const postForm = new FormData();
    postForm.set("movieTitle", `Leaving Film ${leaving._id}`);
    postForm.set("bookTitle", `Leaving Book ${leaving._id}`);
    postForm.set("movieGenres", "Departure");
    postForm.set("context", "Posted by a member who leaves");
    postForm.set("tags", "farewell");
    postForm.set("moviePoster", file("poster"));
    postForm.set("screenshot", file("screenshot"));
    const post = (await api(app, "POST", "/connections", { token: leaving.token, body: postForm })).body;
    const kept = (
      await api(app, "POST", "/connections", { token: staying.token, body: { context: "Stays", tags: "farewell" } })
    ).body;

    await api(app, "POST", `/connections/${kept._id}/like`, { token: leaving.token });
    await api(app, "POST", `/connections/${kept._id}/favorite`, { token: leaving.token });
    await api(app, "POST", `/connections/${kept._id}/comments`, { token: leaving.token, body: { text: "Bye" } });
    await api(app, "POST", `/connections/${post._id}/comments`, { token: staying.token, body: { text: "Wait" } });
    await api(app, "POST", `/connections/${post._id}/like`, { token: staying.token });
    await api(app, "POST", `/follows/${staying._id}`, { token: leaving.token });
    await api(app, "POST", `/follows/${leaving._id}`, { token: staying.token });
    const [blockedByLeaving, blockingLeaving] = [await registerUser(app), await registerUser(app)];
    await api(app, "POST", `/blocks/${blockedByLeaving._id}`, { token: leaving.token });
    await api(app, "POST", `/blocks/${leaving._id}`, { token: blockingLeaving.token });
    await forgot(leaving.email);
    await mailTo(app, leaving.email);
    const before = await api(app, "GET", `/connections/${kept._id}`);
    expect(before.body).toMatchObject({ likes: [leaving._id], commentCount: 1 });
    const publicBefore = await app.db.get<{ value: number }>(
      sql`select value from counters where name = 'public_connections'`,
    );
    const imageKeys = [avatarUrl, post.screenshotUrl, post.moviePosterUrl].map((url: string) =>
      new URL(url).pathname.slice("/images/".length),
    );
    expect(post.moviePosterUrl).toBe(post.movieRef.posterPath);

    const response = await api(app, "DELETE", "/users/me", {
      token: leaving.token,
      body: { password: leaving.password },
    });
    expect(response).toEqual(expect.objectContaining({ status: 200, body: { message: "Account deleted" } }));

    await expectTokenFailed(leaving.token);
    expect(await login(leaving, leaving.password)).toMatchObject({
      status: 401,
      body: { message: "Invalid email or password" },
    });
    const traces = await app.db.get<Record<string, number>>(sql`select
      (select count(*) from users where id = ${leaving._id}) as users,
      (select count(*) from sessions where user_id = ${leaving._id}) as sessions,
      (select count(*) from connections where user_id = ${leaving._id}) as connections,
      (select count(*) from connection_tags where connection_id = ${post._id}) as tags,
      (select count(*) from owner_tag_counts where user_id = ${leaving._id}) as owner_tags,
      (select count(*) from connection_facets where connection_id = ${post._id}) as facets,
      (select count(*) from connection_search where connection_id = ${post._id}) as search,
      (select count(*) from likes where user_id = ${leaving._id} or connection_id = ${post._id}) as likes,
      (select count(*) from favorites where user_id = ${leaving._id}) as favorites,
      (select count(*) from comments where user_id = ${leaving._id} or connection_id = ${post._id}) as comments,
      (select count(*) from follows where follower_id = ${leaving._id} or followee_id = ${leaving._id}) as follows,
      (select count(*) from notifications where sender_id = ${leaving._id} or recipient_id = ${leaving._id}) as notifications,
      (select count(*) from password_resets where user_id = ${leaving._id}) as resets,
      (select count(*) from blocks where blocker_id = ${leaving._id} or blocked_id = ${leaving._id}) as blocks`);
    expect(Object.values(traces!).map(Number)).toEqual(Array(14).fill(0));

    const after = await api(app, "GET", `/connections/${kept._id}`);
    expect(after.body).toMatchObject({ likes: [], commentCount: 0 });
    expect((await api(app, "GET", `/users/${staying._id}`)).body).toMatchObject({
      followerCount: 0,
      followingCount: 0,
    });
    expect((await api(app, "GET", "/notifications", { token: staying.token })).body).toEqual([]);
    const publicAfter = await app.db.get<{ value: number }>(
      sql`select value from counters where name = 'public_connections'`,
    );
    expect(Number(publicAfter!.value)).toBe(Number(publicBefore!.value) - 1);
    const farewell = await app.db.get<{ n: number }>(
      sql`select public_connections as n from tag_counts where tag = 'farewell'`,
    );
    expect(Number(farewell!.n)).toBe(1);

    // The avatar and the screenshot are gone; the poster became the catalog movie's picture and stays with it.
    const [avatarKey, screenshotKey, posterKey] = imageKeys;
    expect((await fetch(`${app.url}/images/${avatarKey}`)).status).toBe(404);
    expect((await fetch(`${app.url}/images/${screenshotKey}`)).status).toBe(404);
    expect(await app.bucket.get(screenshotKey!)).toBeNull();
    expect((await fetch(`${app.url}/images/${posterKey}`)).status).toBe(200);
    expect((await api(app, "GET", `/movies/${post.movieRef._id}`)).status).toBe(200);

    const again = await api(app, "POST", "/auth/register", {
      body: { username: leaving.username.toUpperCase(), email: leaving.email, password: "new-member" },
    });
    expect(again.status).toBe(201);
    expect(again.body._id).not.toBe(leaving._id);
  });

  it("deletes a member's own poster when the movie already had one", async () => {
    const first = await registerUser(app);
    const second = await registerUser(app);
    const title = `Shared Poster Film ${first._id}`;
    const withPoster = (seed: string) => {
      const form = new FormData();
      form.set("movieTitle", title);
      form.set("context", seed);
      form.set(
        "moviePoster",
        new File([testPng(seed) as BlobPart], "p.png", {
          type: "image/png",
        }),
      );
      return form;
    };
    const catalogPoster = (await api(app, "POST", "/connections", { token: first.token, body: withPoster("a") })).body
      .moviePosterUrl as string;
    const ownPoster = (await api(app, "POST", "/connections", { token: second.token, body: withPoster("b") })).body
      .moviePosterUrl as string;
    expect(ownPoster).not.toBe(catalogPoster);
    await api(app, "DELETE", "/users/me", { token: second.token, body: { password: second.password } });
    expect((await fetch(ownPoster)).status).toBe(404);
    expect((await fetch(catalogPoster)).status).toBe(200);
  });

  it("is rate limited with the login budget", async () => {
    const member = await registerUser(app);
    const ip = nextClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (await api(app, "DELETE", "/users/me", { token: member.token, body: { password: "no" }, ip })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, member._id));
    expect(row).toBeDefined();
  });
});
