import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

const suite = seededBrowserSuite();

async function memberPage(javaScriptEnabled: boolean): Promise<Page> {
  const context = await newVisitor(suite.browser, { javaScriptEnabled });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.app.url });
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await signIn(page, suite.app.url);
  return page;
}

/** A fresh connection by another member, so each run starts from zero likes and comments. */
async function freshConnection(label: string) {
  const author = await registerUser(suite.app);
  const created = await api(suite.app, "POST", "/connections", {
    token: author.token,
    body: { movieTitle: `Reaction Movie ${label}`, bookTitle: `Reaction Book ${label}`, context: "React here." },
  });
  return created.body._id as string;
}

describe.each(javaScriptModes)("reactions ($name)", ({ name, javaScriptEnabled }) => {
  it("likes, unlikes and favorites a connection from its card", async () => {
    const page = await memberPage(javaScriptEnabled);
    const id = await freshConnection(`${name} likes`);
    await page.goto(`${suite.app.url}/connections/${id}`);
    const card = page.locator(`#card-${id}`);
    await card.getByRole("button", { name: /0 likes/ }).click();
    await expect.poll(() => card.getByRole("button", { name: /1 like/ }).getAttribute("aria-pressed")).toBe("true");
    await card.getByRole("button", { name: /1 like/ }).click();
    await expect.poll(() => card.getByRole("button", { name: /0 likes/ }).getAttribute("aria-pressed")).toBe("false");
    await card.getByRole("button", { name: "☆ Favorite" }).click();
    await card.getByRole("button", { name: "★ Favorited" }).waitFor();
    await page.context().close();
  });

  it("adds, edits and deletes a comment on the connection page", async () => {
    const page = await memberPage(javaScriptEnabled);
    const id = await freshConnection(`${name} comments`);
    await page.goto(`${suite.app.url}/connections/${id}#comments`);
    await page.getByText("No comments yet. Be the first!").waitFor();
    await page.getByLabel("Add a comment").fill("A browser comment");
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.locator(".comment__text", { hasText: "A browser comment" }).waitFor();

    await page.getByRole("link", { name: "Edit" }).last().click();
    await page.getByLabel("Edit your comment").fill("An edited comment");
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator(".comment__text", { hasText: "An edited comment" }).waitFor();

    await page.locator(".comment").getByRole("link", { name: "Delete" }).click();
    if (!javaScriptEnabled) {
      await page.getByText("Are you sure you want to delete this comment?").waitFor();
      await page.locator(".comment__confirm").getByRole("button", { name: "Delete" }).click();
    }
    await page.getByText("No comments yet. Be the first!").waitFor();
    await page.context().close();
  });

  it("shares a connection: copy with JavaScript, a selectable link without", async () => {
    const page = await memberPage(javaScriptEnabled);
    const id = await freshConnection(`${name} share`);
    await page.goto(`${suite.app.url}/connections/${id}`);
    const card = page.locator(`#card-${id}`);
    await card.locator("summary", { hasText: "Share" }).click();
    const field = card.getByRole("textbox", { name: "Link to this connection" });
    await expect(field.inputValue()).resolves.toBe(`${suite.app.url}/connections/${id}`);
    for (const network of ["X", "Facebook", "LinkedIn", "Reddit", "Pinterest", "WhatsApp"]) {
      const href = await card.getByRole("link", { name: network, exact: true }).getAttribute("href");
      expect(href, network).toContain(encodeURIComponent(`${suite.app.url}/connections/${id}`));
    }
    if (javaScriptEnabled) {
      await card.getByRole("button", { name: "Copy Link" }).click();
      await card.getByRole("button", { name: "Copied!" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.app.url}/connections/${id}`);
      await card.getByRole("button", { name: "Copy Link" }).waitFor({ timeout: 3000 });
      await card.getByRole("button", { name: "Close" }).click();
      await expect.poll(() => field.isVisible()).toBe(false);
    }
    await page.context().close();
  });
});

describe("a card's discussion", () => {
  /** A member's feed (hydrated, with JavaScript) with a fresh connection commented on once by someone else. */
  async function feedWithComment(label: string, comment: string, javaScriptEnabled = true) {
    const page = await memberPage(javaScriptEnabled);
    const id = await freshConnection(label);
    await api(suite.app, "POST", `/connections/${id}/comments`, {
      token: (await registerUser(suite.app)).token,
      body: { text: comment },
    });
    // Everyone's feed: the demo member follows others, so their home opens on Following (decision 031).
    await page.goto(`${suite.app.url}/?feed=everyone`);
    if (javaScriptEnabled) await hydrated(page);
    return { page, id };
  }

  it("is the connection's page without JavaScript", async () => {
    const { page, id } = await feedWithComment("card discussion, no script", "Read on its page", false);
    await page
      .locator(`#card-${id}`)
      .getByRole("link", { name: /Discussion \(1\)/ })
      .click();
    await page.waitForURL(`${suite.app.url}/connections/${id}#comments`);
    await page.locator("#comments").getByText("Read on its page").waitFor();
    await page.context().close();
  });

  it("loads on first open and puts a new comment at the top (JavaScript on)", async () => {
    const { page, id } = await feedWithComment("card discussion", "An older comment");
    const card = page.locator(`#card-${id}`);
    await card.getByRole("link", { name: /Discussion \(1\)/ }).click();
    await card.getByText("An older comment").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await card.getByLabel("Add a comment").fill("Newest from the card");
    await card.getByRole("button", { name: "Post comment" }).click();
    await expect.poll(() => card.locator(".comment__text").first().textContent()).toBe("Newest from the card");
    await expect.poll(() => card.getByRole("link", { name: /Discussion \(2\)/ }).count()).toBe(1);
    await page.context().close();
  });

  it("opens on the connection's page when the thread's code is gone after a deploy (JavaScript on)", async () => {
    const { page, id } = await feedWithComment("card discussion after a deploy", "Read on the connection's page");
    // A deployed version serves only its own build's files: a script the feed has not loaded yet, such as the
    // thread's code, answers 404. The connection's page would name the new build's, which exist; here both builds
    // are one, so only the feed's requests fail.
    await page.waitForLoadState("networkidle");
    const loaded = new Set(
      await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname)),
    );
    const gone: string[] = [];
    await page.route(/\/assets\/[^/]+\.js$/, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (new URL(page.url()).pathname !== "/" || loaded.has(path)) return route.continue();
      gone.push(path);
      return route.fulfill({ status: 404, body: "Not found" });
    });
    // The card's own handler asks for the comments; following the link would not.
    const commentsAsked = page.waitForRequest((request) => request.url().endsWith(`/connections/${id}/comments`));
    await page
      .locator(`#card-${id}`)
      .getByRole("link", { name: /Discussion \(1\)/ })
      .click();
    await commentsAsked;
    await page.waitForURL(`${suite.app.url}/connections/${id}#comments`);
    // The new page loads its scripts and hydrates, so an error screen would have had its chance to show.
    await hydrated(page);
    await page.getByText("Read on the connection's page").waitFor();
    expect(gone.length).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);
    await page.context().close();
  });
});

