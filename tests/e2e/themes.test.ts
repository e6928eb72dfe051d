import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  hydrated,
  javaScriptModes,
  newVisitor,
  openBeforeHydration,
  PHONE,
  seededBrowserSuite,
} from "../support/browser.ts";

// Dark mode (decision 035): the system's setting without a choice, the footer's switch with one, kept in a
// cookie so the server paints the right theme first.

const suite = seededBrowserSuite();

const LIGHT_PAPER = "rgb(251, 246, 238)";
const DARK_PAPER = "rgb(23, 20, 18)";

const paper = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const pinned = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
const themeCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "theme")?.value ?? null;

describe.each(javaScriptModes)("themes ($name)", ({ javaScriptEnabled }) => {
  it.each([
    ["dark", DARK_PAPER],
    ["light", LIGHT_PAPER],
  ] as const)("follows a %s system setting without a choice, in CSS alone", async (scheme, expected) => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled, colorScheme: scheme, ...PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    expect(await pinned(page)).toBeNull();
    expect(await paper(page)).toBe(expected);
    await context.close();
  });

  it("paints the chosen theme first, whatever the system says", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled, colorScheme: "light", ...DESKTOP });
    await context.addCookies([{ name: "theme", value: "dark", url: suite.app.url }]);
    const page = await context.newPage();
    if (javaScriptEnabled) {
      // Before the page's script has run, the server's HTML is already dark.
      const release = await openBeforeHydration(page, `${suite.app.url}/`);
      expect(await pinned(page)).toBe("dark");
      expect(await paper(page)).toBe(DARK_PAPER);
      await release();
    } else {
      await page.goto(`${suite.app.url}/`);
    }
    expect(await pinned(page)).toBe("dark");
    expect(await paper(page)).toBe(DARK_PAPER);
    await context.close();
  });

  it("switches from the footer, keeps the choice, and goes back to the system's", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled, colorScheme: "light", ...PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/about`);
    if (javaScriptEnabled) await hydrated(page);
    const theme = page.getByRole("group", { name: "Theme" });
    expect(await theme.getByRole("button", { name: "System" }).getAttribute("aria-pressed")).toBe("true");

    await theme.getByRole("button", { name: "Dark" }).click();
    await expect.poll(() => pinned(page)).toBe("dark");
    // Without JavaScript the choice reloads the page: its stylesheet is read once the page has loaded.
    await page.waitForLoadState("load");
    expect(await paper(page)).toBe(DARK_PAPER);
    expect(new URL(page.url()).pathname).toBe("/about");
    await expect.poll(() => themeCookie(context)).toBe("dark");
    expect(await theme.getByRole("button", { name: "Dark" }).getAttribute("aria-pressed")).toBe("true");

    await page.goto(`${suite.app.url}/help`);
    expect(await pinned(page)).toBe("dark");

    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "System" }).click();
    await expect.poll(() => pinned(page)).toBeNull();
    await page.waitForLoadState("load");
    expect(await paper(page)).toBe(LIGHT_PAPER);
    await expect.poll(() => themeCookie(context)).toBeNull();
    await context.close();
  });
});
