import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL } from "../../scripts/seed/demo-account.ts";
import { connections, users } from "../../worker/db/schema.ts";
import {
  DESKTOP,
  hydrated,
  javaScriptModes,
  newVisitor,
  openBeforeHydration,
  PHONE,
  seededBrowserSuite,
  signIn,
} from "../support/browser.ts";
import { smallTapTargets } from "../support/tap-targets.ts";

// Issue 16's phone finish (decision 035), at 390×844 on a touch screen and 1280×800, with and without JavaScript.

const suite = seededBrowserSuite();

let ownPost: string;
let otherPost: string;
let otherMember: string;
beforeAll(async () => {
  const [demo] = await suite.app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  const [own] = await suite.app.db.select().from(connections).where(eq(connections.userId, demo!.id)).limit(1);
  ownPost = own!.id;
  // A post with a film and a book and comments, by someone else.
  const other = (
    await suite.app.db.run(
      `select c.id, c.user_id from connections c where c.user_id <> '${demo!.id}' and c.owner_private = 0
         and c.movie_id is not null and c.book_id is not null
         and exists (select 1 from comments m where m.connection_id = c.id) limit 1`,
    )
  ).rows[0]!;
  otherPost = String(other.id);
  otherMember = String(other.user_id);
});

const SCREENS = [
  { name: "phone", options: PHONE },
  { name: "desktop", options: DESKTOP },
] as const;

async function visitor(javaScriptEnabled: boolean, options: object = PHONE) {
  return newVisitor(suite.browser, { javaScriptEnabled, ...options });
}

async function member(javaScriptEnabled: boolean, options: object = PHONE) {
  const context = await visitor(javaScriptEnabled, options);
  const page = await context.newPage();
  await signIn(page, suite.app.url);
  await page.close();
  return context;
}

/** Where each visible child of the card's action bar sits: one row means one top. */
const rowTops = (page: Page, card: string) =>
  page
    .locator(`${card} .card__actions > *`)
    .evaluateAll((items) =>
      items
        .filter((item) => item.getBoundingClientRect().height > 0)
        .map((item) => Math.round(item.getBoundingClientRect().top)),
    );

