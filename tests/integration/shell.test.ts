import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_EMAIL } from "../../app/site.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("the Worker's three doors", () => {
  it("answers /api/health after a real database round trip", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404 naming the method and path", async () => {
    const response = await fetch(`${app.url}/api/no/such/thing`, { method: "DELETE" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not Found - DELETE /api/no/such/thing" });
  });

  it("streams images from R2 with their stored type, nosniff and long-lived caching", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    // A member's picture: basic info, everyone's for good (decision 028); other folders answer only for their rows.
    const key = "avatars/0123456789abcdef01234567.png";
    await app.bucket.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
    const response = await fetch(`${app.url}/images/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("answers a missing image with 404", async () => {
    const response = await fetch(`${app.url}/images/posters/missing.png`);
    expect(response.status).toBe(404);
  });

  it("serves the default images as static assets", async () => {
    for (const path of ["/images/default-avatar.png", "/placeholder-poster.png", "/placeholder-cover.png"]) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toBe("image/png");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("lets browsers keep the build's hashed scripts and styles for good, and the default images for a revalidation", async () => {
    const html = await (await fetch(`${app.url}/about`)).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(([, path]) => path);
    expect(assets.some((path) => path?.endsWith(".js"))).toBe(true);
    expect(assets.some((path) => path?.endsWith(".css"))).toBe(true);
    for (const path of assets) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    // Not hashed: the same name may get new bytes with a release.
    const placeholder = await fetch(`${app.url}/placeholder-poster.png`);
    expect(placeholder.headers.get("cache-control")).not.toContain("immutable");
  });

  it("answers a build file it does not have (a page from an earlier build asking) with a plain 404 nobody keeps", async () => {
    const response = await fetch(`${app.url}/assets/root-0ld8uild.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("Not found");
  });

  it("answers the same plain 404 to any other method there, a form post included", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await fetch(`${app.url}/assets/root-0ld8uild.js`, { method, body: new FormData() });
      expect(response.status, method).toBe(404);
      expect(response.headers.get("cache-control"), method).toBe("no-store");
      expect(await response.text(), method).toBe("Not found");
    }
  });

  it("hands form POSTs to React Router, not to a GET-only fallback", async () => {
    const unknown = await fetch(`${app.url}/no-such-page`, { method: "POST", body: new FormData() });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("text/html");
    expect(await unknown.text()).toContain("Page not found");
  });
});

describe("the page shell", () => {
  it.each(["/about", "/help", "/updates"])(
    "renders %s with the contact address, header and BETA footer",
    async (path) => {
      const response = await fetch(app.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`mailto:${CONTACT_EMAIL}`);
      expect(html).toContain('placeholder="Search connections..."');
      expect(html).toMatch(/<footer[^>]*>[\s\S]*BETA[\s\S]*<\/footer>/);
      expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/(about|help|updates)"/);
    },
  );

  it("shows visitors Feed, Login and Sign Up", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toMatch(/<nav aria-label="Main"[\s\S]*>Feed<[\s\S]*>Login<[\s\S]*>Sign Up</);
  });

  it("renders a 404 page with a link home for unknown paths", async () => {
    const response = await fetch(`${app.url}/this/does/not/exist`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Go back home<\/a>/);
  });

  it("sets titles, descriptions and social preview tags", async () => {
    const html = await (await fetch(`${app.url}/help`)).text();
    expect(html).toContain("<title>Help / FAQ | MovieBooks</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('<meta property="og:title" content="Help / FAQ | MovieBooks"/>');
    expect(html).toContain('<meta name="twitter:card"');
  });
});
