import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../worker/core/rules/index.ts";
import { flashRegion, javaScriptModes, logIn, newVisitor, seededBrowserSuite } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";
import { mailTo } from "../support/outbox.ts";

const suite = seededBrowserSuite();

async function submit(page: Page, name: string) {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name }).click()]);
}

const image = (seed: string) =>
  new File([testPng(seed) as BlobPart], `${seed}.png`, {
    type: "image/png",
  });

describe.each(javaScriptModes)("account control ($name)", ({ javaScriptEnabled }) => {
  it("resets a forgotten password with the link from the outbox; the old session is refused", async () => {
    const url = suite.app.url;
    const member = await registerUser(suite.app);
    const before = await newVisitor(suite.browser, { javaScriptEnabled });
    const oldPage = await before.newPage();
    await logIn(oldPage, url, member);

    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await Promise.all([
      page.waitForURL(`${url}/forgot-password`),
      page.getByRole("link", { name: "Forgot password?" }).click(),
    ]);
    await page.getByLabel("Email").fill(member.email);
    await submit(page, "Send reset link");
    await expect
      .poll(() => page.getByRole("main").locator(".auth-card").getByRole("status").textContent())
      .toBe(ACCOUNT_MESSAGES.resetRequested);

    await mailTo(suite.app, member.email);
    await page.goto(`${url}/dev/outbox`);
    const mail = page.locator("article").filter({ hasText: member.email });
    await expect(mail.getByRole("heading").textContent()).resolves.toBe("Reset your MovieBooks password");
    await Promise.all([
      page.waitForURL((address) => address.pathname === "/reset-password"),
      mail.getByRole("link").click(),
    ]);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await page.getByLabel("Confirm new password").fill("brand-new-2");
    await submit(page, "Set new password");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(AUTH_MESSAGES.passwordsDiffer);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await page.getByLabel("Confirm new password").fill("brand-new-1");
    await Promise.all([
      page.waitForURL((address) => address.pathname === "/settings"),
      page.getByRole("button", { name: "Set new password" }).click(),
    ]);
    await expect.poll(() => flashRegion(page).textContent()).toContain("Your password has been reset.");

    await oldPage.goto(`${url}/notifications`);
    expect(new URL(oldPage.url()).pathname).toBe("/login");

    const after = await newVisitor(suite.browser, { javaScriptEnabled });
    await logIn(await after.newPage(), url, { email: member.email, password: "brand-new-1" });
    await Promise.all([before.close(), context.close(), after.close()]);
  });

  it("changes the password on /settings: a wrong current one is refused at its field, then other sessions end", async () => {
    const url = suite.app.url;
    const member = await registerUser(suite.app);
    const elsewhere = await newVisitor(suite.browser, { javaScriptEnabled });
    const otherPage = await elsewhere.newPage();
    await logIn(otherPage, url, member);

    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await logIn(page, url, member);
    await page.goto(`${url}/settings`);
    const current = page.getByLabel("Current password");
    await current.fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("changed-pass-1");
    await page.getByLabel("Confirm new password").fill("changed-pass-1");
    await submit(page, "Change password");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect);
    await expect.poll(() => current.getAttribute("aria-invalid")).toBe("true");

    await current.fill(member.password);
    await page.getByLabel("New password", { exact: true }).fill("changed-pass-1");
    await page.getByLabel("Confirm new password").fill("changed-pass-1");
    await submit(page, "Change password");
    await expect.poll(() => flashRegion(page).textContent()).toContain(ACCOUNT_MESSAGES.passwordChanged);
    // A new settings page: the fields are empty again.
    expect(await current.inputValue()).toBe("");

    // This session stays; the other one is signed out; the new password logs in.
    await page.goto(`${url}/notifications`);
    expect(new URL(page.url()).pathname).toBe("/notifications");
    await otherPage.goto(`${url}/notifications`);
    expect(new URL(otherPage.url()).pathname).toBe("/login");
    const fresh = await newVisitor(suite.browser, { javaScriptEnabled });
    await logIn(await fresh.newPage(), url, { email: member.email, password: "changed-pass-1" });
    await Promise.all([elsewhere.close(), context.close(), fresh.close()]);
  });

  it("deletes the account after the password: login fails and the member's images answer 404", async () => {
    const url = suite.app.url;
    const member = await registerUser(suite.app);
    const avatar = new FormData();
    avatar.set("profilePicture", image("avatar"));
    const { profilePictureUrl } = (
      await api(suite.app, "PUT", "/users/profile/picture", { token: member.token, body: avatar })
    ).body;
    const post = new FormData();
    post.set("context", "A connection that leaves with its author");
    post.set("screenshot", image("screenshot"));
    const { screenshotUrl } = (await api(suite.app, "POST", "/connections", { token: member.token, body: post })).body;
    for (const imageUrl of [profilePictureUrl, screenshotUrl]) expect((await fetch(imageUrl)).status).toBe(200);

    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await logIn(page, url, member);
    await page.goto(`${url}/settings`);
    await Promise.all([
      page.waitForURL(`${url}/settings/delete`),
      page.getByRole("link", { name: "Delete my account…" }).click(),
    ]);
    await page.getByRole("heading", { name: "Delete your account" }).waitFor();
    await page.getByLabel("Password").fill("not-my-password");
    await submit(page, "Delete my account");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(ACCOUNT_MESSAGES.passwordIncorrect);

    await page.getByLabel("Password").fill(member.password);
    await Promise.all([
      page.waitForURL(`${url}/account-deleted`),
      page.getByRole("button", { name: "Delete my account" }).click(),
    ]);
    await page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();
    await page.getByRole("link", { name: "Login" }).waitFor();

    await page.goto(`${url}/login`);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await submit(page, "Log in");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(AUTH_MESSAGES.invalidCredentials);
    for (const imageUrl of [profilePictureUrl, screenshotUrl]) expect((await fetch(imageUrl)).status).toBe(404);
    await context.close();
  });
});
