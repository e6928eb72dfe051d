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

  it("describes the body of every route that reads one, files included", async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as JsonTree;
    // The writes that take nothing but their path: a toggle, a delete, an answer to a request.
    const bodiless = new Set([
      "POST /auth/logout",
      "PATCH /notifications/read-all",
      "PATCH /notifications/{id}/read",
      "DELETE /connections/{id}",
      "POST /connections/{id}/like",
      "POST /connections/{id}/favorite",
      "DELETE /connections/{id}/verdict",
      "DELETE /comments/{id}",
      "POST /follows/requests/{userId}/accept",
      "POST /follows/requests/{userId}/decline",
      "DELETE /follows/followers/{userId}",
      "POST /follows/{userId}",
      "DELETE /follows/{userId}",
      "POST /blocks/{userId}",
      "DELETE /blocks/{userId}",
    ]);
    const writes = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
      Object.entries(operations ?? {})
        .filter(([method]) => ["post", "put", "patch", "delete"].includes(method))
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, body: operation?.requestBody })),
    );
    expect(writes.filter(({ route, body }) => !body && !bodiless.has(route)).map(({ route }) => route)).toEqual([]);
    expect(writes.filter(({ route, body }) => body && bodiless.has(route)).map(({ route }) => route)).toEqual([]);

    const json = (route: JsonTree | undefined) => route?.requestBody?.content?.["application/json"]?.schema;
    const form = (route: JsonTree | undefined) => route?.requestBody?.content?.["multipart/form-data"]?.schema;
    expect(json(document.paths?.["/connections/{id}/verdict"]?.put)).toMatchObject({
      properties: { choice: { enum: ["book", "film", "tie"] } },
      required: ["choice"],
    });
    expect(json(document.paths?.["/connections/batch"]?.post)).toMatchObject({
      properties: { connectionIds: { type: "array", items: { type: "string" } } },
      required: ["connectionIds"],
    });
    const picture = form(document.paths?.["/users/profile/picture"]?.put);
    expect(picture).toMatchObject({ properties: { profilePicture: { type: "string", format: "binary" } } });
    expect(picture?.required).toEqual(["profilePicture"]);
    expect(json(document.paths?.["/users/profile/picture"]?.put)).toBeUndefined();
    // A post's form: its fields as JSON takes them, and its three images.
    const create = JSON.stringify(form(document.paths?.["/connections"]?.post));
    for (const field of ["movieTitle", "moviePoster", "bookCover", "screenshot"])
      expect(create).toContain(`"${field}"`);
    expect(JSON.stringify(form(document.paths?.["/connections/{id}"]?.put))).toContain('"screenshot"');
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
    expect(page).toContain("<li>multipart/form-data: <code>{ profilePicture: file }</code></li>");
    // A field that takes a string or a number (a post's title) reads as both.
    expect(page).toContain("movieTitle?: string | number,");
    expect(page).toContain("tags?: string | (string | number)[],");
  });
});
