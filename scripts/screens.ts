/**
 * The phone screenshots kept in docs/screens/ (issue 16): the feed, the create page and a connection's page, in
 * the light and the dark theme, at 390×844 on a touch screen, logged in as the demo member. Run it against a
 * running site with demo content to bring them up to date after a change:
 *   npm start            (another terminal)
 *   npm run screens      (SITE_URL=http://127.0.0.1:5173 by default)
 * Each is the first screen only, at 1× scale, so the files stay small.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/support/browser.ts";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./seed/demo-account.ts";

const base = process.env.SITE_URL ?? "http://127.0.0.1:5173";
const out = "docs/screens";
const THEMES = ["light", "dark"] as const;

/** The newest connection with a film and a book, as the feed lists it: the detail screenshot shows it. */
async function detailPath(page: Page): Promise<string> {
  await page.goto(`${base}/`);
  const href = await page.locator("main article.card .card__title a").first().getAttribute("href");
  if (!href) throw new Error("The feed has no connection with a film and a book: is the demo content there?");
  return href;
}

/** Lets lazy images load, then goes back to the top. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = "eager";
    await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
    window.scrollTo(0, 0);
  });
}

mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
for (const theme of THEMES) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
  });
  await context.addCookies([{ name: "theme", value: theme, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(DEMO_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/login"),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  // Loading the pages afresh leaves the login's flash message behind.
  const shots = { feed: "/", create: "/create", connection: await detailPath(page) };
  for (const [name, path] of Object.entries(shots)) {
    await page.goto(base + path);
    await settle(page);
    const file = `${out}/${name}-${theme}.png`;
    await page.screenshot({ path: file });
    console.log(`${path} (${theme}) -> ${file}`);
  }
  await context.close();
}
await browser.close();
