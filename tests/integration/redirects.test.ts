import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postForm, registerUser } from "../support/http.ts";

let app: TestApp;
let member: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  app = await startTestApp();
  member = await registerUser(app);
});
afterAll(() => app?.close());

/**
 * Known open-redirect tricks: each is a `redirectTo` some parser, browser or proxy resolves off-site (or to a
 * script), spelled the ways filters that compare strings miss.
 */
const TRICKS = [
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example",
  " //evil.example",
  "\t//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "https:evil.example",
  "https:/evil.example",
  "https://evil.example",
  "HTTPS://evil.example/path",
  "http://evil.example",
  "//evil.example@127.0.0.1",
  "https://127.0.0.1@evil.example",
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "/%09/evil.example",
  "／／evil.example",
  "/\u3000/evil.example",
  "/\u0000/evil.example",
];

/** Where a redirect sends a browser: its Location resolved against the page that answered, as browsers do. */
function destination(response: Response): URL {
  const location = response.headers.get("location");
  expect(location).not.toBeNull();
  return new URL(location ?? "", `${app.url}/login`);
}

describe("redirect targets after login", () => {
  it.each(TRICKS)("never leave the site for %j", async (trick) => {
    const response = await postForm(app, "/login", {
      email: member.email,
      password: member.password,
      redirectTo: trick,
    });
    expect(response.status).toBe(302);
    const target = destination(response);
    expect(target.origin).toBe(new URL(app.url).origin);
    // What the browser is sent is the parsed path itself, so no later parser can read it differently.
    expect(response.headers.get("location")).toBe(`${target.pathname}${target.search}${target.hash}`);
    expect(target.pathname.startsWith("//")).toBe(false);
  });

  it.each([
    ["/connections/abc?page=2#comments", "/connections/abc?page=2#comments"],
    ["/users/123", "/users/123"],
    ["/search?q=dune%20messiah", "/search?q=dune%20messiah"],
    ["/", "/"],
  ])("keep a path on this site (%s)", async (redirectTo, expected) => {
    const response = await postForm(app, "/login", { email: member.email, password: member.password, redirectTo });
    expect(response.headers.get("location")).toBe(expected);
  });

  it("goes home when the target is missing or empty", async () => {
    for (const fields of [{}, { redirectTo: "" }] as Record<string, string>[]) {
      const response = await postForm(app, "/login", { email: member.email, password: member.password, ...fields });
      expect(response.headers.get("location")).toBe("/");
    }
  });
});

describe("redirect targets of other forms", () => {
  it("keep the dismissed banner's return on this site", async () => {
    for (const trick of TRICKS) {
      const response = await postForm(app, "/whats-new/dismiss", { redirectTo: trick });
      const target = destination(response);
      expect(target.origin, JSON.stringify(trick)).toBe(new URL(app.url).origin);
      expect(target.pathname.startsWith("//"), JSON.stringify(trick)).toBe(false);
    }
  });
});
