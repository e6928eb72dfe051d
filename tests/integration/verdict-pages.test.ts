import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let fan: Awaited<ReturnType<typeof registerUser>>;
let fanCookie: string;
let connection: { _id: string; movieRef: { _id: string }; bookRef: { _id: string } };
beforeAll(async () => {
  app = await startTestApp();
  [owner, fan] = await Promise.all([registerUser(app), registerUser(app)]);
  fanCookie = cookieFrom(await postForm(app, "/login", { email: fan.email, password: fan.password }));
  connection = (
    await api(app, "POST", "/connections", {
      token: owner.token,
      body: { movieTitle: "Misery", bookTitle: "Misery", kind: "adaptation", context: "Hobbling." },
    })
  ).body;
});
afterAll(() => app?.close());

// React separates adjacent text with <!-- --> markers; they are not part of what people see.
const html = async (path: string, cookie?: string) =>
  (await (await fetch(`${app.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text()).replaceAll(
    "<!-- -->",
    "",
  );

describe("Book or film? without JavaScript", () => {
  it("votes, changes and withdraws through the card's form and comes back at the card", async () => {
    const vote = (choice: string) =>
      postForm(
        app,
        `/connections/${connection._id}/verdict`,
        { redirectTo: "/", via: "form", choice },
        {
          cookie: fanCookie,
        },
      );
    const cast = await vote("film");
    expect(cast.status).toBe(302);
    expect(cast.headers.get("location")).toBe(`/#card-${connection._id}`);
    const feed = await html("/", fanCookie);
    expect(feed).toMatch(/aria-pressed="true"[^>]*>Film</);
    expect(feed).toContain("1 vote");
    expect(feed).toContain("Adaptation");

    await vote("book");
    expect((await api(app, "GET", `/connections/${connection._id}`, { token: fan.token })).body.verdict).toEqual({
      book: 1,
      film: 0,
      tie: 0,
      total: 1,
      mine: "book",
    });
    await vote("");
    expect((await api(app, "GET", `/connections/${connection._id}`)).body.verdict.total).toBe(0);
  });

  it("shows visitors the tally and asks them to log in to vote", async () => {
    await postForm(
      app,
      `/connections/${connection._id}/verdict`,
      { via: "form", choice: "tie" },
      { cookie: fanCookie },
    );
    const page = await html(`/connections/${connection._id}`);
    expect(page).toContain("Book or film?");
    expect(page).toContain("Tie 1");
    expect(page).toContain("Log in to vote");
    expect(page).not.toContain('name="choice"');
    const visitorPost = await postForm(app, `/connections/${connection._id}/verdict`, { via: "form", choice: "book" });
    expect(visitorPost.status).toBe(302);
    expect(visitorPost.headers.get("location")).toMatch(/^\/login/);
  });

  it("shows the pair's tally on the movie and book pages and ranks it on /verdicts", async () => {
    for (const path of [`/movies/${connection.movieRef._id}`, `/books/${connection.bookRef._id}`, "/verdicts"]) {
      const page = await html(path);
      expect(page, path).toContain("Book or film?");
      expect(page, path).toContain("Tie 1");
    }
  });

  it("offers the kind on the create form and as a feed filter", async () => {
    expect(await html("/create", fanCookie)).toMatch(/<select[^>]*name="kind"/);
    const filtered = await html("/?kind=theme", fanCookie);
    expect(filtered).toContain("No connections found matching your filter(s).");
    expect(filtered).toMatch(/<option value="theme" selected/);
  });
});
