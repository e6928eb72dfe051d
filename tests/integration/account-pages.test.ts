import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLASH_MESSAGES } from "../../app/flash.server.ts";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../worker/core/rules/index.ts";
import { users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { flashShown, pageAfter } from "../support/flash.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { mailTo, resetLinkIn, resetTokenFor } from "../support/outbox.ts";
import { startWorker } from "../support/worker.ts";

// The account pages without JavaScript: plain GETs and form posts, as a browser with scripting off makes them.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const page = (path: string, cookie?: string) =>
  fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** React escapes apostrophes in text. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

async function loggedIn(member: { email: string; password: string }) {
  return cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));
}

describe("/settings", () => {
  it("is for members: a visitor is sent to log in and brought back", async () => {
    const response = await page("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fsettings");
  });

  it("shows the account's sections, and is linked from the sidebar and the member's profile", async () => {
    const member = await registerUser(app);
    const cookie = await loggedIn(member);
    const text = await (await page("/settings", cookie)).text();
    for (const part of ["Change password", "Current password", "Download my data", "Delete my account…"]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(new RegExp(`@(<!-- -->)?${member.username}`));
    expect(text).toContain(member.email);
    expect(text).toContain('href="/settings/export"');
    expect(text).toContain('href="/settings/delete"');
    const profile = await (await page("/users", cookie)).text();
    expect(profile.match(/href="\/settings"/g)?.length).toBe(2);
  });

  it("changes the password: messages in the form, then this session kept and the others signed out", async () => {
    const member = await registerUser(app);
    const cookie = await loggedIn(member);
    const otherCookie = await loggedIn(member);
    const cases: Array<[Record<string, string>, string]> = [
      [
        { currentPassword: "wrong", newPassword: "newpass1", confirmPassword: "newpass1" },
        ACCOUNT_MESSAGES.currentPasswordIncorrect,
      ],
      [
        { currentPassword: member.password, newPassword: "newpass1", confirmPassword: "newpass2" },
        AUTH_MESSAGES.passwordsDiffer,
      ],
      [
        { currentPassword: member.password, newPassword: "12345", confirmPassword: "12345" },
        AUTH_MESSAGES.passwordLength,
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await postForm(app, "/settings", fields, { cookie });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(html(message));
    }
    const response = await postForm(
      app,
      "/settings",
      { currentPassword: member.password, newPassword: "newpass1", confirmPassword: "newpass1" },
      { cookie },
    );
    // Back to a fresh settings page (empty fields), saying so.
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    expect(flashShown((await pageAfter(app, response, cookie)).html)).toBe(FLASH_MESSAGES.passwordChanged);
    expect((await page("/settings", cookie)).status).toBe(200);
    expect((await page("/settings", otherCookie)).headers.get("location")).toBe("/login?redirectTo=%2Fsettings");
    expect((await postForm(app, "/login", { email: member.email, password: "newpass1" })).status).toBe(302);
  });

  it("downloads the member's data as a JSON file", async () => {
    const member = await registerUser(app);
    const response = await page("/settings/export", await loggedIn(member));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="moviebooks-member_/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const data = (await response.json()) as { profile: unknown };
    expect(data.profile).toMatchObject({ _id: member._id, email: member.email });
  });
});

describe("forgot and reset password", () => {
  it("links from the login page to a form that answers the same for any address", async () => {
    expect(await (await page("/login")).text()).toContain('href="/forgot-password"');
    const form = await (await page("/forgot-password")).text();
    expect(form).toContain("Send reset link");

    const member = await registerUser(app);
    for (const email of [member.email, "nobody-at-all@example.com"]) {
      const response = await postForm(app, "/forgot-password", { email });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(ACCOUNT_MESSAGES.resetRequested);
    }
    const blank = await postForm(app, "/forgot-password", { email: " " });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(AUTH_MESSAGES.invalidEmail);
    await mailTo(app, member.email);
  });

  it("shows an unusable link as such, with the way to a new one", async () => {
    for (const path of ["/reset-password", "/reset-password?token=made-up"]) {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toContain(ACCOUNT_MESSAGES.resetLinkInvalid);
      expect(text).toContain('href="/forgot-password"');
      expect(text).not.toContain('name="password"');
    }
  });

  it("sets the new password from the mailed link and logs in, once", async () => {
    const member = await registerUser(app);
    const oldCookie = await loggedIn(member);
    await postForm(app, "/forgot-password", { email: member.email });
    const [mail] = await mailTo(app, member.email);
    const link = new URL(resetLinkIn(mail!.body));
    const token = await resetTokenFor(app, member.email);
    const form = await page(link.pathname + link.search);
    const formHtml = await form.text();
    expect(formHtml).toContain('<meta name="referrer" content="same-origin"/>');
    expect(formHtml).toContain(`value="${token}"`);

    const mismatch = await postForm(app, "/reset-password", { token, password: "abcdef", confirmPassword: "abcdeg" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(AUTH_MESSAGES.passwordsDiffer);

    const done = await postForm(app, "/reset-password", { token, password: "abcdef", confirmPassword: "abcdef" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/settings");
    const settings = (await pageAfter(app, done, cookieFrom(done))).html;
    expect(flashShown(settings)).toBe(FLASH_MESSAGES.passwordReset);
    expect((await page("/settings", oldCookie)).status).toBe(302);

    const again = await postForm(app, "/reset-password", { token, password: "ghijkl", confirmPassword: "ghijkl" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(ACCOUNT_MESSAGES.resetLinkInvalid);
  });
});

describe("/dev/outbox", () => {
  it("lists the kept mail, newest first, with its links", async () => {
    const member = await registerUser(app);
    await postForm(app, "/forgot-password", { email: member.email });
    const [mail] = await mailTo(app, member.email);
    const text = await (await page("/dev/outbox")).text();
    expect(text).toContain("Development outbox");
    expect(text).toContain(member.email);
    expect(text).toContain(`href="${resetLinkIn(mail!.body).replaceAll("&", "&amp;")}"`);
  });

  it("does not exist unless the outbox is switched on", async () => {
    const worker = await startWorker({ databaseUrl: app.databaseUrl, vars: { MAIL_OUTBOX: "" } });
    try {
      expect((await fetch(`${worker.url}/dev/outbox`)).status).toBe(404);
      // And with the outbox off and no provider, a reset request still answers the same (the mail is dropped).
      const member = await registerUser(app);
      const response = await fetch(`${worker.url}/api/auth/forgot-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: member.email }),
      });
      expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    } finally {
      await worker.close();
    }
  });
});

describe("/settings/delete", () => {
  it("explains what goes, asks for the password, and deletes the account", async () => {
    const member = await registerUser(app);
    await api(app, "POST", "/connections", { token: member.token, body: { context: "Soon gone" } });
    const cookie = await loggedIn(member);
    const confirm = await (await page("/settings/delete", cookie)).text();
    expect(confirm).toContain("This can");
    expect(confirm).toContain("username and email address become free");
    expect(confirm).toContain("Movies and books you added stay");

    const wrong = await postForm(app, "/settings/delete", { password: "not-mine" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_MESSAGES.passwordIncorrect);
    expect(await app.db.select().from(users).where(eq(users.id, member._id))).toHaveLength(1);

    const done = await postForm(app, "/settings/delete", { password: member.password }, { cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/account-deleted");
    expect(done.headers.get("set-cookie")).toMatch(/^mb_session=;.*Max-Age=0/);
    expect(await app.db.select().from(users).where(eq(users.id, member._id))).toEqual([]);
    const goodbye = await (await page("/account-deleted")).text();
    expect(goodbye).toContain("Your account has been deleted");
    expect((await page("/settings", cookie)).status).toBe(302);
  });
});
