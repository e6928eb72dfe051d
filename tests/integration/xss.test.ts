import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

/**
 * Text members write is shown to others. Every field is posted with payloads that would run script if
 * rendered as markup, including one that tries to close the <script> holding the serialized page data; every
 * page that shows them must render them as text.
 */
const PAYLOADS = [
  "<script>alert('xss')</script>",
  '"><img src=x onerror=alert(1)>',
  "</script><script>alert(2)</script>",
  "javascript:alert(3)",
  "<svg/onload=alert(4)>",
];
const payload = PAYLOADS.join(" ");
const DANGEROUS = [
  /<script>alert/i,
  /<img src=x onerror/i,
  /<\/script><script>alert/i,
  /<svg\/onload/i,
  /href="javascript:/i,
];

let app: TestApp;
let paths: string[];
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  const author = await registerUser(app);
  cookie = cookieFrom(await postForm(app, "/login", { email: author.email, password: author.password }));
  await api(app, "PUT", "/users/profile", {
    token: author.token,
    body: { displayName: payload.slice(0, 50), bio: payload.slice(0, 250), location: payload.slice(0, 100) },
  });
  const created = await api(app, "POST", "/connections", {
    token: author.token,
    body: {
      movieTitle: `Movie ${PAYLOADS[1]}`,
      bookTitle: `Book ${PAYLOADS[0]}`,
      context: payload,
      tags: PAYLOADS.join(","),
      movieDirector: PAYLOADS[2],
      movieActors: PAYLOADS.slice(0, 3).join(","),
      movieGenres: PAYLOADS[4],
      bookAuthor: PAYLOADS[3],
      bookGenres: PAYLOADS[1],
      movieSynopsis: payload,
      bookSynopsis: payload,
    },
  });
  expect(created.status).toBe(201);
  await api(app, "POST", `/connections/${created.body._id}/comments`, { token: author.token, body: { text: payload } });
  paths = [
    "/",
    `/connections/${created.body._id}`,
    `/connections/${created.body._id}/edit`,
    `/movies/${created.body.movieRef._id}`,
    `/books/${created.body.bookRef._id}`,
    `/search?q=${encodeURIComponent("alert")}`,
    `/users/${author._id}`,
    "/profile/edit",
    `/?tags=${encodeURIComponent(PAYLOADS[0]!)}`,
  ];
});
afterAll(() => app?.close());

describe("stored and reflected text is rendered inert", () => {
  it("on every page that shows it, for visitors and members", async () => {
    for (const path of paths) {
      for (const headers of [{}, { Cookie: cookie }] as Array<Record<string, string>>) {
        const response = await fetch(app.url + path, { headers, redirect: "manual" });
        if (response.status === 302) continue; // member-only page for the visitor
        const html = await response.text();
        expect(response.status, path).toBeLessThan(500);
        for (const pattern of DANGEROUS) expect(html, `${path} ${pattern}`).not.toMatch(pattern);
      }
    }
  });

  it("shows the payload as text where it belongs", async () => {
    const html = await (await fetch(`${app.url}${paths[1]}`)).text();
    expect(html).toContain("&lt;script&gt;alert(&#x27;xss&#x27;)&lt;/script&gt;");
  });

  it("and the CSP would block inline script even if some slipped through", async () => {
    const csp = (await fetch(`${app.url}${paths[1]}`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
  });
});
