import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, connections, followRequests, follows, likes, movies, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, nextClientAddress, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

/**
 * Property: whatever a client sends to any API route (random JSON, random multipart, random query strings,
 * random ids), the answer is a success or a 4xx with a `message`; never a 5xx, and a refused request writes
 * nothing.
 */
let app: TestApp;
let token: string;
let connectionId: string;
let userId: string;
/** An open report case about another member's connection, which the test's member (a moderator) may resolve. */
let caseId: string;
beforeAll(async () => {
  app = await startTestApp();
  const member = await registerModerator(app);
  token = member.token;
  userId = member._id;
  const other = await registerUser(app);
  const theirs = await api(app, "POST", "/connections", { token: other.token, body: { context: "Reported" } });
  const reported = { targetType: "connection", targetId: theirs.body._id, reason: "spam" };
  expect((await api(app, "POST", "/reports", { token, body: reported })).status).toBe(201);
  caseId = (await openCaseOf(app, theirs.body._id))!;
  const response = await fetch(`${app.url}/api/connections`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ context: "A target for the properties" }),
  });
  connectionId = ((await response.json()) as { _id: string })._id;
});
afterAll(() => app?.close());

const ROUTES: Array<[method: string, path: (id: string) => string]> = [
  ["POST", () => "/auth/register"],
  ["POST", () => "/auth/login"],
  ["POST", () => "/auth/forgot-password"],
  ["POST", () => "/auth/reset-password"],
  ["PUT", () => "/users/password"],
  ["GET", () => "/users/me/export"],
  ["DELETE", () => "/users/me"],
  ["GET", (id) => `/users/${id}`],
  ["GET", (id) => `/users/${id}/connections`],
  ["PUT", () => "/users/profile"],
  ["POST", (id) => `/follows/${id}`],
  ["DELETE", (id) => `/follows/${id}`],
  ["GET", (id) => `/follows/followers/${id}`],
  ["DELETE", (id) => `/follows/followers/${id}`],
  ["GET", (id) => `/follows/is-following/${id}`],
  ["GET", () => "/follows/requests"],
  ["POST", (id) => `/follows/requests/${id}/accept`],
  ["POST", (id) => `/follows/requests/${id}/decline`],
  ["GET", () => "/blocks"],
  ["POST", (id) => `/blocks/${id}`],
  ["DELETE", (id) => `/blocks/${id}`],
  ["GET", (id) => `/connections/${id}`],
  ["POST", () => "/connections"],
  ["PUT", (id) => `/connections/${id}`],
  ["DELETE", (id) => `/connections/${id}`],
  ["POST", (id) => `/connections/${id}/like`],
  ["POST", (id) => `/connections/${id}/favorite`],
  ["PUT", (id) => `/connections/${id}/verdict`],
  ["DELETE", (id) => `/connections/${id}/verdict`],
  ["POST", () => "/connections/batch"],
  ["GET", (id) => `/connections/${id}/comments`],
  ["POST", (id) => `/connections/${id}/comments`],
  ["PUT", (id) => `/comments/${id}`],
  ["DELETE", (id) => `/comments/${id}`],
  ["GET", (id) => `/movies/${id}`],
  ["GET", (id) => `/books/${id}/connections`],
  ["GET", (id) => `/people/${id}`],
  ["PATCH", (id) => `/notifications/${id}/read`],
  ["POST", () => "/reports"],
  ["GET", () => "/moderation/reports"],
  ["POST", (id) => `/moderation/reports/${id}/resolve`],
];

const ids = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.stringMatching(/^[0-9a-f]{24}$/),
    fc.constantFrom("", "null", "undefined", "../etc/passwd", "%00", "' OR 1=1 --", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"),
    fc.constant(connectionId),
    fc.constant(userId),
    fc.constant(caseId),
  );

async function tableCounts() {
  const tables = [users, connections, movies, comments, likes, follows, followRequests] as const;
  return Promise.all(tables.map(async (table) => (await app.db.select({ n: count() }).from(table))[0]!.n));
}

async function send(method: string, path: string, body: BodyInit | undefined, headers: Record<string, string>) {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { "CF-Connecting-IP": nextClientAddress(), Authorization: `Bearer ${token}`, ...headers },
    body: method === "GET" ? undefined : body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

function expectClientSafe(result: { status: number; text: string }, label: string) {
  expect(result.status, `${label}: ${result.text.slice(0, 200)}`).toBeLessThan(500);
  if (result.status >= 400) {
    const parsed = JSON.parse(result.text) as { message?: unknown };
    expect(typeof parsed.message, label).toBe("string");
  }
}

describe("API robustness properties", () => {
  it("answers random JSON bodies and ids with a success or a 4xx with a message", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        ids(),
        fc.jsonValue({ maxDepth: 3 }),
        async ([method, path], id, body) => {
          const result = await send(method, path(encodeURIComponent(id)), JSON.stringify(body), {
            "Content-Type": "application/json",
          });
          expectClientSafe(result, `${method} ${path(id)}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answers malformed bodies and lying content types the same way", async () => {
    const bodies = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        "{",
        "[1,",
        '{"a":}',
        "\u0000\u0001",
        '--boundary\r\nContent-Disposition: form-data; name="x"\r\n\r\n',
      ),
    );
    const types = fc.constantFrom(
      "application/json",
      "multipart/form-data; boundary=boundary",
      "multipart/form-data",
      "application/x-www-form-urlencoded",
      "text/plain",
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), ids(), bodies, types, async ([method, path], id, body, type) => {
        const result = await send(method, path(encodeURIComponent(id)), body, { "Content-Type": type });
        expectClientSafe(result, `${method} ${path(id)} as ${type}`);
      }),
      { numRuns: 150 },
    );
  });

  it("answers random multipart posts without writing anything when they are refused", async () => {
    const field = fc.record({
      name: fc.constantFrom(
        "movieTitle",
        "bookTitle",
        "context",
        "tags",
        "movieYear",
        "bookAuthor",
        "movieGenres",
        "movieTmdbId",
        "movieImdbId",
        "movieWikidataId",
        "bookOpenLibraryId",
        "bookWikidataId",
        "bookIsbn",
        "screenshot",
        "moviePoster",
        "junk",
      ),
      value: fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.uint8Array({ maxLength: 64 }),
        // Well-formed external ids and ISBNs, so posts that match on them are in the mix too.
        fc.constantFrom("603", "tt0133093", "Q42", "OL45804W", "0-441-56959-5", "9780441013593"),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 8 }), async (fields) => {
        const form = new FormData();
        for (const { name, value } of fields) {
          form.append(
            name,
            typeof value === "string" ? value : new File([value as BlobPart], `${name}.png`, { type: "image/png" }),
          );
        }
        const before = await tableCounts();
        const result = await send("POST", "/connections", form, {});
        expectClientSafe(result, "POST /connections multipart");
        if (result.status >= 400) expect(await tableCounts()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  it("answers random query strings on list routes", async () => {
    const query = fc.dictionary(
      fc.constantFrom(
        "pageNumber",
        "page",
        "q",
        "movieGenre",
        "director",
        "actor",
        "bookGenre",
        "author",
        "tags",
        "kind",
      ),
      fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom("-1", "0", "1e9", "NaN", "%", "_", '"', "(", "*")),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/connections", "/connections/search"), query, async (path, params) => {
        const result = await send("GET", `${path}?${new URLSearchParams(params)}`, undefined, {});
        expectClientSafe(result, `GET ${path}`);
        expect(result.status).toBe(200);
      }),
      { numRuns: 100 },
    );
  });
});
