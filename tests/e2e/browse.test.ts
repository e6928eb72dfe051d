import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { titleKey } from "../../worker/core/catalog/index.ts";
import { personSlug } from "../../worker/core/rules/index.ts";
import { connections, movies } from "../../worker/db/schema.ts";
import {
  hydrated,
  javaScriptModes,
  newVisitor,
  openBeforeHydration,
  seededBrowserSuite,
  signIn,
} from "../support/browser.ts";
import { api } from "../support/http.ts";
import { testPng } from "../support/images.ts";

const suite = seededBrowserSuite();

// Oscar Isaac acts in three of the seed's films; twelve more that he directed, written to the catalog, give him 15:
// more than his page's shelf shows, so it links to all of them.
beforeAll(async () => {
  await suite.app.db.insert(movies).values(
    Array.from({ length: 12 }, (_, index) => ({
      id: `${index.toString(16).padStart(2, "0")}${"b".repeat(22)}`,
      title: `Isaac Short ${index + 1}`,
      titleKey: titleKey(`Isaac Short ${index + 1}`),
      year: 1990 + index,
      director: "Oscar Isaac",
      directorSlug: personSlug("Oscar Isaac"),
    })),
  );
});

/** Loads every image on the page (lazy ones too) and returns the ones that failed to decode. */
async function brokenImages(page: Page) {
  return page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    // Once eager, every image loads: decode() settles when it has (and rejects if it is broken).
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images.filter((image) => image.naturalWidth === 0).map((image) => image.src);
  });
}

/** The headings of the connection cards on the page, in order ('movie & book', or 'Post by …' for text-only posts). */
const cardTitles = (page: Page) => page.locator("main article.card").locator("h2, h3").allTextContents();
/** Each card's whole text, which tells cards apart even when two text-only posts share a heading. */
const cardTexts = (page: Page) => page.locator("main article.card").allInnerTexts();

async function searchFromHeader(page: Page, term: string) {
  const search = page.getByRole("searchbox", { name: "Search connections" });
  await search.fill(term);
  await Promise.all([page.waitForURL(/\/search\?/), search.press("Enter")]);
  await page.getByRole("heading", { level: 1, name: `Results for “${term}”` }).waitFor();
}

