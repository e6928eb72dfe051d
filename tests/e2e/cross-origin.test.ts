import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { launchBrowser } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

// API.md "For other clients and the open web", issue 15's "Done when": a web client on another origin calls the
// API with a Bearer token when its origin is in CORS_ORIGINS, and the browser refuses it from any other origin.
// Three origins on 127.0.0.1 (the site and two clients, told apart by their ports). The clients are script by
// nature, so this runs with JavaScript only.

/** A web client's origin: a plain page served from its own port, from which the test calls the API. */
async function clientOrigin(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>Another MovieBooks client</title><p>A client on another origin.</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let app: TestApp;
let browser: Browser;
let allowed: Awaited<ReturnType<typeof clientOrigin>>;
let other: Awaited<ReturnType<typeof clientOrigin>>;
beforeAll(async () => {
  [allowed, other] = await Promise.all([clientOrigin(), clientOrigin()]);
  [app, browser] = await Promise.all([
    startTestApp({ vars: { CORS_ORIGINS: `https://app.example,${allowed.url}` } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  for (const client of [allowed, other]) await new Promise((resolve) => client?.server.close(resolve));
});

/** What a `fetch` from the page answered, or the error the browser raised instead. */
type Outcome = { status: number; body: unknown } | { error: string };

/** Calls the API from the page's origin, as a client's script would. */
function callApi(
  page: Page,
  request: { url: string; method: string; token: string; body?: unknown },
): Promise<Outcome> {
  return page.evaluate(async ({ url, method, token, body }) => {
    try {
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    } catch (error) {
      return { error: String(error) };
    }
  }, request);
}

async function pageOn(origin: string) {
  // A plain context: the suite's visitors send a CF-Connecting-IP header with every request, which would make
  // the browser ask the API to allow that header too.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/`);
  expect(new URL(page.url()).origin).toBe(origin);
  expect(origin).not.toBe(new URL(app.url).origin);
  return page;
}

describe("a web client on another origin", () => {
  it("calls the API with its Bearer token when its origin is allowed: reads, and writes after a preflight", async () => {
    const member = await registerUser(app);
    const page = await pageOn(allowed.url);

    const me = await callApi(page, { url: `${app.url}/api/users/me`, method: "GET", token: member.token });
    expect(me).toMatchObject({ status: 200, body: { _id: member._id, username: member.username } });

    // JSON and a PUT make the browser ask first (a preflight); the allowed origin passes it.
    const edited = await callApi(page, {
      url: `${app.url}/api/users/profile`,
      method: "PUT",
      token: member.token,
      body: { bio: "Written from another origin" },
    });
    expect(edited).toMatchObject({ status: 200, body: { bio: "Written from another origin" } });
    expect((await api(app, "GET", "/users/me", { token: member.token })).body.bio).toBe("Written from another origin");
    await page.context().close();
  });

  it("is refused by the browser from an origin not on the list, and its write never reaches the server", async () => {
    const member = await registerUser(app);
    const page = await pageOn(other.url);

    const me = await callApi(page, { url: `${app.url}/api/users/me`, method: "GET", token: member.token });
    expect(me).toEqual({ error: expect.stringContaining("Failed to fetch") });

    const edited = await callApi(page, {
      url: `${app.url}/api/users/profile`,
      method: "PUT",
      token: member.token,
      body: { bio: "Written from a stranger's page" },
    });
    expect(edited).toEqual({ error: expect.stringContaining("Failed to fetch") });
    // The preflight was refused, so the PUT itself was never sent.
    expect((await api(app, "GET", "/users/me", { token: member.token })).body.bio).toBe("");

    // The same call from the allowed origin, in the same browser, goes through: the origin is what decides.
    const allowedPage = await pageOn(allowed.url);
    const again = await callApi(allowedPage, { url: `${app.url}/api/users/me`, method: "GET", token: member.token });
    expect(again).toMatchObject({ status: 200, body: { _id: member._id } });
    await page.context().close();
    await allowedPage.context().close();
  });
});
