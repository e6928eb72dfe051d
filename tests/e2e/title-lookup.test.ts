import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { axeViolations } from "../support/axe.ts";
import { hydrated, launchBrowser, newVisitor, signIn } from "../support/browser.ts";
import { startFakeProviders } from "../support/fake-providers.ts";

// The create page's title suggestions: the seeded catalog plus local fakes of TMDB, Open Library and Wikidata.
let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  fakes = await startFakeProviders();
  [app, browser] = await Promise.all([startTestApp({ seed: true, vars: fakes.vars }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await fakes?.close();
});

async function createPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await newVisitor(browser, { javaScriptEnabled })).newPage();
  await signIn(page, app.url);
  await page.goto(`${app.url}/create`);
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

const hiddenValue = (page: Page, name: string) =>
  page
    .locator(`input[type="hidden"][name="${name}"]`)
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute("value")));

describe("title suggestions on the create page", () => {
  it("suggests works as a title is typed, and picking one fills the form and its ids (JavaScript on)", async () => {
    const page = await createPage(true);
    const movieTitle = page.getByRole("combobox", { name: "Movie title" });
    await movieTitle.pressSequentially("Little Wo");
    const movies = page.getByRole("listbox", { name: "Suggested movies" });
    await movies.waitFor();
    await expect(movieTitle.getAttribute("aria-expanded")).resolves.toBe("true");
    const options = movies.getByRole("option");
    await expect.poll(() => options.count()).toBe(3);
    await expect(options.nth(0).textContent()).resolves.toBe("Little Women2019 · Greta GerwigOn MovieBooks");
    await expect(options.nth(1).textContent()).resolves.toBe("Little Women1994 · Gillian ArmstrongTMDB");
    // TMDB's thumbnail loads from its image host, which the page's policy allows.
    await expect
      .poll(() =>
        options
          .nth(1)
          .locator("img")
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);

    await movieTitle.press("ArrowDown");
    await movieTitle.press("ArrowDown");
    await expect(options.nth(1).getAttribute("aria-selected")).resolves.toBe("true");
    await expect(movieTitle.getAttribute("aria-activedescendant")).resolves.toBe(
      await options.nth(1).getAttribute("id"),
    );
    await movieTitle.press("Enter");
    await movies.waitFor({ state: "hidden" });
    await expect(movieTitle.inputValue()).resolves.toBe("Little Women");
    await expect(page.getByLabel("Year", { exact: true }).inputValue()).resolves.toBe("1994");
    await expect(page.getByLabel("Director").inputValue()).resolves.toBe("Gillian Armstrong");
    await expect(page.getByLabel("Actors").inputValue()).resolves.toBe("Winona Ryder, Gabriel Byrne, Trini Alvarado");
    await expect(hiddenValue(page, "movieTmdbId")).resolves.toEqual(["9587"]);
    await expect(hiddenValue(page, "movieImdbId")).resolves.toEqual(["tt0110367"]);
    await expect(hiddenValue(page, "movieWikidataId")).resolves.toEqual(["Q900002"]);
    // Typing again means another work: the picked ids go.
    await movieTitle.press("End");
    await movieTitle.pressSequentially("!");
    await expect(hiddenValue(page, "movieTmdbId")).resolves.toEqual([]);

    const bookTitle = page.getByRole("combobox", { name: "Book title" });
    await bookTitle.pressSequentially("Martian");
    const books = page.getByRole("listbox", { name: "Suggested books" });
    await books.waitFor();
    await bookTitle.press("Escape");
    await books.waitFor({ state: "hidden" });
    await bookTitle.press("ArrowDown");
    await books.getByRole("option", { name: /The Martian.*Andy Weir.*On MovieBooks/ }).click();
    await expect(bookTitle.inputValue()).resolves.toBe("The Martian");
    await expect(page.getByLabel("Author").inputValue()).resolves.toBe("Andy Weir");
    await expect(page.getByLabel("Publication year").inputValue()).resolves.toBe("2011");
    await expect(page.getByLabel("ISBN").inputValue()).resolves.toBe("9780553418026");
    await expect(hiddenValue(page, "bookOpenLibraryId")).resolves.toEqual(["OL902W"]);
    await expect(hiddenValue(page, "bookWikidataId")).resolves.toEqual(["Q900007"]);

    await page.getByLabel("Context").fill("Picked from the suggestions.");
    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Post connection" }).click(),
    ]);
    await page.getByRole("heading", { name: "Little Women! & The Martian" }).waitFor();
    await page.context().close();
  });

  it("has no accessibility violations with the suggestions open (axe-core, WCAG 2.1 AA)", async () => {
    const context = await browser.newContext({
      bypassCSP: true,
      extraHTTPHeaders: { "CF-Connecting-IP": "172.31.20.1" },
    });
    const page = await context.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/create`);
    await hydrated(page);
    const movieTitle = page.getByRole("combobox", { name: "Movie title" });
    await movieTitle.pressSequentially("Dune");
    await page.getByRole("listbox", { name: "Suggested movies" }).waitFor();
    await movieTitle.press("ArrowDown");
    await expect(axeViolations(page)).resolves.toEqual([]);
    await context.close();
  });

  it("is the plain form without JavaScript, and it still posts", async () => {
    const page = await createPage(false);
    // Plain text fields (the only combobox left is the Kind select).
    await expect(page.getByRole("textbox", { name: "Movie title" }).count()).resolves.toBe(1);
    await expect(page.getByRole("textbox", { name: "Book title" }).count()).resolves.toBe(1);
    for (const name of ["movieTmdbId", "movieImdbId", "movieWikidataId", "bookOpenLibraryId", "bookWikidataId"]) {
      await expect(hiddenValue(page, name)).resolves.toEqual([]);
    }
    await expect(page.getByText("Needed: a movie title and a book title, or some context").isVisible()).resolves.toBe(
      true,
    );
    await page.getByLabel("Movie title").fill("No Script Movie");
    await page.getByLabel("Book title").fill("No Script Book");
    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Post connection" }).click(),
    ]);
    await page.getByRole("heading", { name: "No Script Movie & No Script Book" }).waitFor();
    await page.context().close();
  });
});