describe("a feed's cards, hydrated in turn (JavaScript on)", () => {
  /** A card counts as hydrated once its share menu has swapped in the Copy Link button only a script can use. */
  const hydratedCards = (page: Page) => page.locator("ol.card-list article.card:has(button.share__copy)").count();

  /** The member's feed with the page's timers held, so no card gets its turn until the test lets time run. */
  async function feedWithTimersHeld() {
    const page = await memberPage(true);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`${suite.app.url}/?feed=everyone`);
    await hydrated(page);
    await page.evaluate(() => {
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    return page;
  }

  it("hydrates the page first, then one card per turn, each after the one before has committed", async () => {
    const page = await feedWithTimersHeld();
    const cards = await page.locator("ol.card-list article.card").count();
    expect(cards).toBeGreaterThan(2);
    expect(await hydratedCards(page)).toBe(0);
    for (let turn = 1; turn <= 2; turn += 1) {
      await page.clock.runFor(1);
      await expect.poll(() => hydratedCards(page)).toBe(turn);
      // No timer is due until React has hydrated the card and run its effects, which queue the next turn.
      expect(await hydratedCards(page)).toBe(turn);
    }
    await page.clock.resume();
    await expect.poll(() => hydratedCards(page)).toBe(cards);
    await page.context().close();
  });

  it("keeps the server's HTML of every card, pictures that fail to load and all", async () => {
    const page = await memberPage(true);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // React puts a card it could not hydrate in place of the server's: count the server's cards taken out.
    await page.addInitScript(() => {
      const counted = window as Window & { cardsReplaced?: number };
      counted.cardsReplaced = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.matches("article.card") || node.querySelector("article.card"))) {
              counted.cardsReplaced = (counted.cardsReplaced ?? 0) + 1;
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.route("**/images/**", (route) => route.abort());
    await page.goto(`${suite.app.url}/?feed=everyone`);
    const cards = await page.locator("ol.card-list article.card").count();
    expect(cards).toBeGreaterThan(2);
    await expect.poll(() => hydratedCards(page)).toBe(cards);
    expect(await page.evaluate(() => (window as Window & { cardsReplaced?: number }).cardsReplaced)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("answers a press on a card that has not had its turn as a scripted page does", async () => {
    const page = await feedWithTimersHeld();
    const card = page.locator("ol.card-list article.card").last();
    const like = card.locator("button", { hasText: /likes?/ });
    const before = await like.getAttribute("aria-pressed");
    await like.click();
    // With the page's timers still held, only the press can have handed out the other cards' turns. React hydrates
    // them in tasks of its own after the press, so the count is polled.
    await expect.poll(() => hydratedCards(page)).toBe(await page.locator("ol.card-list article.card").count());
    // The fetcher's own timers run from here on.
    await page.clock.resume();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe(before === "true" ? "false" : "true");
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe(before);
    await page.context().close();
  });

  it("answers a click with no press before it (a screen reader's, a script's) on a card still waiting", async () => {
    const page = await feedWithTimersHeld();
    const like = page
      .locator("ol.card-list article.card")
      .last()
      .locator("button", { hasText: /likes?/ });
    const before = await like.getAttribute("aria-pressed");
    await like.evaluate((button) => (button as HTMLButtonElement).click());
    await page.clock.resume();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe(before === "true" ? "false" : "true");
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Back as it was; Playwright's click waits for the button, which is disabled while the first is sent.
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe(before);
    await page.context().close();
  });

  it("shows a later page's cards at once, without waiting for turns", async () => {
    const page = await memberPage(true);
    await page.goto(`${suite.app.url}/?feed=everyone`);
    await hydrated(page);
    await expect.poll(() => hydratedCards(page)).toBe(await page.locator("ol.card-list article.card").count());
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("link", { name: /next/i }).first().click();
    await page.locator('.pagination [aria-current="page"]', { hasText: "2" }).first().waitFor();
    const cards = await page.locator("ol.card-list article.card").count();
    expect(cards).toBeGreaterThan(0);
    await expect.poll(() => hydratedCards(page)).toBe(cards);
    await page.context().close();
  });
});
