import { eq, sql } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../worker/core/auth/index.ts";
import { sessions, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";
import { TEST_JWT_SECRET } from "../support/worker.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const valid = { username: "reader_one", email: "reader.one@example.com", password: "secret12" };

describe("POST /api/auth/register", () => {
  it("creates the member and answers 201 with API.md's Auth shape", async () => {
    const response = await api(app, "POST", "/auth/register", { body: valid });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      username: "reader_one",
      email: "reader.one@example.com",
      displayName: "",
      profilePictureUrl: "",
      isPrivate: false,
      favorites: [],
      createdAt: expect.any(String),
      token: expect.any(String),
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, response.body._id));
    expect(row?.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row?.passwordHash).not.toContain("secret12");
  });

  it.each([
    ["no fields at all", {}, AUTH_MESSAGES.fillAllFields],
    ["a missing e-mail", { username: "abc", password: "secret12" }, AUTH_MESSAGES.fillAllFields],
    ["a blank username", { ...valid, username: "   " }, AUTH_MESSAGES.fillAllFields],
    ["non-text fields", { username: 12345, email: true, password: ["x"] }, AUTH_MESSAGES.fillAllFields],
    ["a 2-character username", { ...valid, username: "ab" }, AUTH_MESSAGES.usernameLength],
    ["a 21-character username", { ...valid, username: "a".repeat(21) }, AUTH_MESSAGES.usernameLength],
    ["a username with a dash", { ...valid, username: "read-er" }, AUTH_MESSAGES.usernameCharacters],
    ["a username with an accent", { ...valid, username: "lectrice_é" }, AUTH_MESSAGES.usernameCharacters],
    ["a 5-character password", { ...valid, password: "12345" }, AUTH_MESSAGES.passwordLength],
    ["an e-mail without a domain", { ...valid, email: "reader@" }, AUTH_MESSAGES.invalidEmail],
    // Order: the first failing rule wins.
    [
      "a short username and a short password",
      { ...valid, username: "ab", password: "1" },
      AUTH_MESSAGES.usernameLength,
    ],
    [
      "bad characters and a bad e-mail",
      { ...valid, username: "a b c", email: "nope" },
      AUTH_MESSAGES.usernameCharacters,
    ],
    ["a short password and a bad e-mail", { ...valid, password: "1", email: "nope" }, AUTH_MESSAGES.passwordLength],
  ])("refuses %s with the spec's message", async (_case, body, message) => {
    const before = await app.db.select({ n: sql<number>`count(*)` }).from(users);
    const response = await api(app, "POST", "/auth/register", { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    const after = await app.db.select({ n: sql<number>`count(*)` }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("applies the form's confirm-password rule when a confirmation is sent", async () => {
    const response = await api(app, "POST", "/auth/register", {
      body: { ...valid, username: "confirmer", email: "c@example.com", confirmPassword: "different" },
    });
    expect(response.body).toEqual({ message: AUTH_MESSAGES.passwordsDiffer });
  });

  it("refuses an e-mail or username already taken, ignoring case", async () => {
    const first = await registerUser(app);
    const sameEmail = await api(app, "POST", "/auth/register", {
      body: { username: "someone_new", email: first.email.toUpperCase(), password: "secret12" },
    });
    expect(sameEmail).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.emailTaken } });
    const sameName = await api(app, "POST", "/auth/register", {
      body: { username: first.username.toUpperCase(), email: "fresh@example.com", password: "secret12" },
    });
    expect(sameName).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.usernameTaken } });
  });

  it("lets exactly one of two racing sign-ups for the same username win", async () => {
    const attempts = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        api(app, "POST", "/auth/register", {
          body: { username: "racer", email: `racer${n}@example.com`, password: "secret12" },
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(1);
    for (const attempt of attempts.filter((a) => a.status !== 201)) {
      expect(attempt).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.usernameTaken } });
    }
  });

  it("answers malformed JSON with 400", async () => {
    const response = await api(app, "POST", "/auth/register", {
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(response).toMatchObject({ status: 400, body: { message: "Invalid JSON body." } });
  });
});

