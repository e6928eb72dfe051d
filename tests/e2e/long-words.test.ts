import { beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_LIMITS, PROFILE_LIMITS } from "../../worker/core/rules/index.ts";
import { DESKTOP, javaScriptModes, newVisitor, PHONE, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

// Members type words no screen is wide enough for: a link pasted whole, a name without spaces, every field at its
// limit. Each breaks where it must; no page becomes wider than the window.

const suite = seededBrowserSuite();

const word = (letter: string, length: number) => letter.repeat(length);
const LINK = `https://en.wikipedia.org/wiki/Never_Let_Me_Go_(2010_film)#${word("x", 120)}`;
let member: Awaited<ReturnType<typeof registerUser>>;
let connection: { _id: string; movieRef: { _id: string }; bookRef: { _id: string } };

beforeAll(async () => {
  member = await registerUser(suite.app, { password: "long-words" });
  await api(suite.app, "PUT", "/users/profile", {
    token: member.token,
    body: {
      displayName: word("N", PROFILE_LIMITS.displayName),
      location: word("L", PROFILE_LIMITS.location),
      bio: `See ${LINK}`,
    },
  });
  const posted = await api(suite.app, "POST", "/connections", {
    token: member.token,
    body: {
      movieTitle: word("W", CONNECTION_LIMITS.title),
      movieDirector: word("D", CONNECTION_LIMITS.name),
      bookTitle: word("B", CONNECTION_LIMITS.title),
      bookAuthor: word("A", CONNECTION_LIMITS.name),
      context: `Great read, see ${LINK} for details.`,
      tags: word("t", CONNECTION_LIMITS.listItem),
    },
  });
  expect(posted.status).toBe(201);
  connection = posted.body;
  await api(suite.app, "POST", `/connections/${connection._id}/comments`, {
    token: member.token,
    body: { text: `Source: ${LINK}` },
  });
});

const pages = () => [
  "/?feed=everyone",
  `/connections/${connection._id}`,
  `/connections/${connection._id}/edit`,
  `/users/${member._id}`,
  `/movies/${connection.movieRef._id}`,
  `/books/${connection.bookRef._id}`,
  `/search?q=${word("W", CONNECTION_LIMITS.title)}`,
  "/all-users",
];

describe.each(javaScriptModes)("words longer than the window ($name)", ({ javaScriptEnabled }) => {
  it.each([
    { name: "phone", options: PHONE },
    { name: "desktop", options: DESKTOP },
  ])("break inside every page ($name)", async ({ options }) => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled, ...options });
    const page = await context.newPage();
    await signIn(page, suite.app.url, { email: member.email, password: member.password });
    const widths: Record<string, number> = {};
    for (const path of pages()) {
      const response = await page.goto(suite.app.url + path);
      expect(response?.status(), path).toBe(200);
      // The long text is on the page, so the width is measured with it.
      await page
        .getByText(/N{20}|W{20}/)
        .first()
        .waitFor({ state: "attached", timeout: 5000 });
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(widths).toEqual(Object.fromEntries(pages().map((path) => [path, options.viewport.width])));
    await context.close();
  });
});
