import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../worker/core/auth/index.ts";
import { CONNECTION_MESSAGES, imageMessages } from "../../worker/core/connections/index.ts";
import { COMMENT_MESSAGES } from "../../worker/core/discussion/index.ts";
import { PROFILE_MESSAGES } from "../../worker/core/people/index.ts";
import { ACCOUNT_MESSAGES } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { resetTokenFor } from "../support/outbox.ts";

let app: TestApp;
let member: Awaited<ReturnType<typeof registerUser>>;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  member = await registerUser(app);
  cookie = cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));
});
afterAll(() => app?.close());

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;");

/**
 * The page a failed post (without JavaScript) comes back as shows `message` at the control named `field`: that
 * control alone is aria-invalid and autofocused, and it is described by an element holding the message.
 */
function expectErrorAt(html: string, field: string, message: string) {
  const invalid = html.match(/<(input|textarea)\b[^>]*aria-invalid="true"[^>]*>/g) ?? [];
  expect(invalid, `controls marked invalid for ${field}`).toHaveLength(1);
  const control = invalid[0] ?? "";
  expect(control).toContain(`name="${field}"`);
  expect(control).toMatch(/\bautofocus\b/i);
  const describedBy = /aria-describedby="([^"]+)"/.exec(control)?.[1]?.split(" ") ?? [];
  const described = describedBy.some((id) =>
    html.includes(`id="${id}" class="form-error" role="alert">${escapeHtml(message)}<`),
  );
  expect(described, `${field} is described by "${message}"`).toBe(true);
}

function postMultipart(path: string, fields: Record<string, string>, files: Record<string, Uint8Array> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, bytes] of Object.entries(files))
    body.set(name, new File([bytes as BlobPart], `${name}.png`, { type: "image/png" }));
  return fetch(app.url + path, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: app.url, "CF-Connecting-IP": nextClientAddress() },
    redirect: "manual",
  });
}