describe("POST /api/auth/login", () => {
  it("logs in with the e-mail in any case and answers the Auth shape with a new token", async () => {
    const member = await registerUser(app);
    const response = await api(app, "POST", "/auth/login", {
      body: { email: member.email.toUpperCase(), password: member.password },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: member._id, username: member.username, favorites: [] });
    expect(response.body.token).not.toBe(member.token);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const member = await registerUser(app);
    const wrongPassword = await api(app, "POST", "/auth/login", {
      body: { email: member.email, password: "wrong-one" },
    });
    const unknown = await api(app, "POST", "/auth/login", {
      body: { email: "nobody@example.com", password: "wrong-one" },
    });
    expect(wrongPassword).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: wrongPassword.body });
  });

  it("asks for both fields", async () => {
    for (const body of [{}, { email: "a@example.com" }, { password: "x" }, { email: "  ", password: "secret12" }]) {
      const response = await api(app, "POST", "/auth/login", { body });
      expect(response).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.loginRequired } });
    }
  });

  it("rate limits attempts per client address with a 429", async () => {
    const ip = "192.0.2.77";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await api(app, "POST", "/auth/login", {
        ip,
        body: { email: "x@example.com", password: "nope12" },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await api(app, "POST", "/auth/login", { ip, body: { email: "x@example.com", password: "nope12" } });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: "Too many attempts. Please wait a minute and try again." },
    });
    // Another address has its own budget; the account those ten guesses were at has run out of its own
    // (login-limits.test.ts), so this one guesses at another.
    const elsewhere = await api(app, "POST", "/auth/login", { body: { email: "y@example.com", password: "nope12" } });
    expect(elsewhere.status).toBe(401);
  });
});

describe("tokens", () => {
  it("GET /api/users/me answers the Me shape for a valid token", async () => {
    const member = await registerUser(app);
    const response = await api(app, "GET", "/users/me", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: member._id,
      username: member.username,
      email: member.email,
      displayName: "",
      bio: "",
      location: "",
      profilePictureUrl: "",
      isPrivate: false,
      createdAt: expect.any(String),
      followerCount: 0,
      followingCount: 0,
      favorites: [],
    });
  });

  it.each([
    ["no header", undefined],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["an empty Bearer", "Bearer "],
  ])("answers %s with 'Not authorized, no token'", async (_case, authorization) => {
    const response = await api(app, "GET", "/users/me", {
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response).toMatchObject({ status: 401, body: { message: "Not authorized, no token" } });
  });

  it("rejects tampered, expired, unsigned, wrong-audience and wrong-algorithm tokens", async () => {
    const member = await registerUser(app);
    const [session] = await app.db.select().from(sessions).where(eq(sessions.userId, member._id));
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const claims = { sid: session!.id };
    const sign = (build: (jwt: SignJWT) => SignJWT, secret = key) =>
      build(new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(member._id)).sign(secret);
    const [header, payload, signature] = member.token.split(".");
    const forgedPayload = btoa(
      JSON.stringify({ ...JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))), sub: "0".repeat(24) }),
    )
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const bad = {
      tampered: `${header}.${forgedPayload}.${signature}`,
      badSignature: `${header}.${payload}.${signature!.slice(0, -2)}AA`,
      expired: await sign((jwt) =>
        jwt
          .setIssuer("moviebooks")
          .setAudience("moviebooks:session")
          .setIssuedAt(1_700_000_000)
          .setExpirationTime(1_700_000_100),
      ),
      wrongAudience: await sign((jwt) =>
        jwt.setIssuer("moviebooks").setAudience("someone-else").setExpirationTime("1h"),
      ),
      wrongIssuer: await sign((jwt) => jwt.setIssuer("evil").setAudience("moviebooks:session").setExpirationTime("1h")),
      otherSecret: await sign(
        (jwt) => jwt.setIssuer("moviebooks").setAudience("moviebooks:session").setExpirationTime("1h"),
        new TextEncoder().encode("x".repeat(48)),
      ),
      algNone: new UnsecuredJWT(claims)
        .setSubject(member._id)
        .setIssuer("moviebooks")
        .setAudience("moviebooks:session")
        .setExpirationTime("1h")
        .encode(),
      garbage: "not-a-jwt",
    };
    for (const [name, token] of Object.entries(bad)) {
      const response = await api(app, "GET", "/users/me", { token });
      expect(response, name).toMatchObject({ status: 401, body: { message: "Not authorized, token failed" } });
    }
    const control = await api(app, "GET", "/users/me", { token: member.token });
    expect(control.status).toBe(200);
  });

  it("logout revokes the token everywhere", async () => {
    const member = await registerUser(app);
    const second = await api(app, "POST", "/auth/login", { body: { email: member.email, password: member.password } });
    const logout = await api(app, "POST", "/auth/logout", { token: member.token });
    expect(logout).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    const after = await api(app, "GET", "/users/me", { token: member.token });
    expect(after).toMatchObject({ status: 401, body: { message: "Not authorized, token failed" } });
    // Other sessions of the same member are untouched.
    expect((await api(app, "GET", "/users/me", { token: second.body.token })).status).toBe(200);
    expect((await api(app, "POST", "/auth/logout", { token: member.token })).status).toBe(401);
  });
});
