import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { testPng } from "../support/images.ts";

const suite = seededBrowserSuite();

/** A size the placeholder poster does not have, so the card is seen showing the uploaded one. */
const POSTER_SIZE = { width: 40, height: 60 };
const posterFile = join(tmpdir(), `e2e-poster-${process.pid}.png`);
beforeAll(async () => {
  writeFileSync(posterFile, testPng("e2e poster", POSTER_SIZE));
});

async function memberPage(javaScriptEnabled: boolean): Promise<Page> {
  const context = await newVisitor(suite.browser, { javaScriptEnabled });
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await signIn(page, suite.app.url);
  return page;
}

describe.each(javaScriptModes)("connections ($name)", ({ name, javaScriptEnabled }) => {
  it("posts a connection with a poster, edits it and deletes it", async () => {
    const page = await memberPage(javaScriptEnabled);
    const movieTitle = `Browser Movie ${name}`;
    await page.getByRole("link", { name: "+ Add New" }).click();
    await page.getByRole("heading", { name: "Add a connection" }).waitFor();

    await page.getByLabel("Movie title").fill(movieTitle);
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Post connection" }).click()]);
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain("Please provide either BOTH Movie Title and Book Title");
    await expect(page.getByLabel("Movie title").inputValue()).resolves.toBe(movieTitle);

    await page.getByLabel("Book title").fill("Browser Book");
    await page.getByLabel("Context").fill("Posted from a real browser.");
    await page.getByLabel("Tags").fill("E2E, Browser");
    await page.getByLabel("Movie poster").setInputFiles(posterFile);
    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Post connection" }).click(),
    ]);
    await page.getByRole("heading", { name: `${movieTitle} & Browser Book` }).waitFor();
    const poster = page.locator(".card__poster img").first();
    // Shown from one of its WebP copies (decision 036). A copy is never wider than the upload, so the browser's
    // natural width is the upload's scaled by the srcset width it was listed under, and its shape is the upload's.
    await expect
      .poll(() =>
        poster.evaluate((image: HTMLImageElement) => ({
          copy: /\/images\/posters\/[0-9a-f]{24}\.png\/\d+\.webp$/.test(image.currentSrc),
          loaded: image.complete && image.naturalWidth > 0,
          shape: Math.round((image.naturalWidth / image.naturalHeight) * 100) / 100,
        })),
      )
      .toEqual({ copy: true, loaded: true, shape: Math.round((POSTER_SIZE.width / POSTER_SIZE.height) * 100) / 100 });

    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit connection" }).waitFor();
    await expect(page.getByLabel("Movie title").getAttribute("readonly")).resolves.not.toBeNull();
    await page.getByLabel("Context").fill("Edited in the browser.");
    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Save changes" }).click(),
    ]);
    await page.getByText("Edited in the browser.").waitFor();

    // With JavaScript: the browser's confirm dialog (accepted above). Without: the confirmation page.
    await page.getByRole("link", { name: "Delete" }).click();
    if (!javaScriptEnabled) {
      await page.getByText("Are you sure you want to delete this connection?").waitFor();
      await page.getByRole("button", { name: "Delete" }).click();
    }
    await page.waitForURL(`${suite.app.url}/`);
    await expect.poll(() => page.getByText(movieTitle).count()).toBe(0);
    await page.context().close();
  });

  it("filters the feed, follows a tag and pages through results", async () => {
    const page = await memberPage(javaScriptEnabled);
    await page.getByText("Filters").click();
    await page.getByLabel("Director").fill("  denis villeneuve ");
    await Promise.all([page.waitForURL(/director=/), page.getByRole("button", { name: "Apply" }).click()]);
    // With JavaScript the URL changes a moment before React renders the filtered cards, so wait for the cards.
    const villeneuveOnly = async () => {
      const titles = await page.locator(".card__title").allTextContents();
      return (
        titles.length > 0 && titles.every((title) => /Arrival|Dune|Blade Runner|Sicario|Enemy|Prisoners/.test(title))
      );
    };
    await expect.poll(villeneuveOnly).toBe(true);

    // Clear drops the filters and keeps the tab: the demo member follows others, so theirs is Following (decision 031).
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL(`${suite.app.url}/?feed=following`);
    await page.locator(".panel").filter({ hasText: "Popular Tags" }).getByRole("link").first().click();
    await page.waitForURL(/\?tags=/);
    await page.getByText("Showing connections tagged").waitFor();

    await page.goto(`${suite.app.url}/`);
    const firstPage = await page.locator(".card").first().textContent();
    await Promise.all([page.waitForURL(/page=2/), page.getByRole("link", { name: "Next →" }).click()]);
    await expect.poll(() => page.locator(".card").first().textContent()).not.toBe(firstPage);
    await page.context().close();
  });
});