describe.each(javaScriptModes)("the phone finish ($name)", ({ javaScriptEnabled }) => {
  const ready = async (page: Page) => {
    if (javaScriptEnabled) await hydrated(page);
  };

  it("makes every control on the main pages at least 44×44 px on a touch screen", async () => {
    const pages = (context: BrowserContext, paths: string[]) =>
      Promise.all(
        paths.map(async (path) => {
          const page = await context.newPage();
          await page.goto(suite.app.url + path);
          await ready(page);
          expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
          const small = await smallTapTargets(page);
          await page.close();
          return [path, small] as const;
        }),
      );
    const visitors = await visitor(javaScriptEnabled);
    const seen = await pages(visitors, [
      "/",
      "/search?q=dune",
      `/connections/${otherPost}`,
      `/users/${otherMember}`,
      "/all-users",
      "/login",
      "/signup",
      "/about",
    ]);
    await visitors.close();
    const members = await member(javaScriptEnabled);
    seen.push(
      ...(await pages(members, [
        "/",
        "/create",
        `/connections/${ownPost}`,
        `/connections/${otherPost}`,
        "/users",
        "/notifications",
        "/settings",
        "/profile/edit",
      ])),
    );

    // What opens in place: the member's menu (the drawer) and a card's share menu.
    const page = await members.newPage();
    await page.goto(`${suite.app.url}/`);
    await ready(page);
    await page.locator(".sidebar-toggle").click();
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "+ Add New" }).waitFor();
    seen.push(["/ (menu open)", await smallTapTargets(page)]);
    await page.goto(`${suite.app.url}/connections/${otherPost}`);
    await ready(page);
    await page.locator("summary", { hasText: "Share" }).first().click();
    await page.getByRole("link", { name: "WhatsApp" }).waitFor();
    seen.push(["share menu open", await smallTapTargets(page)]);
    await members.close();

    expect(Object.fromEntries(seen.filter(([, small]) => small.length))).toEqual({});
  }, 240_000);

  it("keeps the share menu inside a 320 px screen, and closes it on Escape, outside and Close", async () => {
    const context = await member(javaScriptEnabled, { ...PHONE, viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await ready(page);
    const cards = await page.locator("main article.card").count();
    expect(cards).toBeGreaterThan(3);
    for (let index = 0; index < cards; index += 1) {
      const card = page.locator("main article.card").nth(index);
      const share = card.locator("summary", { hasText: "Share" });
      await share.scrollIntoViewIfNeeded();
      await share.click();
      const panel = card.locator(".share__panel");
      await panel.waitFor();
      const box = (await panel.boundingBox())!;
      expect(box.x, `card ${index}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `card ${index}`).toBeLessThanOrEqual(320);
      await share.click();
      await panel.waitFor({ state: "hidden" });
    }

    if (javaScriptEnabled) {
      const card = page.locator("main article.card").first();
      const share = card.locator("summary", { hasText: "Share" });
      const panel = card.locator(".share__panel");
      const shareHasFocus = () => share.evaluate((element) => element === document.activeElement);
      // The panel must answer Escape and a press outside from the moment it shows. Its toggle event comes a task
      // later, and a busy phone can take a key press first (a CI run once did): here it never comes.
      await page.evaluate(() => window.addEventListener("toggle", (event) => event.stopImmediatePropagation(), true));

      await share.click();
      await card.getByRole("textbox", { name: "Link to this connection" }).focus();
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
      expect(await shareHasFocus()).toBe(true);

      await share.click();
      await panel.waitFor();
      await page.getByRole("heading", { level: 1 }).click();
      await panel.waitFor({ state: "hidden" });

      await share.click();
      await card.getByRole("button", { name: "Close" }).click();
      await panel.waitFor({ state: "hidden" });
      expect(await shareHasFocus()).toBe(true);
    }
    await context.close();
  });

  it.runIf(javaScriptEnabled)("opens the system share sheet instead, where the browser has one", async () => {
    const context = await visitor(true);
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      navigator.share = async (data?: ShareData) => {
        shared.push(data ?? {});
      };
    });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/connections/${otherPost}`);
    await hydrated(page);
    const card = page.locator(`#card-${otherPost}`);
    await card.locator("summary", { hasText: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([
        expect.objectContaining({ url: `${suite.app.url}/connections/${otherPost}`, title: expect.any(String) }),
      ]);
    expect(await card.locator(".share__panel").isVisible()).toBe(false);
    await context.close();
  });

  it.each(SCREENS)("shows What's New as one line in the page's flow, covering nothing ($name)", async ({ options }) => {
    const context = await visitor(javaScriptEnabled, options);
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await ready(page);
    const bar = page.getByRole("region", { name: "What's New" });
    const line = await bar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const title = element.querySelector(".whats-new__title")!;
      return {
        height: box.height,
        bottom: box.bottom,
        position: getComputedStyle(element).position,
        titleLines: Math.round(
          title.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(title).lineHeight),
        ),
        mainTop: document.querySelector("main")!.getBoundingClientRect().top,
      };
    });
    expect(line.position).toBe("static");
    expect(line.titleLines).toBe(1);
    expect(line.height).toBeLessThanOrEqual(52);
    expect(line.mainTop).toBeGreaterThanOrEqual(line.bottom);
    // Scrolled to the end, nothing sits over the page's last lines (the footer is what the window ends with).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const atBottom = await page.evaluate(() => {
      const element = document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 4);
      return element?.closest(".whats-new, footer")?.tagName ?? element?.tagName;
    });
    expect(atBottom).toBe("FOOTER");
    await context.close();
  });

  it.each(SCREENS)("keeps a card's action bar one row, with its comments open too ($name)", async ({ options }) => {
    const context = await member(javaScriptEnabled, options);
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/connections/${otherPost}`);
    await ready(page);
    expect(new Set(await rowTops(page, `#card-${otherPost}`)).size).toBe(1);
    await page.goto(`${suite.app.url}/`);
    await ready(page);
    const card = page.locator("main article.card").filter({ has: page.getByRole("link", { name: /Discussion/ }) });
    const id = (await card.first().getAttribute("id"))!;
    expect(new Set(await rowTops(page, `#${id}`)).size).toBe(1);
    if (javaScriptEnabled) {
      await page
        .locator(`#${id}`)
        .getByRole("link", { name: /Discussion/ })
        .click();
      await page.locator(`#${id}`).getByRole("heading", { name: "Comments" }).waitFor();
      expect(new Set(await rowTops(page, `#${id}`)).size).toBe(1);
    }
    await context.close();
  });

  it.runIf(javaScriptEnabled).each(SCREENS)(
    "renders the same dates and text before and after hydration ($name)",
    async ({ options }) => {
      const context = await member(true, options);
      const page = await context.newPage();
      const hydrationErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
      });
      const read = () =>
        page.evaluate(() => ({
          dates: Array.from(document.querySelectorAll("main time"), (time) => time.textContent),
          // A date's tooltip: the reader's own locale and time zone, written when the reader points at the date
          // (a notification's relative time has none).
          titles: Array.from(document.querySelectorAll("main time:not(.notification__time)"), (time) => ({
            title: time.getAttribute("title"),
            readers: new Date(time.getAttribute("datetime")!).toLocaleString(undefined, {
              dateStyle: "long",
              timeStyle: "short",
            }),
          })),
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the reader sees change (a closed menu's script-only buttons are not part of it)
          text: document.querySelector("main")!.innerText,
        }));
      for (const path of ["/", `/connections/${otherPost}`, "/users", "/notifications"]) {
        // Away from any date, so nothing is pointed at until the test points.
        await page.mouse.move(0, 0);
        const release = await openBeforeHydration(page, suite.app.url + path);
        const before = await read();
        await release();
        // Give effects that would swap text (as the old dates did) their turn.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
        const after = await read();
        expect(before.dates.length, path).toBeGreaterThan(0);
        expect(after.dates, path).toEqual(before.dates);
        expect(after.text, path).toBe(before.text);
        // Hydrating formats nothing in the reader's time (a browser's first formatter is a long task); pointing
        // at a date does.
        expect(before.titles.map(({ title }) => title)).toEqual(before.titles.map(() => null));
        expect(after.titles.map(({ title }) => title)).toEqual(after.titles.map(() => null));
        const dates = page.locator("main time:not(.notification__time)");
        const visible = await dates.evaluateAll((times) => times.map((time) => time.checkVisibility()));
        expect(visible.length === 0 || visible.some(Boolean), path).toBe(true);
        // A touch shows no tooltip, so it makes none (and a tap on a card's date follows its link at once).
        const touched = await dates.evaluateAll((times) =>
          times.map((time) => {
            time.dispatchEvent(new PointerEvent("pointerover", { pointerType: "touch", bubbles: true }));
            return time.getAttribute("title");
          }),
        );
        expect(touched).toEqual(touched.map(() => null));
        for (const [index, shown] of visible.entries()) if (shown) await dates.nth(index).hover();
        const pointed = await read();
        expect(pointed.titles.map(({ title }, index) => (visible[index] ? title : null))).toEqual(
          pointed.titles.map(({ readers }, index) => (visible[index] ? readers : null)),
        );
      }
      expect(hydrationErrors).toEqual([]);
      await context.close();
    },
  );

  it("shows the unread badge in the phone header, and one menu toggle for visitors and members", async () => {
    const visible = (page: Page) =>
      page
        .locator(".menu-toggle, .sidebar-toggle")
        .evaluateAll((toggles) =>
          toggles.filter((toggle) => toggle.checkVisibility()).map((toggle) => toggle.textContent?.trim()),
        );
    const visitors = await visitor(javaScriptEnabled);
    const page = await visitors.newPage();
    await page.goto(`${suite.app.url}/`);
    await ready(page);
    expect(await visible(page)).toEqual(["Menu"]);
    await visitors.close();

    const members = await member(javaScriptEnabled);
    const home = await members.newPage();
    await home.goto(`${suite.app.url}/about`);
    await ready(home);
    expect(await visible(home)).toHaveLength(1);
    const header = home.getByRole("banner");
    const bell = header.getByRole("link", { name: /^Notifications\s*, \d+ unread$/ });
    expect(await bell.isVisible()).toBe(true);
    expect(await bell.locator(".nav-badge").isVisible()).toBe(true);
    expect(Number(await bell.locator(".nav-badge").textContent())).toBeGreaterThan(0);
    // The one toggle opens the drawer, which has the header's links.
    await home.locator(".sidebar-toggle").click();
    const drawer = home.getByRole("complementary", { name: "Sidebar" });
    await drawer.getByRole("link", { name: "+ Add New" }).waitFor();
    await expect(drawer.getByRole("link", { name: /^Notifications\s*, \d+ unread$/ }).isVisible()).resolves.toBe(true);
    await expect(drawer.getByRole("button", { name: "Logout" }).isVisible()).resolves.toBe(true);
    await Promise.all([home.waitForURL(/\/create$/), drawer.getByRole("link", { name: "+ Add New" }).click()]);
    await home.getByRole("heading", { name: "Add a connection", level: 1 }).waitFor();
    await members.close();
  });

  it("keeps the desktop header as it was: links inline, no bell", async () => {
    const context = await member(javaScriptEnabled, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/about`);
    await ready(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Feed", "+ Add New", "My Profile"]) {
      expect(await nav.getByRole("link", { name }).isVisible(), name).toBe(true);
    }
    expect(await page.locator(".header-bell").isVisible()).toBe(false);
    expect(await page.locator(".menu-toggle").count()).toBe(0);
    await context.close();
  });
});
