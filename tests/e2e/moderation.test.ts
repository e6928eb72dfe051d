import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { flashRegion, hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";
import { registerModerator } from "../support/moderation.ts";

// Issue 13's done-when: report → a moderator removes → the author is notified, with JavaScript and without.

const suite = seededBrowserSuite();

async function loggedIn(member: { email: string; password: string }, javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
  await signIn(page, suite.app.url, member);
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

describe.each(javaScriptModes)("reports and moderation ($name)", ({ name, javaScriptEnabled }) => {
  it("a member reports a connection, a moderator removes it, and its author is told", async () => {
    const [author, reporter, moderator] = [
      await registerUser(suite.app),
      await registerUser(suite.app),
      await registerModerator(suite.app),
    ];
    const context = `The last page, in full, before anyone asked (${name})`;
    const post = await api(suite.app, "POST", "/connections", { token: author.token, body: { context } });

    const reporting = await loggedIn(reporter, javaScriptEnabled);
    await reporting.goto(`${suite.app.url}/connections/${post.body._id}`);
    await reporting.getByRole("link", { name: "Report this connection" }).click();
    await reporting.getByRole("heading", { name: "Report this connection" }).waitFor();
    await reporting.getByRole("button", { name: "Send report" }).click();
    await reporting.getByText("Please choose a reason.").waitFor();
    await reporting.getByLabel("Spoilers without warning").check();
    await reporting.getByLabel("Anything the moderators should know? (optional)").fill("The ending, word for word.");
    await reporting.getByRole("button", { name: "Send report" }).click();
    // Back at the connection, thanked by the flash message.
    await reporting.waitForURL(`${suite.app.url}/connections/${post.body._id}`);
    await expect
      .poll(() => flashRegion(reporting).textContent())
      .toBe("Thanks for telling us. A moderator will review this report.");
    await reporting.context().close();

    const moderating = await loggedIn(moderator, javaScriptEnabled);
    await moderating
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("link", { name: /Moderation/ })
      .click();
    await moderating.getByRole("heading", { name: "Moderation", level: 1 }).waitFor();
    const entry = moderating.locator("li.case", { hasText: context });
    await entry.getByRole("list", { name: "Reasons" }).getByText("Spoilers without warning").waitFor();
    await entry.getByText("The ending, word for word.").waitFor();
    await entry.getByLabel("Remove this connection").check();
    await entry.getByLabel("Note for the audit log (optional)").fill(`Spoils the book's ending (${name}).`);
    await entry.getByRole("button", { name: "Resolve" }).click();
    await moderating.getByText("Removed, and its author told.").waitFor();
    await moderating.getByRole("link", { name: "Audit log" }).click();
    await moderating.getByText(`Spoils the book's ending (${name}).`).waitFor();
    await moderating.context().close();

    const reading = await loggedIn(author, javaScriptEnabled);
    const notifications = reading
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Notifications/ });
    await expect.poll(() => notifications.locator(".nav-badge").textContent()).toBe("1");
    await notifications.click();
    const notice = reading.getByRole("button", { name: /A moderator removed your connection/ });
    await notice.click();
    await reading.waitForURL(`${suite.app.url}/help#community-guidelines`);
    await reading.getByRole("heading", { name: "Community guidelines" }).waitFor();
    await reading.goto(`${suite.app.url}/connections/${post.body._id}`);
    await reading.getByText(`Connection with ID ${post.body._id} not found.`).waitFor();
    await reading.context().close();
  });
});
