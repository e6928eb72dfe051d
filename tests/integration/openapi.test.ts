import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";

/** JSON read by path: a missing step is undefined, and the assertion that reads it fails. */
interface JsonTree {
  [key: string]: JsonTree | undefined;
}

// API.md "For other clients and the open web": the OpenAPI document and its page for people.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("the API description", () => {
  it("serves OpenAPI 3.1 at /api/openapi.json with this origin as its server, cached", async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600, s-maxage=30, stale-while-revalidate=120");

    const document = (await response.json()) as JsonTree;
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers?.[0]?.url).toMatch(/\/api$/);
    expect(document.paths?.["/connections/{id}"]?.get?.summary).toBe("A connection");
    expect(
      document.paths?.["/auth/register"]?.post?.requestBody?.content?.["application/json"]?.schema?.properties,
    ).toHaveProperty("username");
  });

  it("renders /api/docs as a page with no script, listing every resource", async () => {
    const response = await fetch(`${app.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const page = await response.text();
    expect(page).not.toContain("<script");
    expect(page).toContain("<h1>MovieBooks API");
    for (const tag of ["Auth", "Connections", "Users", "Follows", "Blocks", "Moderation", "Notifications"]) {
      expect(page).toContain(`<h2>${tag}</h2>`);
    }
    expect(page).toContain("<code>/api/connections/{id}</code>");
    // Every answer names its shape, and the shapes are listed in one line each.
    expect(page).toMatch(/<li>200 Success: <code>Connection<\/code><\/li>/);
    expect(page).toContain('<dt id="shape-Connection">Connection</dt>');
    expect(page).toContain("<code>(MovieCandidate | BookCandidate)[]</code>");
  });
});
