import { describe, expect, it } from "vitest";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite } from "../support/browser.ts";

const suite = seededBrowserSuite();

describe.each(javaScriptModes)("smoke ($name)", ({ javaScriptEnabled }) => {
  it("renders the visitor's home with seeded connections and working images", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    const response = await page.goto(`${suite.app.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe("MovieBooks");
    await page.getByRole("heading", { name: "Latest connections" }).waitFor();
    expect(await page.locator("main article.card").count()).toBe(10);
    // Lazy images load only near the viewport, and the feed is longer than a screen: made eager, every image
    // loads, and decode() settles once it has.
    const images = await page.evaluate(async () => {
      for (const image of Array.from(document.images)) image.loading = "eager";
      await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
      return Array.from(document.images, (image) => ({ src: image.src, width: image.naturalWidth }));
    });
    const fromR2 = images.filter((image) => new URL(image.src).pathname.startsWith("/images/posters/"));
    expect(fromR2.length).toBeGreaterThan(0);
    expect(images.filter((image) => image.width === 0)).toEqual([]);
    await context.close();
  });

  it("navigates from the footer to a static page and back home through the 404 page", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Help / FAQ" }).click();
    await page.getByRole("heading", { name: "Help / FAQ", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/help");
    await expect(page.getByRole("link", { name: "hello@moviebooks.app" }).count()).resolves.toBe(1);

    const missing = await page.goto(`${suite.app.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("link", { name: "Go back home" }).click();
    await page.getByRole("heading", { name: "Latest connections" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("ignores a blank search and submits a real one to /search", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/about`);
    if (javaScriptEnabled) await hydrated(page);
    // A search reaches the server as a page request without JavaScript and as a route data request with it.
    const blankSearches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/search") && !url.searchParams.get("q")?.trim()) blankSearches.push(url.href);
    });
    const search = page.getByRole("searchbox", { name: "Search connections" });
    await search.fill("   ");
    await search.press("Enter");
    expect(new URL(page.url()).pathname).toBe("/about");

    await search.fill("  dune ");
    await Promise.all([page.waitForURL(/\/search\?/), search.press("Enter")]);
    expect(blankSearches).toEqual([]);
    // Without JavaScript the browser submits the raw term and /search redirects it to the trimmed address; with
    // JavaScript it is trimmed first. Either way the address is SPEC.md §2's.
    await page.getByRole("heading", { level: 1, name: "Results for “dune”" }).waitFor();
    expect(new URL(page.url()).search).toBe("?q=dune");
    await context.close();
  });
});