describe.each(javaScriptModes)("browsing ($name)", ({ javaScriptEnabled }) => {
  it("searches from the header and lists the seeded matches", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/about`);
    await searchFromHeader(page, "Villeneuve");
    expect(new URL(page.url()).pathname).toBe("/search");
    const titles = await cardTitles(page);
    expect(titles).toEqual(expect.arrayContaining(["Dune & Dune", "Arrival & Story of Your Life"]));
    await expect(page.getByText(`${titles.length} connections found`).count()).resolves.toBe(1);
    expect(await page.title()).toBe("Search: Villeneuve | MovieBooks");
    expect(await brokenImages(page)).toEqual([]);

    await searchFromHeader(page, "Stephen King");
    expect(await cardTitles(page)).toEqual(expect.arrayContaining(["The Shining & The Shining", "Misery & Misery"]));

    await searchFromHeader(page, "no such thing anywhere");
    await page.getByText("No connections found matching your search.").waitFor();
    await context.close();
  });

  it("pages through a broad search", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await searchFromHeader(page, "adaptation");
    const status = await page.getByText(/\d+ connections found · page 1 of \d+/).textContent();
    const [, total, pages] = status!.match(/(\d+) connections found · page 1 of (\d+)/)!;
    expect(Number(total)).toBeGreaterThan(10);
    expect(Number(pages)).toBe(Math.ceil(Number(total) / 10));
    const firstPage = await cardTexts(page);
    expect(firstPage).toHaveLength(10);

    const pagination = page.getByRole("navigation", { name: "Pages" });
    await Promise.all([page.waitForURL(/page=2/), pagination.getByRole("link", { name: "Next →" }).click()]);
    await page.getByText(`${total} connections found · page 2 of ${pages}`).waitFor();
    const secondPage = await cardTexts(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("adaptation");
    await expect(pagination.locator('[aria-current="page"]').textContent()).resolves.toBe("2");
    expect(await brokenImages(page)).toEqual([]);

    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has("page")),
      pagination.getByRole("link", { name: "1", exact: true }).click(),
    ]);
    await page.getByText(`${total} connections found · page 1 of ${pages}`).waitFor();
    expect(await cardTexts(page)).toEqual(firstPage);
    await context.close();
  });

  it("follows the site's links in place with JavaScript, as the browser's own navigations without it", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    if (javaScriptEnabled) {
      await hydrated(page);
      // Survives only a navigation that keeps the document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    }
    const sameDocument = () =>
      javaScriptEnabled ? page.evaluate(() => "sameDocument" in window) : Promise.resolve(false);
    if (javaScriptEnabled) {
      // A link to where the reader already is replaces the history entry, as the browser does.
      const entries = await page.evaluate(() => history.length);
      await page.locator(".brand__name").first().click();
      await page.locator("main article.card").first().waitFor();
      expect(await page.evaluate(() => history.length)).toBe(entries);
    }
    const person = page.locator('main article.card .card__credits div:has(> dt:text-is("Directed by")) a').first();
    const href = (await person.getAttribute("href"))!;
    const name = (await person.textContent())!.trim();
    await Promise.all([page.waitForURL(`${suite.app.url}${href}`), person.click()]);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await sameDocument()).toBe(javaScriptEnabled);
    // The film shelf, drawn in the browser from the page's data when JavaScript navigated: the director's part.
    const films = page.getByRole("region", { name: "Films", exact: true });
    await films.locator(".shelf__meta", { hasText: "Director" }).first().waitFor();
    await expect(page.locator(".person__summary").textContent()).resolves.toMatch(/^\d+ films?( · \d+ books?)?$/);

    await Promise.all([page.waitForURL(`${suite.app.url}/`), page.goBack()]);
    await page.locator("main article.card").first().waitFor();
    expect(await sameDocument()).toBe(javaScriptEnabled);

    if (javaScriptEnabled) {
      // A modified click is the browser's: a new tab, and this one stays.
      const [opened] = await Promise.all([
        context.waitForEvent("page"),
        person.click({ modifiers: ["ControlOrMeta"] }),
      ]);
      await opened.waitForURL(`${suite.app.url}${href}`);
      expect(page.url()).toBe(`${suite.app.url}/`);
      expect(await sameDocument()).toBe(true);
    }
    await context.close();
  });

  it("goes from a person's shelf to all their films, and back to the person", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/people/oscar-isaac`);
    await expect(page.locator(".person__summary").textContent()).resolves.toBe("15 films");
    const shelf = page.getByRole("region", { name: "Films", exact: true });
    await expect(shelf.locator(".shelf__item").count()).resolves.toBe(12);
    if (javaScriptEnabled) {
      await hydrated(page);
      // Survives only a navigation that keeps the document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    }
    await Promise.all([
      page.waitForURL(`${suite.app.url}/people/oscar-isaac/films`),
      page.getByRole("link", { name: "All 15 films" }).click(),
    ]);
    await page.getByRole("heading", { level: 1, name: "Oscar Isaac's films" }).waitFor();
    await expect(page.evaluate(() => "sameDocument" in window)).resolves.toBe(javaScriptEnabled);
    await expect(page.locator(".person__summary").textContent()).resolves.toBe("15 films");
    await expect(page.locator(".shelf__item").count()).resolves.toBe(15);
    const parts = await page.locator(".shelf__meta").allTextContents();
    expect(parts[0]).toBe("2021 · Actor");
    expect(parts.at(-1)).toBe("1990 · Director");
    expect(await brokenImages(page)).toEqual([]);
    await Promise.all([
      page.waitForURL(`${suite.app.url}/people/oscar-isaac`),
      page.getByRole("link", { name: "← Oscar Isaac" }).click(),
    ]);
    await page.getByRole("heading", { level: 1, name: "Oscar Isaac" }).waitFor();
    await expect(page.evaluate(() => "sameDocument" in window)).resolves.toBe(javaScriptEnabled);
    await context.close();
  });

  it("goes from a result's poster to the movie page, and from there to a book page", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await searchFromHeader(page, "Dune");
    const card = page.locator("main article.card", { hasText: "Dune & Dune" });
    await Promise.all([
      page.waitForURL(/\/movies\/[0-9a-f]{24}$/),
      card.locator('a[href^="/movies/"]:has(img)').click(),
    ]);

    await page.getByRole("heading", { level: 1, name: "Dune (2021)" }).waitFor();
    expect(await page.title()).toBe("Dune (2021) | MovieBooks");
    await page.getByText("Directed by Denis Villeneuve").waitFor();
    const poster = page.getByRole("img", { name: "Poster for Dune" });
    expect(new URL((await poster.getAttribute("src"))!).pathname).toMatch(/^\/images\/posters\//);
    const connections = page.getByRole("region", { name: /Connections featuring this movie/ });
    expect(await connections.locator("article.card").count()).toBeGreaterThan(0);
    expect(await brokenImages(page)).toEqual([]);

    const bookLink = connections
      .locator("article.card", { hasText: "Dune & Dune" })
      .locator('a[href^="/books/"]:has(img)');
    await Promise.all([page.waitForURL(/\/books\/[0-9a-f]{24}$/), bookLink.click()]);
    await page.getByRole("heading", { level: 1, name: "Dune (1965)" }).waitFor();
    await page.getByText("by Frank Herbert").waitFor();
    expect(await page.getByRole("img", { name: "Cover of Dune" }).count()).toBe(1);
    const bookConnections = page.getByRole("region", { name: /Connections featuring this book/ });
    expect(await bookConnections.locator("article.card").count()).toBeGreaterThan(0);
    expect(await brokenImages(page)).toEqual([]);
    await context.close();
  });

  it("shows the spec's message for a movie or book that does not exist", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    const movie = await page.goto(`${suite.app.url}/movies/0123456789abcdef01234567`);
    expect(movie?.status()).toBe(404);
    await page.getByText("Movie with ID 0123456789abcdef01234567 not found.").waitFor();
    const book = await page.goto(`${suite.app.url}/books/oops`);
    expect(book?.status()).toBe(404);
    await page.getByText("Book with ID oops not found.").waitFor();
    await Promise.all([page.waitForURL(`${suite.app.url}/`), page.getByRole("link", { name: "Go back home" }).click()]);
    await context.close();
  });
});

