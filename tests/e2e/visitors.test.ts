import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

const suite = seededBrowserSuite();

/** A visitor's page that records every request for the login page it makes. */
async function visitorPage(javaScriptEnabled: boolean) {
  const page = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
  const loginRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/login")) loginRequests.push(request.url());
  });
  return { page, loginRequests };
}

/** Clicks a link and waits for the page it leads to (with JavaScript the URL changes before the page renders). */
async function follow(page: Page, link: Locator, url: RegExp) {
  await Promise.all([page.waitForURL(url), link.click()]);
}

/** Where the page is, as a path with its query and fragment. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

/** Whether the element with this id is (at least partly) on screen. */
const onScreen = (page: Page, id: string) =>
  page.evaluate((target) => {
    const box = document.getElementById(target)?.getBoundingClientRect();
    return Boolean(box && box.bottom > 0 && box.top < window.innerHeight);
  }, id);

describe.each(javaScriptModes)("visitors ($name)", ({ javaScriptEnabled }) => {
  it("browse from / through a tag, a page 2, a person's page and a member's profile and lists without meeting a login page", async () => {
    const { page, loginRequests } = await visitorPage(javaScriptEnabled);
    await page.goto(`${suite.app.url}/`);
    await page.getByRole("heading", { name: "Where movies and books meet.", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Latest connections", level: 2 }).waitFor();
    if (javaScriptEnabled) await hydrated(page);

    await follow(
      page,
      page.getByRole("complementary").getByRole("link", { name: /^#adaptation/ }),
      /\?tags=adaptation$/,
    );
    await page.getByText("Showing connections tagged #adaptation").waitFor();
    await follow(page, page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" }), /page=2/);
    expect(here(page)).toBe("/?tags=adaptation&page=2");
    // Page 2 itself has rendered (with JavaScript the URL changes first), not page 1's cards still on screen.
    await page.getByRole("navigation", { name: "Pages" }).locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    await page.getByText("Showing connections tagged #adaptation").waitFor();
    expect(await page.locator("main article.card").count()).toBeGreaterThan(0);

    // A director's or author's name on a card leads to their page, with the connections featuring them.
    const person = page.locator('main article.card a[href^="/people/"]').first();
    const personName = (await person.textContent())!;
    await follow(page, person, /\/people\/[^/?#]+$/);
    await page.getByRole("heading", { name: personName, level: 1 }).waitFor();
    const featuring = page.getByRole("region", { name: `Connections featuring ${personName}` });
    await featuring.locator("article.card").first().waitFor();

    const byline = featuring.locator("article.card .card__byline a").first();
    const name = (await byline.textContent())!;
    await follow(page, byline, /\/users\/[0-9a-f]{24}$/);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByRole("heading", { name: `Connections by ${name}` }).waitFor();
    await follow(page, page.getByRole("link", { name: /following$/ }), /\/following$/);
    await page.getByRole("heading", { name: `People ${name} follows`, level: 1 }).waitFor();

    // The private member: basic info for everyone, their connections for followers only.
    const privateMember = await suite.app.db.run("select id, username from users where is_private = 1 limit 1");
    await page.goto(`${suite.app.url}/users/${privateMember.rows[0]!.id}`);
    await page.getByText(`@${privateMember.rows[0]!.username}`).waitFor();
    await page.getByText("User not found or profile is private.").waitFor();
    expect(await page.locator("main article.card").count()).toBe(0);
    expect(loginRequests).toEqual([]);
    await page.context().close();
  });

  it.each([
    {
      action: "a like",
      start: async () => "/?tags=adaptation&page=2",
      control: (page: Page) =>
        page
          .locator("main article.card")
          .nth(3)
          .getByRole("link", { name: /likes? \(log in to like this\)/ }),
      target: (page: Page) => page.locator("main article.card").nth(3).getAttribute("id"),
      memberControl: (page: Page, id: string) => page.locator(`#${id}`).getByRole("button", { name: /likes?/ }),
    },
    {
      action: "a favorite",
      start: async () => "/?tags=adaptation",
      control: (page: Page) =>
        page
          .locator("main article.card")
          .nth(6)
          .getByRole("link", { name: /Favorite/ }),
      target: (page: Page) => page.locator("main article.card").nth(6).getAttribute("id"),
      memberControl: (page: Page, id: string) => page.locator(`#${id}`).getByRole("button", { name: /Favorite/ }),
    },
    {
      action: "a report",
      start: async () => `/connections/${await freshConnection()}`,
      control: (page: Page) => page.locator("main article.card").getByRole("link", { name: "Report this connection" }),
      target: (page: Page) => page.locator("main article.card").getAttribute("id"),
      memberControl: (page: Page, id: string) =>
        page
          .locator(`#${id}`)
          .getByRole("link", { name: "Report this connection" })
          .and(page.locator('[href^="/report/"]')),
    },
    {
      action: "a comment",
      start: async () => `/connections/${await freshConnection()}`,
      control: (page: Page) => page.locator("#comments").getByRole("link", { name: "Log in" }),
      target: async () => "comments",
      memberControl: (page: Page) => page.getByLabel("Add a comment"),
    },
    {
      action: "a vote",
      start: async () => `/connections/${await freshConnection("adaptation")}`,
      control: (page: Page) => page.getByRole("link", { name: "Log in to vote" }),
      target: async (page: Page) => page.locator("main article.card").first().getAttribute("id"),
      memberControl: (page: Page, id: string) =>
        page.locator(`#${id}`).getByRole("button", { name: "Book", exact: true }),
    },
    {
      action: "a follow",
      start: async () => `/users/${(await registerUser(suite.app))._id}`,
      control: (page: Page) => page.locator("#profile").getByRole("link", { name: "Follow", exact: true }),
      target: async () => "profile",
      memberControl: (page: Page) => page.locator("#profile").getByRole("button", { name: "Follow", exact: true }),
    },
    {
      action: "a block",
      start: async () => `/users/${(await registerUser(suite.app))._id}`,
      control: (page: Page) => page.locator("#profile").getByRole("link", { name: "Block" }),
      target: async () => "profile",
      memberControl: (page: Page) => page.locator("#profile").locator('a[href$="/block"]'),
    },
  ])("take $action to log in and back to the same place", async ({ start, control, target, memberControl }) => {
    const { page } = await visitorPage(javaScriptEnabled);
    const path = await start();
    await page.goto(suite.app.url + path);
    if (javaScriptEnabled) await hydrated(page);
    const anchor = (await target(page))!;
    await follow(page, control(page), /\/login\?redirectTo=/);
    // From the home, the way back names the Everyone tab the visitor saw: a member's home may open on Following.
    const back = path.startsWith("/?") ? `${path}&feed=everyone` : path;
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`${back}#${anchor}`);
    await page.getByLabel("Email").fill(DEMO_EMAIL);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.hash === `#${anchor}`),
      page.getByRole("button", { name: "Log in" }).click(),
    ]);
    expect(here(page)).toBe(`${back}#${anchor}`);
    await memberControl(page, anchor).waitFor();
    await expect.poll(() => onScreen(page, anchor)).toBe(true);
    await page.context().close();
  });
});

/** A fresh connection by a new public member; an adaptation has "Book or film?" with its tally. */
async function freshConnection(kind: "other" | "adaptation" = "other") {
  const author = await registerUser(suite.app);
  const created = await api(suite.app, "POST", "/connections", {
    token: author.token,
    body: { movieTitle: `Visitor ${kind} Film`, bookTitle: `Visitor ${kind} Book`, context: "Come in.", kind },
  });
  return created.body._id as string;
}
