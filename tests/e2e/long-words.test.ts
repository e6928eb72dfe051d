import { beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_LIMITS, PROFILE_LIMITS } from "../../worker/core/rules/index.ts";
import { DESKTOP, javaScriptModes, newVisitor, PHONE, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

// Members type words no screen is wide enough for: a link pasted whole, a name without spaces, every field at its
// limit. Each breaks where it must; no page becomes wider than the window.

const suite = seededBrowserSuite();

const word = (letter: string, length: number) => letter.repeat(length);
const LINK = `https://en.wikipedia.org/wiki/Never_Let_Me_Go_(2010_film)#${word("x", 120)}`;
const NAME = word("N", PROFILE_LIMITS.displayName);
const PLACE = word("L", PROFILE_LIMITS.location);
const FILM = word("W", CONNECTION_LIMITS.title);
const BOOK = word("B", CONNECTION_LIMITS.title);
let member: Awaited<ReturnType<typeof registerUser>>;
let connection: { _id: string; movieRef: { _id: string }; bookRef: { _id: string } };

beforeAll(async () => {
  member = await registerUser(suite.app, { password: "long-words" });
  const profile = await api(suite.app, "PUT", "/users/profile", {
    token: member.token,
    body: { displayName: NAME, location: PLACE, bio: `See ${LINK}` },
  });
  expect(profile.status).toBe(200);
  const posted = await api(suite.app, "POST", "/connections", {
    token: member.token,
    body: {
      movieTitle: FILM,
      movieDirector: word("D", CONNECTION_LIMITS.name),
      bookTitle: BOOK,
      bookAuthor: word("A", CONNECTION_LIMITS.name),
      context: `Great read, see ${LINK} for details.`,
      tags: word("t", CONNECTION_LIMITS.listItem),
    },
  });
  expect(posted.status).toBe(201);
  connection = posted.body;
  const comment = await api(suite.app, "POST", `/connections/${connection._id}/comments`, {
    token: member.token,
    body: { text: `Source: ${LINK}` },
  });
  expect(comment.status).toBe(201);
});

/** Each page, and the long word it must show (the feed's third page is there for its row of page numbers). */
const pages = (): Array<[string, string | null]> => [
  ["/?feed=everyone", NAME],
  ["/?feed=everyone&page=3", null],
  [`/connections/${connection._id}`, LINK],
  [`/connections/${connection._id}/edit`, LINK],
  [`/users/${member._id}`, PLACE],
  [`/movies/${connection.movieRef._id}`, FILM],
  [`/books/${connection.bookRef._id}`, BOOK],
  [`/search?q=${FILM}`, FILM],
  ["/all-users", NAME],
];

describe.each(javaScriptModes)("words longer than the window ($name)", ({ javaScriptEnabled }) => {
  it.each([
    { name: "phone", options: PHONE },
    { name: "small phone", options: { ...PHONE, viewport: { width: 320, height: 640 } } },
    { name: "desktop", options: DESKTOP },
  ])("break inside the page, which stays as wide as the window ($name)", async ({ options }) => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled, ...options });
    const page = await context.newPage();
    await signIn(page, suite.app.url, { email: member.email, password: member.password });
    const seen: Record<string, { width: number; shown: boolean }> = {};
    for (const [path, shows] of pages()) {
      const response = await page.goto(suite.app.url + path);
      expect(response?.status(), path).toBe(200);
      seen[path] = await page.evaluate(
        (text) => ({
          width: document.documentElement.scrollWidth,
          shown: text === null || (document.querySelector("main")?.textContent ?? "").includes(text),
        }),
        shows,
      );
    }
    const wanted = { width: options.viewport.width, shown: true };
    expect(seen).toEqual(Object.fromEntries(pages().map(([path]) => [path, wanted])));
    await context.close();
  });
});
