import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";

const suite = seededBrowserSuite();

/** The directors the feed's cards name, in order. */
const cardDirectors = (page: Page) =>
  page.locator("main article.card .card__credits div:has(> dt:text-is('Directed by')) dd").allTextContents();

describe.each(javaScriptModes)("people of the catalog ($name)", ({ javaScriptEnabled }) => {
  it("opens a person's page from a card, then a film, then an actor of it", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/search?q=Arrival`);
    const card = page.locator("main article.card").filter({ hasText: "Arrival & Story of Your Life" });
    await Promise.all([
      page.waitForURL(/\/people\/denis-villeneuve$/),
      card.getByRole("link", { name: "Denis Villeneuve" }).click(),
    ]);
    await page.getByRole("heading", { level: 1, name: "Denis Villeneuve" }).waitFor();
    expect(await page.title()).toBe("Denis Villeneuve | MovieBooks");
    const films = page.getByRole("region", { name: "Films" });
    expect(await films.getByRole("link").allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining("Dune"), expect.stringContaining("Arrival")]),
    );
    const featuring = page.getByRole("region", { name: "Connections featuring Denis Villeneuve" });
    expect(await featuring.locator("article.card").count()).toBeGreaterThan(1);

    await Promise.all([page.waitForURL(/\/movies\//), films.getByRole("link", { name: /^Dune/ }).click()]);
    await page.getByRole("heading", { level: 1, name: /^Dune/ }).waitFor();
    const starring = page.locator(".catalog__facts");
    await Promise.all([
      page.waitForURL(/\/people\/timothee-chalamet$/),
      starring.getByRole("link", { name: "Timothée Chalamet" }).click(),
    ]);
    await page.getByRole("heading", { level: 1, name: "Timothée Chalamet" }).waitFor();
    await page.getByText("Actor", { exact: true }).waitFor();
    await context.close();
  });

  it("suggests filter values from the catalog and filters by the chosen one", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, suite.app.url);
    if (javaScriptEnabled) await hydrated(page);
    await page.getByText("Filters").click();
    const director = page.getByLabel("Director", { exact: true });

    if (javaScriptEnabled) {
      // A combobox: the values starting with what was typed, picked with the keyboard.
      await director.fill("den");
      // Only the open list is in the accessibility tree, so one "Suggestions" list at a time.
      const suggestions = page.getByRole("listbox", { name: "Suggestions" });
      await suggestions.getByRole("option", { name: "Denis Villeneuve" }).waitFor();
      await expect(director.getAttribute("aria-expanded")).resolves.toBe("true");
      await director.press("ArrowDown");
      await expect(director.getAttribute("aria-activedescendant")).resolves.toBeTruthy();
      await director.press("Enter");
      await expect(director.inputValue()).resolves.toBe("Denis Villeneuve");
      await expect.poll(() => suggestions.isHidden()).toBe(true);
      // Empty, a click shows the most featured; a click on one picks it.
      const actor = page.getByLabel("Actor", { exact: true });
      await actor.click();
      const actors = page.locator(`[id="${await actor.getAttribute("aria-controls")}"]`);
      await actors.getByRole("option").first().waitFor();
      await actor.press("Escape");
      await expect.poll(() => actors.isHidden()).toBe(true);
    } else {
      // A native datalist of the most featured directors, and a name typed any way still matches.
      const listId = await director.getAttribute("list");
      const options = await page
        .locator(`datalist[id="${listId}"] option`)
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      expect(options).toContain("Denis Villeneuve");
      await director.fill("  DÉNIS   villeneuve ");
    }
    await Promise.all([page.waitForURL(/director=/), page.getByRole("button", { name: "Apply" }).click()]);
    await expect
      .poll(async () => {
        const directors = await cardDirectors(page);
        return directors.length > 0 && directors.every((name) => name === "Denis Villeneuve");
      })
      .toBe(true);
    await context.close();
  });
});
