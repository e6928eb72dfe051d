import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FLASH_MESSAGES } from "../../app/flash.server.ts";
import {
  hydrated,
  javaScriptModes,
  newVisitor,
  PHONE,
  flashRegion as region,
  seededBrowserSuite,
  signIn,
} from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

// Flash messages (decision 034), on a phone, with and without JavaScript: a line at the top of the page without
// it, a toast with it (fetchers too), always in the live region screen readers announce.

const suite = seededBrowserSuite();

async function memberPage(javaScriptEnabled: boolean) {
  const context = await newVisitor(suite.browser, { javaScriptEnabled, ...PHONE });
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await signIn(page, suite.app.url);
  return page;
}

async function freshConnection(label: string) {
  const author = await registerUser(suite.app);
  const created = await api(suite.app, "POST", "/connections", {
    token: author.token,
    body: { movieTitle: `Feedback Movie ${label}`, bookTitle: `Feedback Book ${label}`, context: "Say so." },
  });
  return { id: created.body._id as string, author };
}

describe.each(javaScriptModes)("flash messages ($name)", ({ name, javaScriptEnabled }) => {
  const ready = async (page: Page) => {
    if (javaScriptEnabled) await hydrated(page);
  };

  it("says the profile was saved, once, in the live region: a line without JavaScript, a toast with it", async () => {
    const page = await memberPage(javaScriptEnabled);
    expect(await region(page).getAttribute("aria-live")).toBe("polite");
    // Logging in said so first.
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.loggedIn);
    await page.goto(`${suite.app.url}/profile/edit`);
    await ready(page);
    expect(await region(page).textContent()).toBe("");
    await page.getByLabel("Location").fill(`Feedback town ${name}`);
    await Promise.all([page.waitForURL(/\/users$/), page.getByRole("button", { name: "Save profile" }).click()]);
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.profileSaved);
    expect(await region(page).isVisible()).toBe(true);
    const position = await page.locator(".flash").evaluate((element) => getComputedStyle(element).position);
    if (javaScriptEnabled) {
      // A toast over the bottom of the window, closed by its button (or after a few seconds).
      expect(position).toBe("fixed");
      const box = (await page.locator(".flash").boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.y).toBeGreaterThan(844 / 2);
      await page.getByRole("button", { name: "Dismiss message" }).click();
      await expect.poll(() => region(page).textContent()).toBe("");
    } else {
      // In the page's flow at the top of the content, with no close button it could not work.
      expect(position).toBe("static");
      expect(await page.getByRole("button", { name: "Dismiss message" }).isVisible()).toBe(false);
      await page.goto(`${suite.app.url}/about`);
      expect(await region(page).textContent()).toBe("");
    }
    await page.context().close();
  });

  it("confirms a favorite and a follow, which JavaScript sends in the background", async () => {
    const page = await memberPage(javaScriptEnabled);
    const { id, author } = await freshConnection(`${name} favorite`);
    await page.goto(`${suite.app.url}/connections/${id}`);
    await ready(page);
    await page.locator(`#card-${id}`).getByRole("button", { name: "☆ Favorite" }).click();
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.favorited);
    expect(new URL(page.url()).pathname).toBe(`/connections/${id}`);

    await page.goto(`${suite.app.url}/users/${author._id}`);
    await ready(page);
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.followed);
    await page.getByRole("button", { name: "Unfollow" }).click();
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.unfollowed);
    await page.context().close();
  });

  it("confirms a comment, and a deleted connection on the page the member was on", async () => {
    const page = await memberPage(javaScriptEnabled);
    const { id } = await freshConnection(`${name} comment`);
    await page.goto(`${suite.app.url}/connections/${id}#comments`);
    await ready(page);
    await page.getByLabel("Add a comment").fill("Confirmed?");
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.commentPosted);

    await page.goto(`${suite.app.url}/create`);
    await page.getByLabel("Context").fill(`A post to delete (${name})`);
    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Post connection" }).click(),
    ]);
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.connectionCreated);
    await page.goto(`${suite.app.url}/users`);
    await ready(page);
    const card = page.locator("article.card", { hasText: `A post to delete (${name})` });
    await card.getByRole("link", { name: "Delete" }).click();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => region(page).textContent()).toBe(FLASH_MESSAGES.connectionDeleted);
    expect(await card.count()).toBe(0);
    await page.context().close();
  });
});
