import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { latestUpdate } from "../../app/updates.ts";
import {
  hydrated,
  javaScriptModes,
  newVisitor,
  openBeforeHydration,
  seededBrowserSuite,
  signIn,
} from "../support/browser.ts";

const suite = seededBrowserSuite();

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);
const banner = (page: Page) => page.getByRole("region", { name: "What's New" });
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });
/** The header's toggles: a button with JavaScript, a checkbox's label without; the same class either way. */
const menuToggle = (page: Page) => page.locator(".menu-toggle");
const sidebarToggle = (page: Page) => page.locator(".sidebar-toggle");

describe.each(javaScriptModes)("page frame ($name)", ({ javaScriptEnabled }) => {
  let context: BrowserContext;
  const ready = async (page: Page) => {
    if (javaScriptEnabled) await hydrated(page);
  };
  afterAll(() => context?.close());

  it("dismisses the What's New banner for good: other pages, reloads and logging in keep it away", async () => {
    context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/about`);
    await ready(page);
    await banner(page).waitFor();
    await expect(banner(page).getByText(latestUpdate.title).isVisible()).resolves.toBe(true);
    const more = banner(page).getByRole("link", { name: `${latestUpdate.title}: see all updates` });
    expect(await more.getAttribute("href")).toBe("/updates");

    await page.getByRole("button", { name: "Dismiss What's New" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/about");
    const cookie = async () => (await context.cookies()).find((c) => c.name === "dismissedUpdateBatchId")?.value;
    await expect.poll(cookie).toBe(latestUpdate.id);
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => localStorage.getItem("dismissedUpdateBatchId"))).toBe(latestUpdate.id);
    }

    await Promise.all([
      page.waitForURL(/\/help$/),
      page.getByRole("contentinfo").getByRole("link", { name: "Help / FAQ" }).click(),
    ]);
    await page.getByRole("heading", { name: "Help / FAQ", level: 1 }).waitFor();
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    expect(await banner(page).count()).toBe(0);
    await signIn(page, suite.app.url);
    expect(await banner(page).count()).toBe(0);

    if (javaScriptEnabled) {
      // Local storage remembers what the cookie forgot: the banner stays hidden and the cookie comes back.
      await context.clearCookies({ name: "dismissedUpdateBatchId" });
      await page.goto(`${suite.app.url}/updates`);
      await expect.poll(cookie).toBe(latestUpdate.id);
      expect(await banner(page).count()).toBe(0);
    }
  });

  it("collapses a visitor's header links behind Menu on a 390 px screen", async () => {
    // (A member's one menu on phones is the sidebar's drawer: tests/e2e/phone-finish.test.ts.)
    const visitor = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await visitor.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.app.url}/`);
    await ready(page);
    const loginLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" });
    expect(await loginLink.isVisible()).toBe(false);
    expect(await menuToggle(page).isVisible()).toBe(true);
    if (javaScriptEnabled) expect(await menuToggle(page).getAttribute("aria-expanded")).toBe("false");

    await menuToggle(page).click();
    await expect.poll(() => loginLink.isVisible()).toBe(true);
    expect(await bodyOverflow(page)).toBe("hidden");
    if (javaScriptEnabled) expect(await menuToggle(page).getAttribute("aria-expanded")).toBe("true");

    // It is a toggle.
    await menuToggle(page).click();
    await expect.poll(() => loginLink.isVisible()).toBe(false);
    expect(await bodyOverflow(page)).not.toBe("hidden");

    // Following a link leaves the menu closed on the next page.
    await menuToggle(page).click();
    await Promise.all([page.waitForURL(/\/login$/), loginLink.click()]);
    await page.getByRole("heading", { name: "Log in", level: 1 }).waitFor();
    await ready(page);
    await expect.poll(() => loginLink.isVisible()).toBe(false);
    expect(await bodyOverflow(page)).not.toBe("hidden");

    if (javaScriptEnabled) {
      await menuToggle(page).click();
      await expect.poll(() => bodyOverflow(page)).toBe("hidden");
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect.poll(() => menuToggle(page).getAttribute("aria-expanded")).toBe("false");
      expect(await bodyOverflow(page)).not.toBe("hidden");
      expect(await menuToggle(page).isVisible()).toBe(false);
      expect(await loginLink.isVisible()).toBe(true);
      // Narrow again: the menu stays closed.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => loginLink.isVisible()).toBe(false);
      await page.keyboard.press("Escape");
      await menuToggle(page).click();
      await expect.poll(() => loginLink.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => loginLink.isVisible()).toBe(false);
      expect(await bodyOverflow(page)).not.toBe("hidden");
    }
    await visitor.close();
  });

  it.runIf(javaScriptEnabled)("keeps a menu opened before the page's script has loaded open afterwards", async () => {
    const visitor = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await visitor.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${suite.app.url}/about`, { waitUntil: "domcontentloaded" });
    const feed = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Feed" });
    await page.locator("label.menu-toggle").click();
    await expect.poll(() => feed.isVisible()).toBe(true);
    release();
    await ready(page);
    expect(await menuToggle(page).getAttribute("aria-expanded")).toBe("true");
    expect(await feed.isVisible()).toBe(true);
    expect(await bodyOverflow(page)).toBe("hidden");
    await visitor.close();
  });

  it.runIf(javaScriptEnabled)("marks the page busy while the next one loads", async () => {
    const visitor = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await visitor.newPage();
    await signIn(page, suite.app.url);
    await ready(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    const main = page.getByRole("main");
    expect(await main.getAttribute("aria-busy")).toBeNull();
    await page.getByRole("link", { name: "Next →" }).click();
    await expect.poll(() => main.getAttribute("aria-busy")).toBe("true");
    await expect.poll(() => main.evaluate((element) => Number(getComputedStyle(element).opacity))).toBeLessThan(1);
    release();
    await page.waitForURL(/page=2/);
    await expect.poll(() => main.getAttribute("aria-busy")).toBeNull();
    expect(await main.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    await visitor.close();
  });

  it("shows and hides the members' sidebar from the header toggle, wide and narrow", async () => {
    const visitor = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await visitor.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.app.url}/about`);
    expect(await sidebarToggle(page).count()).toBe(0);
    expect(await sidebar(page).count()).toBe(0);

    await signIn(page, suite.app.url);
    await page.goto(`${suite.app.url}/about`);
    await ready(page);
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(await sidebar(page).getByRole("link", { name: "My Favorites" }).getAttribute("href")).toBe(
      "/users#favorites",
    );
    await expect(sidebar(page).getByText("Popular Tags").isVisible()).resolves.toBe(true);
    if (javaScriptEnabled) expect(await sidebarToggle(page).getAttribute("aria-expanded")).toBe("true");

    await sidebarToggle(page).click();
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);
    if (javaScriptEnabled) {
      expect(await sidebarToggle(page).getAttribute("aria-expanded")).toBe("false");
      // With JavaScript the choice holds while moving between pages.
      await Promise.all([
        page.waitForURL(/\/help$/),
        page.getByRole("contentinfo").getByRole("link", { name: "Help / FAQ" }).click(),
      ]);
      await page.getByRole("heading", { name: "Help / FAQ", level: 1 }).waitFor();
      expect(await sidebar(page).isVisible()).toBe(false);
    }
    await sidebarToggle(page).click();
    await expect.poll(() => sidebar(page).isVisible()).toBe(true);

    // Narrow screens: hidden behind the toggle by default, opened as a drawer, closed from inside it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.app.url}/about`);
    await ready(page);
    expect(await sidebar(page).isVisible()).toBe(false);
    await sidebarToggle(page).click();
    await expect.poll(() => sidebar(page).isVisible()).toBe(true);
    if (javaScriptEnabled) expect(await sidebarToggle(page).getAttribute("aria-expanded")).toBe("true");
    await sidebar(page).locator(".sidebar__close").click();
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);

    // A link in the drawer leads on (and the drawer is closed on the next page).
    await sidebarToggle(page).click();
    await Promise.all([
      page.waitForURL(/\/all-users$/),
      sidebar(page).getByRole("link", { name: "All Public Users" }).click(),
    ]);
    await page.getByRole("heading", { name: "All Public Users", level: 1 }).waitFor();
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);
    await visitor.close();
  });
});

describe("page frame: a toggle used before the page hydrated (JavaScript on)", () => {
  /** Opens `path` with the script held, uses the no-JavaScript toggle, then waits for its button to take over. */
  async function toggleBeforeHydration(page: Page, path: string, toggle: Locator) {
    const release = await openBeforeHydration(page, `${suite.app.url}${path}`);
    await toggle.click();
    await release();
  }

  it("keeps a visitor's phone menu open, as a button that says so, with the page held still", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await toggleBeforeHydration(page, "/about", menuToggle(page));
    await expect.poll(() => menuToggle(page).getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).isVisible()).toBe(
      true,
    );
    expect(await bodyOverflow(page)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect.poll(() => menuToggle(page).getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("keeps a member's drawer open on a phone and gives it the focus; keeps the sidebar hidden on a wide screen", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, suite.app.url);
    await toggleBeforeHydration(page, "/about", sidebarToggle(page));
    await expect.poll(() => sidebarToggle(page).getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? "")).toContain("sidebar__close");
    expect(await sidebar(page).isVisible()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    await toggleBeforeHydration(page, "/about", sidebarToggle(page));
    await expect.poll(() => sidebarToggle(page).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);
    await context.close();
  });
});
