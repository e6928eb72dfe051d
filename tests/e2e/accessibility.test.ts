import { and, eq, ne } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, MODERATOR_EMAIL } from "../../scripts/seed/demo-account.ts";
import { connections, users } from "../../worker/db/schema.ts";
import { axeViolations } from "../support/axe.ts";
import { seededBrowserSuite, signIn } from "../support/browser.ts";
import { api } from "../support/http.ts";

const suite = seededBrowserSuite();

let visitorPages: string[];
let memberPages: string[];
beforeAll(async () => {
  const [demo] = await suite.app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  const [own] = await suite.app.db.select().from(connections).where(eq(connections.userId, demo!.id)).limit(1);
  const [other] = await suite.app.db.select().from(connections).limit(1);
  // Two other members: one to block (the demo member sees their blocked profile and settings lists them), one
  // whose profile offers Block and its confirmation page.
  const [blockable, blockedOne] = await suite.app.db
    .select()
    .from(users)
    .where(and(ne(users.id, demo!.id), eq(users.isPrivate, false)))
    .orderBy(users.username)
    .limit(2);
  const login = await api(suite.app, "POST", "/auth/login", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  await api(suite.app, "POST", `/blocks/${blockedOne!.id}`, { token: login.body.token });
  const [someoneElses] = await suite.app.db.select().from(connections).where(ne(connections.userId, demo!.id)).limit(1);
  const anyMovie = (await suite.app.db.run("select id from movies limit 1")).rows[0]?.id as string;
  const anyBook = (await suite.app.db.run("select id from books limit 1")).rows[0]?.id as string;
  visitorPages = [
    "/",
    "/about",
    "/help",
    "/updates",
    "/login",
    "/signup",
    "/forgot-password",
    "/reset-password?token=not-a-live-link",
    "/dev/outbox",
    "/account-deleted",
    "/all-users",
    "/search?q=dune",
    "/search",
    "/?tags=adaptation&page=2",
    `/users/${blockable!.id}`,
    `/users/${blockable!.id}/following`,
    `/movies/${anyMovie}`,
    `/books/${anyBook}`,
    "/people/denis-villeneuve",
    "/people/denis-villeneuve/films",
    "/people/nobody-at-all",
    `/connections/${other!.id}`,
    "/no/such/page",
  ];
  memberPages = [
    "/",
    "/?director=Denis%20Villeneuve",
    "/people/denis-villeneuve?page=1",
    "/create",
    "/notifications",
    "/users",
    `/users/${demo!.id}/followers`,
    "/follow-requests",
    "/profile/edit",
    "/settings",
    "/settings/delete",
    `/users/${blockable!.id}`,
    `/users/${blockable!.id}/block`,
    `/users/${blockedOne!.id}`,
    `/connections/${own!.id}`,
    `/connections/${own!.id}/edit`,
    `/connections/${own!.id}/delete`,
    `/report/connection/${someoneElses!.id}`,
    `/report/user/${someoneElses!.userId}`,
  ];
});

/** WCAG 2.1 A and AA rules of axe-core; the page must have no violations at all. */
async function audit(context: BrowserContext, path: string, rules?: string[]) {
  const page = await context.newPage();
  await page.goto(suite.app.url + path);
  const violations = await axeViolations(page, rules);
  await page.close();
  return violations;
}

/** Twenty-odd pages, each loaded and audited: more than the default minute on a busy machine. */
const PAGE_LOOP_TIMEOUT = 240_000;

/** A context in one theme, pinned by the theme cookie (decision 035) so contrast is checked in each. */
async function themedContext(theme: "light" | "dark", ip?: string) {
  // bypassCSP lets the test inject axe itself; the site's own CSP is tested in the integration suite.
  const context = await suite.browser.newContext({
    bypassCSP: true,
    ...(ip ? { extraHTTPHeaders: { "CF-Connecting-IP": ip } } : {}),
  });
  await context.addCookies([{ name: "theme", value: theme, url: suite.app.url }]);
  return context;
}

describe.each(["light", "dark"] as const)("accessibility in the %s theme (axe-core, WCAG 2.1 AA)", (theme) => {
  const ipSuffix = theme === "light" ? 1 : 11;
  // A theme changes colours and nothing else: the light pass asks every WCAG rule of every page, the dark one the
  // contrast rule of the main pages (issue 16): the feed, a connection, a profile, a work, search, create, settings.
  const rules = theme === "dark" ? ["color-contrast"] : undefined;
  const main = (path: string) =>
    ["/", "/about", "/login", "/search?q=dune", "/create", "/notifications", "/settings", "/profile/edit"].includes(
      path,
    ) || /^\/(users|movies|connections)\/[0-9a-f]{24}$/.test(path);
  const inPass = (paths: string[]) => (theme === "dark" ? paths.filter(main) : paths);

  it(
    "finds no violations on any page a visitor sees",
    async () => {
      const context = await themedContext(theme);
      const found: Record<string, string[]> = {};
      for (const path of inPass(visitorPages)) {
        const violations = await audit(context, path, rules);
        if (violations.length) found[path] = violations;
      }
      await context.close();
      expect(found).toEqual({});
    },
    PAGE_LOOP_TIMEOUT,
  );

  it(
    "finds no violations on any page a member sees",
    async () => {
      const context = await themedContext(theme, `172.31.0.${ipSuffix}`);
      const page = await context.newPage();
      await signIn(page, suite.app.url);
      await page.close();
      const found: Record<string, string[]> = {};
      for (const path of inPass(memberPages)) {
        const violations = await audit(context, path, rules);
        if (violations.length) found[path] = violations;
      }
      await context.close();
      expect(found).toEqual({});
    },
    PAGE_LOOP_TIMEOUT,
  );

  it("finds no violations on the moderators' pages", async () => {
    const context = await themedContext(theme, `172.31.0.${ipSuffix + 1}`);
    const page = await context.newPage();
    await signIn(page, suite.app.url, { email: MODERATOR_EMAIL, password: DEMO_PASSWORD });
    await page.close();
    const found: Record<string, string[]> = {};
    for (const path of ["/moderation", "/moderation?status=resolved", "/moderation/log"]) {
      const violations = await audit(context, path, rules);
      if (violations.length) found[path] = violations;
    }
    await context.close();
    expect(found).toEqual({});
  });

  it("finds no violations on the create page's question which film a title means", async () => {
    const login = await api(suite.app, "POST", "/auth/login", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const body = { movieTitle: "Little Women", movieYear: 1994, bookTitle: "Little Women", context: "1994." };
    const posted = await api(suite.app, "POST", "/connections", { token: login.body.token, body });
    expect(posted.status).toBe(201);
    const context = await themedContext(theme, `172.31.0.${ipSuffix + 2}`);
    const page = await context.newPage();
    await signIn(page, suite.app.url);
    await page.goto(`${suite.app.url}/create`);
    await page.getByLabel("Movie title").fill("Little Women");
    await page.getByLabel("Book title").fill("Little Women");
    await page.getByRole("button", { name: "Post connection" }).click();
    await page.getByRole("group", { name: "Which film is “Little Women”?" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
