import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SPOILER_TEXT } from "../../worker/core/rules/index.ts";
import { hydrated, javaScriptModes, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

// Issue 16 in a browser, with JavaScript on and off, on a phone (390×844, touch) and a desktop (1280×800): the
// feed's tabs and sorts through the URL, spoilers closed until opened, grouped notifications.

const suite = seededBrowserSuite();

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;

let visitors = 0;
type Member = Awaited<ReturnType<typeof registerUser>>;

async function memberPage(member: Member, javaScriptEnabled: boolean, device: (typeof VIEWPORTS)[number]) {
  visitors += 1;
  const context = await suite.browser.newContext({
    javaScriptEnabled,
    viewport: device.viewport,
    hasTouch: device.hasTouch,
    isMobile: device.isMobile,
    extraHTTPHeaders: { "CF-Connecting-IP": `172.20.${(visitors >> 8) & 255}.${visitors & 255}` },
  });
  const page = await context.newPage();
  await signIn(page, suite.app.url, member);
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

const post = async (by: Member, body: Record<string, unknown>) =>
  (await api(suite.app, "POST", "/connections", { token: by.token, body })).body._id as string;

/** Follows a link as a person would (a tap on touch screens), and waits for the address to change. */
async function follow(page: Page, name: string, urlPart: RegExp) {
  const link = page.getByRole("link", { name, exact: true });
  await Promise.all([page.waitForURL(urlPart), link.click()]);
}

const current = (page: Page, label: string) =>
  page.getByRole("navigation", { name: label }).locator('[aria-current="page"]');

describe.each(javaScriptModes)("feeds, spoilers and notification groups ($name)", ({ javaScriptEnabled }) => {
  describe.each(VIEWPORTS)("on a $name", (device) => {
    it("opens on Following once the member follows someone, and switches tab and sort through the URL", async () => {
      const [reader, followed, other] = [
        await registerUser(suite.app),
        await registerUser(suite.app),
        await registerUser(suite.app),
      ];
      const theirs = await post(followed, { context: "From someone I follow" });
      const hot = await post(other, { context: "Everyone likes this one", tags: "e2e-feeds" });
      for (const fan of [followed, reader]) {
        await api(suite.app, "POST", `/connections/${hot}/like`, { token: fan.token });
      }
      await api(suite.app, "POST", `/follows/${followed._id}`, { token: reader.token });
      const page = await memberPage(reader, javaScriptEnabled, device);

      expect(await current(page, "Feeds").textContent()).toBe("Following");
      expect(await page.locator("article.card").count()).toBe(1);
      await page.locator(`#card-${theirs}`).waitFor();

      await follow(page, "Everyone", /feed=everyone/);
      await expect.poll(() => current(page, "Feeds").textContent()).toBe("Everyone");
      await follow(page, "Top this week", /sort=top/);
      expect(new URL(page.url()).searchParams.get("feed")).toBe("everyone");
      await expect.poll(() => current(page, "Sort").textContent()).toBe("Top this week");
      const topApi = await api(suite.app, "GET", "/connections?sort=top", { token: reader.token });
      await expect
        .poll(() => page.locator("article.card").first().getAttribute("id"))
        .toBe(`card-${topApi.body.connections[0]._id}`);
      // The last page is past the ranked connections: the rest, newest first, read off the kept numbers' index
      // (decision 031's second addendum). It starts at the newest connection nobody liked (`theirs`), which comes
      // before the last page. The page lists what the API lists there.
      const lastPage = topApi.body.pages as number;
      const order: string[] = [];
      for (let number = 1; number <= lastPage; number++) {
        const listed = await api(suite.app, "GET", `/connections?sort=top&pageNumber=${number}`, {
          token: reader.token,
        });
        order.push(...listed.body.connections.map((connection: { _id: string }) => connection._id));
      }
      expect(order.indexOf(theirs)).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(theirs)).toBeLessThan((lastPage - 1) * 10);
      const lastIds = order.slice((lastPage - 1) * 10);
      const pages = page.getByRole("navigation", { name: "Pages" });
      await Promise.all([
        page.waitForURL(new RegExp(`page=${lastPage}`)),
        pages.getByRole("link", { name: String(lastPage), exact: true }).click(),
      ]);
      await expect
        .poll(() => page.locator("article.card").evaluateAll((cards) => cards.map((card) => card.id)))
        .toEqual(lastIds.map((id) => `card-${id}`));

      await follow(page, "Following", /feed=following/);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("top");
      await expect.poll(() => page.locator("article.card").count()).toBe(1);
      // The sorts stay reachable on a phone: inside the viewport, no horizontal scroll.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(device.viewport.width);
      await page.context().close();
    });

    it("keeps a spoiler closed until the reader opens it, on the card and in a comment", async () => {
      const [author, reader] = [await registerUser(suite.app), await registerUser(suite.app)];
      const secret = `The twist, seen on a ${device.name}`;
      const id = await post(author, {
        movieTitle: "Twist Film",
        bookTitle: "Twist Novel",
        context: secret,
        contextSpoiler: true,
      });
      await api(suite.app, "POST", `/connections/${id}/comments`, {
        token: author.token,
        body: { text: "The comment's own twist", spoiler: true },
      });
      const page = await memberPage(reader, javaScriptEnabled, device);
      await page.goto(`${suite.app.url}/connections/${id}`);
      const text = page.getByText(secret);
      const comment = page.getByText("The comment's own twist");
      expect(await text.isVisible()).toBe(false);
      expect(await comment.isVisible()).toBe(false);
      const shows = page.getByText(SPOILER_TEXT.show, { exact: true });
      expect(await shows.count()).toBe(2);
      await shows.first().click();
      await text.waitFor({ state: "visible" });
      expect(await comment.isVisible()).toBe(false);
      await page.getByText(SPOILER_TEXT.hide, { exact: true }).first().waitFor();
      // The card's "Show spoiler" is still in the page, hidden while it is open: open the comment's own.
      await page.locator("#comments").getByText(SPOILER_TEXT.show, { exact: true }).click();
      await comment.waitFor({ state: "visible" });

      // A new comment marked as a spoiler comes back closed.
      await page.getByLabel("Add a comment").fill("My own reveal");
      await page.getByLabel(SPOILER_TEXT.field).check();
      await page.getByRole("button", { name: "Post comment" }).click();
      const mine = page.locator(".comment", { hasText: "My own reveal" });
      await mine.waitFor();
      expect(await mine.locator(".comment__text").isVisible()).toBe(false);
      await mine.getByText(SPOILER_TEXT.show).click();
      await mine.locator(".comment__text").waitFor({ state: "visible" });
      await page.context().close();
    });

    it("groups repeated likes into one entry and reads the whole group at once", async () => {
      const owner = await registerUser(suite.app);
      const id = await post(owner, { context: "Liked by three" });
      const fans = [await registerUser(suite.app), await registerUser(suite.app), await registerUser(suite.app)];
      for (const fan of fans) await api(suite.app, "POST", `/connections/${id}/like`, { token: fan.token });
      const page = await memberPage(owner, javaScriptEnabled, device);
      await page.goto(`${suite.app.url}/notifications`);
      const entry = page.locator(".notification", {
        hasText: `${fans[2]!.username} and 2 others liked your connection.`,
      });
      await entry.waitFor();
      expect(await page.locator(".notification").count()).toBe(1);
      expect(await page.locator(".notification--unread").count()).toBe(1);
      // With JavaScript the entry reads as read at once, before its write is answered; a reload would cut it off.
      const written = javaScriptEnabled
        ? page.waitForResponse((response) => response.request().method() === "POST")
        : null;
      await entry.getByRole("button", { name: "Mark Read" }).click();
      await expect.poll(() => page.locator(".notification--unread").count()).toBe(0);
      await written;
      await page.reload();
      expect(await page.locator(".notification--unread").count()).toBe(0);
      await page.context().close();
    });
  });
});