describe("a broken image (JavaScript)", () => {
  // SPEC.md §2: broken images fall back to a stand-in. The page's first poster is fetched before the script, so
  // its error can come and go before React listens for it.
  it("shows the placeholder for a poster that failed before the page hydrated", async () => {
    const [arrival] = await suite.app.db
      .select({ id: connections.id, movieId: movies.id, posterKey: movies.posterKey })
      .from(connections)
      .innerJoin(movies, eq(movies.id, connections.movieId))
      .where(eq(movies.title, "Arrival"))
      .limit(1);
    if (!arrival?.posterKey) throw new Error("The seed's Arrival has no poster");
    await suite.app.db.update(movies).set({ posterKey: "posters/gone.png" }).where(eq(movies.id, arrival.movieId));
    const context = await newVisitor(suite.browser, { javaScriptEnabled: true });
    try {
      const page = await context.newPage();
      // A member's page is never an edge-cached one, so it shows the key as changed.
      await signIn(page, suite.app.url);
      const release = await openBeforeHydration(page, `${suite.app.url}/connections/${arrival.id}`);
      const poster = page.locator("main .card__poster img").first();
      await poster.evaluate((image: HTMLImageElement) =>
        image.complete ? undefined : new Promise((settled) => image.addEventListener("error", settled, { once: true })),
      );
      expect(await poster.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(0);
      await release();
      await expect
        .poll(() => poster.evaluate((image: HTMLImageElement) => [image.getAttribute("src"), image.naturalWidth > 0]))
        .toEqual(["/placeholder-poster.png", true]);
    } finally {
      await context.close();
      await suite.app.db.update(movies).set({ posterKey: arrival.posterKey }).where(eq(movies.id, arrival.movieId));
    }
  });
});

describe.each(javaScriptModes)("what a post and a search show ($name)", ({ javaScriptEnabled }) => {
  let textPost: string;
  beforeAll(async () => {
    const login = await api(suite.app, "POST", "/auth/login", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const body = new FormData();
    body.set("context", "A thought posted with a picture.");
    const picture = testPng("a text post's picture", { width: 640, height: 360 });
    body.set("screenshot", new File([picture as BlobPart], "picture.png", { type: "image/png" }));
    textPost = (await api(suite.app, "POST", "/connections", { token: login.body.token, body })).body._id;
  });

  it("shows a text-only post's picture after its text (decision 049)", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/connections/${textPost}`);
    if (javaScriptEnabled) await hydrated(page);
    const picture = page.getByRole("img", { name: "Picture shared by Demo Reader" });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const [text, image] = await Promise.all([
      page.getByText("A thought posted with a picture.").boundingBox(),
      picture.boundingBox(),
    ]);
    expect(image!.y).toBeGreaterThan(text!.y);
    await context.close();
  });

  it("says why a search term with a control character is refused, hydrated or not", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    const response = await page.goto(`${suite.app.url}/search?q=plen%00tiful`);
    expect(response?.status()).toBe(400);
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("alert").getByText("Search cannot contain control characters (such as NUL).").waitFor();
    expect(await page.getByText("Failed to fetch search results.").count()).toBe(0);
    await context.close();
  });
});
