import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVE_FAILED } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { registerModerator } from "../support/moderation.ts";

// A page action is sent a form by a browser. Anything else (a script's JSON, a text/plain form, a cut multipart, no
// body at all, a PUT) is the sender's mistake: a 400 with the API's message, never a 500, and nothing written.
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let ownerCookie: string;
let moderatorCookie: string;
let moderatorToken: string;
let connectionId: string;

const login = async (member: { email: string; password: string }) =>
  cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));

beforeAll(async () => {
  app = await startTestApp();
  const moderator = await registerModerator(app);
  [owner, other] = await Promise.all([registerUser(app), registerUser(app)]);
  [ownerCookie, moderatorCookie] = await Promise.all([login(owner), login(moderator)]);
  moderatorToken = moderator.token;
  connectionId = (await api(app, "POST", "/connections", { token: owner.token, body: { context: "Sent as a form" } }))
    .body._id;
});
afterAll(() => app?.close());

const CUT_MULTIPART = {
  body: '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nHel',
  type: "multipart/form-data; boundary=x",
};
const BODIES: Array<[string, { body?: string; type?: string }]> = [
  ["no body", {}],
  ["JSON", { body: '{"intent":"comment","text":"Hello"}', type: "application/json" }],
  ["a text/plain form", { body: "intent=comment\r\ntext=Hello", type: "text/plain" }],
  ["a cut multipart", CUT_MULTIPART],
];

function send(path: string, who: string, sent: { body?: string; type?: string }, method = "POST") {
  const headers: Record<string, string> = { Origin: app.url, "CF-Connecting-IP": nextClientAddress() };
  if (who) headers.Cookie = who;
  if (sent.type) headers["Content-Type"] = sent.type;
  return fetch(app.url + path, { method, headers, body: sent.body, redirect: "manual" });
}

describe("a page action sent something other than a form", () => {
  const memberPaths = () => [
    `/connections/${connectionId}`,
    `/connections/${connectionId}/like`,
    `/connections/${connectionId}/favorite`,
    `/connections/${connectionId}/verdict`,
    `/connections/${connectionId}/edit`,
    `/connections/${connectionId}/delete`,
    `/users/${other._id}/follow`,
    `/users/${other._id}/block`,
    `/users/${owner._id}/followers`,
    `/report/user/${other._id}`,
    "/notifications",
    "/follow-requests",
    "/profile/edit",
    "/settings",
    "/settings/delete",
    "/settings/blocked",
    "/theme",
    "/whats-new/dismiss",
  ];
  const visitorPaths = ["/login", "/signup", "/forgot-password", "/reset-password"];

  it.each(BODIES)("answers %s with a 400 on every action, a member's and a visitor's", async (_, sent) => {
    const asked = [
      ...memberPaths().map((path) => ({ path, who: ownerCookie })),
      ...visitorPaths.map((path) => ({ path, who: "" })),
      { path: "/moderation", who: moderatorCookie },
    ];
    const answers = await Promise.all(
      asked.map(async ({ path, who }) => {
        const response = await send(path, who, sent);
        // A page shows the message on its error page; a route without a page (a like, the theme) answers it as JSON.
        const text = await response.text();
        return {
          path,
          status: response.status,
          told: /<p>Invalid form data\.<\/p>/.test(text) || text === '{"message":"Invalid form data."}',
        };
      }),
    );
    expect(answers).toEqual(asked.map(({ path }) => ({ path, status: 400, told: true })));
  });

  it("answers a PUT, a PATCH or a DELETE with a 405, even with a form that a POST would take", async () => {
    const comment = { body: "intent=add-comment&text=Only+by+POST", type: "application/x-www-form-urlencoded" };
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await send(`/connections/${connectionId}`, ownerCookie, comment, method);
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET, HEAD, POST");
    }
    // A page without forms takes no POST either, and says so.
    const about = await send("/about", ownerCookie, comment);
    expect(about.status).toBe(405);
    expect(about.headers.get("Allow")).toBe("GET, HEAD");
    const sent = await send(`/connections/${connectionId}`, ownerCookie, comment);
    expect(sent.status).toBe(302);
    const { body } = await api(app, "GET", `/connections/${connectionId}/comments`);
    expect(body.map((posted: { text: string }) => posted.text)).toEqual(["Only by POST"]);
  });

  it("brings the create page back with its message rather than an error page", async () => {
    const response = await send("/create", ownerCookie, CUT_MULTIPART);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(SAVE_FAILED.create);
    expect(page).toContain('name="movieTitle"');
  });

  it("is answered as the API answers a cut multipart", async () => {
    const response = await api(app, "POST", "/connections", {
      token: owner.token,
      body: CUT_MULTIPART.body,
      headers: { "Content-Type": CUT_MULTIPART.type },
    });
    expect(response).toMatchObject({ status: 400, body: { message: "Invalid form data." } });
  });

  it("writes nothing", async () => {
    const { body } = await api(app, "GET", `/connections/${connectionId}`, { token: owner.token });
    expect(body).toMatchObject({ context: "Sent as a form", likes: [], commentCount: 1 });
    expect((await api(app, "GET", "/users/me", { token: owner.token })).body.favorites).toEqual([]);
    const follows = await api(app, "GET", `/follows/is-following/${other._id}`, { token: owner.token });
    expect(follows.body).toMatchObject({ isFollowing: false, requested: false });
  });
});

describe("a JSON route of the API sent JSON that is not an object", () => {
  it("answers 400 'Request body must be a JSON object.' on every route whose body the API description names", async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content["application/json"])
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, connectionId) })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const { method, path } of routes) {
      for (const body of ["[]", '"text"', "42", "null"]) {
        // A moderator is a member too, so each route reads the body rather than refusing the caller first.
        const response = await api(app, method, path, {
          token: moderatorToken,
          body,
          headers: { "Content-Type": "application/json" },
        });
        expect({ method, path, sent: body, ...response }).toMatchObject({
          status: 400,
          body: { message: "Request body must be a JSON object." },
        });
      }
    }
    expect((await api(app, "GET", "/users/me", { token: moderatorToken })).status).toBe(200);
  });
});
