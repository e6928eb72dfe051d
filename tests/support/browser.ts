import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { startTestApp, type TestApp } from "./app.ts";

/**
 * Debian's Chromium in its headless shell (`apt-get install -y chromium-headless-shell`): the same Blink as the
 * browser, without the browser around it, as Playwright itself runs headless tests. A browser file takes about half
 * the time it takes in the full browser (decision 041).
 */
const HEADLESS_CHROMIUM = "/usr/bin/chromium-headless-shell";

/** The flags the project runs Chromium with (tests, screenshots, the bench's Lighthouse): headless, no traffic of its own. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Headless Chromium with everything that would phone home switched off (the machine is offline). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(HEADLESS_CHROMIUM)) {
    throw new Error(
      `${HEADLESS_CHROMIUM} is missing: install it with "apt-get install -y chromium-headless-shell" (.ci/run does).`,
    );
  }
  return chromium.launch({
    executablePath: HEADLESS_CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

/** Every browser test runs twice: with JavaScript, and without it (every page must work with plain forms). */
export const javaScriptModes = [
  { name: "JavaScript on", javaScriptEnabled: true },
  { name: "JavaScript off", javaScriptEnabled: false },
] as const;

/** The phone of issue 16: a 390×844 touch screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
/** A desktop window. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

let contextCounter = 0;
/**
 * A browser context as one distinct visitor: its own cookies and its own client address (so tests, like real
 * people, do not share the login rate limit). Other context options (a phone's screen, a colour scheme) pass on.
 */
export function newVisitor(browser: Browser, options: { javaScriptEnabled: boolean } & BrowserContextOptions) {
  contextCounter += 1;
  return browser.newContext({
    ...options,
    extraHTTPHeaders: { "CF-Connecting-IP": `172.16.${(contextCounter >> 8) & 255}.${contextCounter & 255}` },
  });
}

/**
 * Opens `path` with the page's script held back, so the server's HTML can be read before React hydrates it;
 * `release` lets the script load. (JavaScript contexts only.)
 */
export async function openBeforeHydration(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  return async () => {
    release();
    await hydrated(page);
    await page.unroute(/\/assets\/entry\.client-[^/]*\.js$/);
  };
}

/**
 * One browser test file's setup: a seeded app (built Worker, local database, R2) and Chromium, started before
 * the file's tests and stopped after them. Its fields are set once the `beforeAll` it registers has run.
 */
export function seededBrowserSuite() {
  const suite = {} as { app: TestApp; browser: Browser };
  beforeAll(async () => {
    [suite.app, suite.browser] = await Promise.all([startTestApp({ seed: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}

/**
 * Waits until React has hydrated the page (the header's checkbox toggle, a visitor's menu or a member's sidebar,
 * has become a button). Until then a click is a plain browser click: a link navigates instead of opening
 * something in place.
 */
export async function hydrated(page: Page) {
  await page.locator("button.menu-toggle, button.sidebar-toggle").first().waitFor({ state: "attached" });
}

/** The layout's live region for flash messages (decision 034): what the last form action said. */
export const flashRegion = (page: Page) => page.locator('main p.flash__text[role="status"]');

/**
 * Logs in through the form (as the demo member unless told otherwise) and waits until the feed has rendered for a
 * member, not just until the URL changed: with JavaScript the URL changes a moment before React renders the page.
 * For the tests of logging in; other tests start with `signIn`.
 */
export async function logIn(page: Page, appUrl: string, member = { email: DEMO_EMAIL, password: DEMO_PASSWORD }) {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await Promise.all([page.waitForURL(`${appUrl}/`), page.getByRole("button", { name: "Log in" }).click()]);
  await page.getByRole("heading", { name: "Your feed", level: 1 }).waitFor();
}

/**
 * Logs in as a test's first step (as the demo member unless told otherwise): posts what the login form posts, from
 * the page's own origin, so the session cookie lands in the page's context, then opens the member's feed. A
 * second faster than filling the form (which `logIn` and the tests of logging in do), in most browser tests.
 */
export async function signIn(page: Page, appUrl: string, member = { email: DEMO_EMAIL, password: DEMO_PASSWORD }) {
  const response = await page.request.post(`${appUrl}/login`, {
    form: member,
    headers: { Origin: appUrl },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`Logging in as ${member.email} answered ${response.status()}`);
  await page.goto(`${appUrl}/`);
  await page.getByRole("heading", { name: "Your feed", level: 1 }).waitFor();
}
