import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  app = await startTestApp();
  [owner, other] = await Promise.all([registerUser(app), registerUser(app)]);
});
afterAll(() => app?.close());

const RACERS = 12;

async function connection() {
  const posted = await api(app, "POST", "/connections", {
    token: owner.token,
    body: { movieTitle: "Stalker", bookTitle: "Roadside Picnic", context: "The Zone." },
  });
  expect(posted.status).toBe(201);
  return posted.body._id as string;
}

/** The statuses of `RACERS` identical calls sent at once, sorted. */
async function race(method: string, path: string, token: string) {
  const answers = await Promise.all(Array.from({ length: RACERS }, () => api(app, method, path, { token })));
  return answers.map((answer) => answer.status).sort();
}

const oneSuccessThen = (status: number) => [200, ...Array(RACERS - 1).fill(status)];

describe("deletes answer 200 once, then 404", () => {
  it("a comment deleted by racing calls", async () => {
    const id = await connection();
    const comment = await api(app, "POST", `/connections/${id}/comments`, { token: owner.token, body: { text: "Hi" } });
    expect(await race("DELETE", `/comments/${comment.body._id}`, owner.token)).toEqual(oneSuccessThen(404));
    expect((await api(app, "DELETE", `/comments/${comment.body._id}`, { token: owner.token })).status).toBe(404);
  });

  it("a connection deleted by racing calls", async () => {
    const id = await connection();
    expect(await race("DELETE", `/connections/${id}`, owner.token)).toEqual(oneSuccessThen(404));
    expect((await api(app, "DELETE", `/connections/${id}`, { token: owner.token })).status).toBe(404);
  });

  it("a follow, a follower and a block", async () => {
    await api(app, "POST", `/follows/${other._id}`, { token: owner.token });
    expect(await race("DELETE", `/follows/${other._id}`, owner.token)).toEqual(oneSuccessThen(404));
    await api(app, "POST", `/follows/${owner._id}`, { token: other.token });
    expect(await race("DELETE", `/follows/followers/${other._id}`, owner.token)).toEqual(oneSuccessThen(404));
    await api(app, "POST", `/blocks/${other._id}`, { token: owner.token });
    expect(await race("DELETE", `/blocks/${other._id}`, owner.token)).toEqual(oneSuccessThen(404));
  });

  it("a session logged out by racing calls: once, then the token has failed", async () => {
    const login = await api(app, "POST", "/auth/login", { body: { email: other.email, password: other.password } });
    expect(await race("POST", "/auth/logout", login.body.token)).toEqual(oneSuccessThen(401));
  });

  it("an account deleted by racing calls: once, then the token has failed", async () => {
    const leaving = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        api(app, "DELETE", "/users/me", { token: leaving.token, body: { password: leaving.password } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual(oneSuccessThen(401));
  });

  it("a page's delete of a connection already deleted shows the page's not-found answer", async () => {
    const id = await connection();
    const cookie = cookieFrom(await postForm(app, "/login", { email: owner.email, password: owner.password }));
    const statuses = await Promise.all(
      Array.from({ length: 3 }, () => postForm(app, `/connections/${id}/delete`, {}, { cookie })),
    );
    expect(statuses.map((response) => response.status).sort()).toEqual([302, 404, 404]);
  });
});