describe("a form posted without JavaScript shows the server's message at the field it is about", () => {
  it.each([
    [{ username: "", email: "a@b.co", password: "secret12", confirmPassword: "secret12" }, "username", "fillAllFields"],
    [
      { username: "good_name", email: "a@b.co", password: "secret12", confirmPassword: "" },
      "confirmPassword",
      "fillAllFields",
    ],
    [
      { username: "ab", email: "a@b.co", password: "secret12", confirmPassword: "secret12" },
      "username",
      "usernameLength",
    ],
    [
      { username: "bad name", email: "a@b.co", password: "secret12", confirmPassword: "secret12" },
      "username",
      "usernameCharacters",
    ],
    [
      { username: "good_name", email: "a@b.co", password: "secret12", confirmPassword: "secret13" },
      "confirmPassword",
      "passwordsDiffer",
    ],
    [
      { username: "good_name", email: "a@b.co", password: "12345", confirmPassword: "12345" },
      "password",
      "passwordLength",
    ],
    [
      { username: "good_name", email: "nope", password: "secret12", confirmPassword: "secret12" },
      "email",
      "invalidEmail",
    ],
  ] as const)("signup (%#)", async (fields, field, rule) => {
    const response = await postForm(app, "/signup", fields);
    expect(response.status).toBe(400);
    expectErrorAt(await response.text(), field, AUTH_MESSAGES[rule]);
  });

  it("signup: a taken username or e-mail, found by the core, at its field", async () => {
    const taken = { password: "secret12", confirmPassword: "secret12" };
    const username = await postForm(app, "/signup", { ...taken, username: member.username, email: "new@example.com" });
    expectErrorAt(await username.text(), "username", AUTH_MESSAGES.usernameTaken);
    const email = await postForm(app, "/signup", { ...taken, username: "brand_new", email: member.email });
    expectErrorAt(await email.text(), "email", AUTH_MESSAGES.emailTaken);
  });

  it("login: the first empty field, and wrong credentials at the password", async () => {
    expectErrorAt(
      await (await postForm(app, "/login", { email: "", password: "x" })).text(),
      "email",
      AUTH_MESSAGES.loginRequired,
    );
    expectErrorAt(
      await (await postForm(app, "/login", { email: "a@b.co", password: "" })).text(),
      "password",
      AUTH_MESSAGES.loginRequired,
    );
    const wrong = await postForm(app, "/login", { email: member.email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expectErrorAt(await wrong.text(), "password", AUTH_MESSAGES.invalidCredentials);
  });

  it("create connection: the spec's rule at the first missing title, limits and files at their fields", async () => {
    expectErrorAt(
      await (await postMultipart("/create", {})).text(),
      "movieTitle",
      CONNECTION_MESSAGES.needTitlesOrContext,
    );
    expectErrorAt(
      await (await postMultipart("/create", { movieTitle: "Arrival" })).text(),
      "bookTitle",
      CONNECTION_MESSAGES.needTitlesOrContext,
    );
    expectErrorAt(
      await (await postMultipart("/create", { context: "Years", movieYear: "19x9" })).text(),
      "movieYear",
      "Movie year must be a year between 1000 and 2100.",
    );
    expectErrorAt(
      await (await postMultipart("/create", { context: "Tags", tags: Array(21).fill("t").join(",") })).text(),
      "tags",
      "Tags: at most 20 entries.",
    );
    const badFile = await postMultipart("/create", { context: "File" }, { screenshot: new TextEncoder().encode("no") });
    expect(badFile.status).toBe(415);
    expectErrorAt(await badFile.text(), "screenshot", imageMessages("screenshot").invalidType);
  });

  it("edit connection: a limit at its field, and a text-only post cannot lose its context", async () => {
    const { _id } = (await api(app, "POST", "/connections", { token: member.token, body: { context: "Mine" } })).body;
    const tooLong = await postMultipart(`/connections/${_id}/edit`, { context: "x".repeat(5001), tags: "" });
    expect(tooLong.status).toBe(400);
    expectErrorAt(await tooLong.text(), "context", "Context cannot be more than 5000 characters long.");
    const emptied = await postMultipart(`/connections/${_id}/edit`, { context: " ", tags: "" });
    expectErrorAt(await emptied.text(), "context", CONNECTION_MESSAGES.needTitlesOrContext);
  });

  it("profile: text limits and the picture at their fields", async () => {
    const tooLong = await postMultipart("/profile/edit", { displayName: "x".repeat(51), bio: "", location: "" });
    expect(tooLong.status).toBe(400);
    expectErrorAt(await tooLong.text(), "displayName", PROFILE_MESSAGES.displayNameTooLong);
    const picture = await postMultipart("/profile/edit", { displayName: "" }, { profilePicture: new Uint8Array(8) });
    expect(picture.status).toBe(415);
    expectErrorAt(await picture.text(), "profilePicture", PROFILE_MESSAGES.notAnImage);
  });

  it("comments: the add box and the edited comment's box, each with its own message", async () => {
    const { _id: connectionId } = (
      await api(app, "POST", "/connections", { token: member.token, body: { context: "Talk" } })
    ).body;
    const empty = await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "add-comment", text: "  " },
      { cookie },
    );
    expect(empty.status).toBe(400);
    expectErrorAt(await empty.text(), "text", COMMENT_MESSAGES.empty);

    const comment = (
      await api(app, "POST", `/connections/${connectionId}/comments`, { token: member.token, body: { text: "First" } })
    ).body;
    const emptied = await postForm(
      app,
      `/connections/${connectionId}`,
      { intent: "update-comment", commentId: comment._id, text: "" },
      { cookie },
    );
    expect(emptied.status).toBe(400);
    const html = await emptied.text();
    expectErrorAt(html, "text", COMMENT_MESSAGES.editEmpty);
    expect(html).toMatch(new RegExp(`<textarea[^>]*id="edit-${comment._id}"[^>]*aria-invalid="true"`));
  });

  // Without a current password of its own, a case is sent with the member's (the right one).
  it.each<[Record<string, string>, string, string]>([
    [
      { currentPassword: "", newPassword: "newpass1", confirmPassword: "newpass1" },
      "currentPassword",
      ACCOUNT_MESSAGES.currentPasswordIncorrect,
    ],
    [
      { currentPassword: "not-it", newPassword: "1", confirmPassword: "2" },
      "currentPassword",
      ACCOUNT_MESSAGES.currentPasswordIncorrect,
    ],
    [{ newPassword: "newpass1", confirmPassword: "newpass2" }, "confirmPassword", AUTH_MESSAGES.passwordsDiffer],
    [{ newPassword: "12345", confirmPassword: "12345" }, "newPassword", AUTH_MESSAGES.passwordLength],
  ])(
    "settings' change password: the current password first, then the new one's rules (%#)",
    async (fields, field, message) => {
      const response = await postForm(app, "/settings", { currentPassword: member.password, ...fields }, { cookie });
      expect(response.status).toBe(400);
      expectErrorAt(await response.text(), field, message);
    },
  );

  it("forgot password: a blank or malformed address at the e-mail field, which keeps what was typed", async () => {
    expectErrorAt(
      await (await postForm(app, "/forgot-password", { email: " " })).text(),
      "email",
      AUTH_MESSAGES.invalidEmail,
    );
    const malformed = await postForm(app, "/forgot-password", { email: "not-an-address" });
    expect(malformed.status).toBe(400);
    const html = await malformed.text();
    expectErrorAt(html, "email", AUTH_MESSAGES.invalidEmail);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-address"/);
  });

  it("reset password: the new password's rules at their fields; a dead link is the page's own answer", async () => {
    const owner = await registerUser(app);
    await postForm(app, "/forgot-password", { email: owner.email });
    const token = await resetTokenFor(app, owner.email);
    // As the browser posts it: to the link's own address.
    const link = `/reset-password?${new URLSearchParams({ token })}`;
    const mismatch = await postForm(app, link, { token, password: "abcdef", confirmPassword: "abcdeg" });
    expect(mismatch.status).toBe(400);
    expectErrorAt(await mismatch.text(), "confirmPassword", AUTH_MESSAGES.passwordsDiffer);
    // Posted elsewhere, the form comes back with the link it was sent with.
    const short = await postForm(app, "/reset-password", { token, password: "12345", confirmPassword: "12345" });
    const html = await short.text();
    expectErrorAt(html, "password", AUTH_MESSAGES.passwordLength);
    expect(html).toContain(`name="token" value="${token}"`);

    const dead = await postForm(app, "/reset-password", { token: "made-up", password: "1", confirmPassword: "2" });
    expect(dead.status).toBe(400);
    const deadHtml = await dead.text();
    expect(deadHtml).toContain(escapeHtml(ACCOUNT_MESSAGES.resetLinkInvalid));
    expect(deadHtml).not.toContain('aria-invalid="true"');
    expect(deadHtml).not.toContain('name="password"');
  });

  it("delete account: a missing or wrong password at the password field", async () => {
    for (const password of ["", "not-mine"]) {
      const response = await postForm(app, "/settings/delete", { password }, { cookie });
      expect(response.status).toBe(400);
      expectErrorAt(await response.text(), "password", ACCOUNT_MESSAGES.passwordIncorrect);
    }
  });
});
