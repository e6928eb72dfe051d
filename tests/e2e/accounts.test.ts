import { eq, ne } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { AUTH_MESSAGES } from "../../worker/core/auth/index.ts";
import { newId } from "../../worker/core/ids.ts";
import { notifications, sessions, users } from "../../worker/db/schema.ts";
import { javaScriptModes, logIn, newVisitor, seededBrowserSuite } from "../support/browser.ts";
import { registerUser } from "../support/http.ts";

const suite = seededBrowserSuite();

async function submit(page: Page, name: string) {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name }).click()]);
}

describe.each(javaScriptModes)("accounts ($name)", ({ javaScriptEnabled }) => {
  it("signs up, showing the first failing rule and keeping the fields, then logs out", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    const username = `browser_${javaScriptEnabled ? "js" : "nojs"}`;
    await page.goto(`${suite.app.url}/signup`);
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret12");
    await submit(page, "Sign Up");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(AUTH_MESSAGES.usernameLength);
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(`${username}@example.com`);
    expect(await page.getByLabel("Username").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret99");
    await submit(page, "Sign Up");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(AUTH_MESSAGES.passwordsDiffer);

    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret12");
    await Promise.all([page.waitForURL(`${suite.app.url}/`), page.getByRole("button", { name: "Sign Up" }).click()]);
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await expect(page.getByRole("link", { name: "+ Add New" }).count()).resolves.toBe(1);

    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Logout" }).click()]);
    await page.getByRole("link", { name: "Login" }).waitFor();
    await context.close();
  });

  it("returns to the member page that sent a visitor to /login, with working notifications", async () => {
    const [demo] = await suite.app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    const [sender] = await suite.app.db.select().from(users).where(ne(users.email, DEMO_EMAIL)).limit(1);
    await suite.app.db.insert(notifications).values(
      [1, 2, 3].map((n) => ({
        id: newId(),
        recipientId: demo!.id,
        senderId: sender!.id,
        type: "new_follower" as const,
        dedupeKey: `e2e-${javaScriptEnabled}-${n}`,
        link: `/users/${sender!.id}`,
        message: `Test notification ${n}`,
      })),
    );
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/notifications`);
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.getByLabel("Email").fill(DEMO_EMAIL);
    await page.getByLabel("Password").fill("wrong-password");
    await submit(page, "Log in");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password");

    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/notifications"),
      page.getByRole("button", { name: "Log in" }).click(),
    ]);
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    expect(await page.locator(".notification").count()).toBeGreaterThan(0);

    const unreadBefore = await page.locator(".notification--unread").count();
    expect(unreadBefore).toBeGreaterThanOrEqual(3);
    await page.locator(".notification--unread").first().getByRole("button", { name: "Mark Read" }).click();
    await expect.poll(() => page.locator(".notification--unread").count()).toBe(unreadBefore - 1);

    await page.getByRole("button", { name: "Mark All as Read" }).click();
    await expect.poll(() => page.locator(".notification--unread").count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Mark All as Read" }).isDisabled()).toBe(true);
    await expect.poll(() => page.locator(".nav-badge").count()).toBe(0);
    await context.close();
  });

  it("shows a visitor's page, and forgets the cookie, once the session has ended elsewhere", async () => {
    const member = await registerUser(suite.app);
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await logIn(page, suite.app.url, member);
    // Logged out on another device: the page's next request still carries the cookie, and the session check finds
    // no session (decision 040). With JavaScript the link is a client navigation, a data request.
    await suite.app.db.delete(sessions).where(eq(sessions.userId, member._id));
    await page.getByRole("link", { name: "Feed" }).first().click();
    await page.getByRole("link", { name: "Login" }).first().waitFor();
    await expect(page.getByRole("heading", { name: "Your feed" }).count()).resolves.toBe(0);
    const cookies = await context.cookies(suite.app.url);
    expect(cookies.map((cookie) => cookie.name)).not.toContain("mb_session");
    await context.close();
  });
});
