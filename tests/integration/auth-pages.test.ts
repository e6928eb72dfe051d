import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../worker/core/auth/index.ts";
import { users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const page = (path: string, cookie?: string) =>
  fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

describe("the signup form (no JavaScript)", () => {
  it("creates the account, sets a secure session cookie and goes to the redirect target", async () => {
    const response = await postForm(app, "/signup", {
      username: "form_reader",
      email: "form.reader@example.com",
      password: "secret12",
      confirmPassword: "secret12",
      redirectTo: "/about",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/about");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^mb_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("SameSite=Lax");

    const home = await (await page("/", cookieFrom(response))).text();
    expect(home).toContain(">Logout<");
    expect(home).toContain(">+ Add New<");
    expect(home).not.toContain(">Sign Up<");
  });

  it.each([
    [{ username: "", email: "", password: "", confirmPassword: "" }, AUTH_MESSAGES.fillAllFields],
    [
      { username: "ab", email: "a@b.co", password: "secret12", confirmPassword: "secret12" },
      AUTH_MESSAGES.usernameLength,
    ],
    [
      { username: "bad name", email: "a@b.co", password: "secret12", confirmPassword: "secret12" },
      AUTH_MESSAGES.usernameCharacters,
    ],
    [
      { username: "good_name", email: "a@b.co", password: "secret12", confirmPassword: "secret13" },
      AUTH_MESSAGES.passwordsDiffer,
    ],
    [
      { username: "good_name", email: "a@b.co", password: "12345", confirmPassword: "12345" },
      AUTH_MESSAGES.passwordLength,
    ],
    [
      { username: "good_name", email: "not-an-email", password: "secret12", confirmPassword: "secret12" },
      AUTH_MESSAGES.invalidEmail,
    ],
  ])("re-renders with the first failing rule's message and keeps the fields (%#)", async (fields, message) => {
    const response = await postForm(app, "/signup", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`role="alert"`);
    expect(html).toContain(message.replace(/'/g, "&#x27;"));
    if (fields.username) expect(html).toContain(`value="${fields.username}"`);
    if (fields.email) expect(html).toContain(`value="${fields.email}"`);
    if (fields.password) expect(html).not.toContain(`value="${fields.password}"`);
    expect(html).toMatch(/aria-invalid="true"[^>]*autofocus|autofocus[^>]*aria-invalid="true"/i);
  });

  it("refuses a cross-site form post before anything is written", async () => {
    const before = await app.db.select({ n: sql<number>`count(*)` }).from(users);
    const response = await postForm(
      app,
      "/signup",
      { username: "csrf_victim", email: "csrf@example.com", password: "secret12", confirmPassword: "secret12" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    const after = await app.db.select({ n: sql<number>`count(*)` }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe("the login form (no JavaScript)", () => {
  it("logs in and returns to a local redirect target, never to another site", async () => {
    const member = await registerUser(app);
    const ok = await postForm(app, "/login", {
      email: member.email,
      password: member.password,
      redirectTo: "/help?x=1",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/help?x=1");
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await postForm(app, "/login", { email: member.email, password: member.password, redirectTo });
      expect(response.headers.get("location"), redirectTo).toBe("/");
    }
  });

  it("shows the same message for a wrong password and an unknown e-mail, keeping the e-mail", async () => {
    const member = await registerUser(app);
    for (const email of [member.email, "nobody@example.com"]) {
      const response = await postForm(app, "/login", { email, password: "wrong-password" });
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Invalid email or password");
      expect(html).toContain(`value="${email}"`);
    }
  });

  it("asks for both fields, with browser validation off", async () => {
    const form = await (await page("/login")).text();
    expect(form).toMatch(/<form[^>]*novalidate/i);
    const response = await postForm(app, "/login", { email: "", password: "" });
    expect(await response.text()).toContain(AUTH_MESSAGES.loginRequired);
  });

  it("rate limits form logins per client address", async () => {
    const ip = "198.51.100.9";
    let last: Response | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await postForm(app, "/login", { email: "x@example.com", password: "wrong-password" }, { ip });
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get("Retry-After")).toBe("60");
    expect(await last?.text()).toContain("Too many attempts. Please wait a minute and try again.");
  });

  it("sends members away from /login and /signup", async () => {
    const member = await registerUser(app);
    const login = await postForm(app, "/login", { email: member.email, password: member.password });
    const cookie = cookieFrom(login);
    for (const path of ["/login", "/signup"]) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
  });
});

describe("logout", () => {
  it("clears the cookie and revokes the session for the API too", async () => {
    const member = await registerUser(app);
    const login = await postForm(app, "/login", { email: member.email, password: member.password });
    const cookie = cookieFrom(login);
    const token = cookie.split("=")[1]!;
    expect((await api(app, "GET", "/users/me", { token })).status).toBe(200);

    const logout = await postForm(app, "/logout", {}, { cookie });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/");
    expect(logout.headers.get("set-cookie")).toMatch(/^mb_session=;.*Max-Age=0/);

    expect((await api(app, "GET", "/users/me", { token })).status).toBe(401);
    const home = await (await page("/", cookie)).text();
    expect(home).toContain(">Login<");
  });
});

describe("security headers", () => {
  it("sends a nonce-based CSP that every inline script carries", async () => {
    const response = await page("/about");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = (await page("/about")).headers.get("content-security-policy");
    expect(second).not.toBe(csp);
  });

  it("sends the headers on API responses too", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
