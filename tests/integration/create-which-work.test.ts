import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

// The create page without JavaScript (decision 019): a title that matches several works, with nothing typed to
// tell them apart, brings the page back with the question and everything typed; the answer completes the post.

let app: TestApp;
let token: string;
let cookie: string;
const works = { lw1994: "", lw2019: "", duneHerbert: "", duneOther: "", elsewhere: "" };

beforeAll(async () => {
  app = await startTestApp();
  const member = await registerUser(app);
  token = member.token;
  cookie = cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));
  const post = async (body: Record<string, unknown>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ context: "Seeded.", ...body })) form.set(name, String(value));
    if (body.movieDirector === "Gillian Armstrong") {
      form.set("moviePoster", new File([testPng("poster") as BlobPart], "p.png", { type: "image/png" }));
    }
    const response = await api(app, "POST", "/connections", { token, body: form });
    expect(response.status).toBe(201);
    return response.body;
  };
  works.lw1994 = (
    await post({ movieTitle: "Little Women", movieYear: 1994, movieDirector: "Gillian Armstrong", bookTitle: "LW" })
  ).movieRef._id;
  works.lw2019 = (
    await post({ movieTitle: "Little Women", movieYear: 2019, movieDirector: "Greta Gerwig", bookTitle: "LW" })
  ).movieRef._id;
  const herbert = await post({ movieTitle: "Dune", movieYear: 2021, bookTitle: "Dune", bookAuthor: "Frank Herbert" });
  works.duneHerbert = herbert.bookRef._id;
  works.duneOther = (
    await post({ movieTitle: "Dune", movieYear: 2021, bookTitle: "Dune", bookAuthor: "Someone Else" })
  ).bookRef._id;
  works.elsewhere = (await post({ movieTitle: "Elsewhere", bookTitle: "Elsewhere" })).movieRef._id;
});
afterAll(() => app?.close());

const rows = async () => (await app.db.select({ n: count() }).from(connections))[0]!.n;

function postCreate(fields: Record<string, string>, files: Record<string, Uint8Array> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, bytes] of Object.entries(files))
    body.set(name, new File([bytes as BlobPart], `${name}.png`, { type: "image/png" }));
  return fetch(`${app.url}/create`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: app.url, "CF-Connecting-IP": nextClientAddress() },
    redirect: "manual",
  });
}

async function postedConnection(response: Response) {
  expect(response.status).toBe(302);
  const id = response.headers.get("location")!.replace("/connections/", "");
  return (await api(app, "GET", `/connections/${id}`)).body;
}

const typed = {
  movieTitle: "Little Women",
  movieGenres: "Drama, Romance",
  movieActors: "Saoirse Ronan",
  bookTitle: "Little Women",
  bookAuthor: "Louisa May Alcott",
  bookIsbn: "0-14-039069-3",
  context: "Jo writes <her> own ending.",
  kind: "adaptation",
  tags: "classic, march sisters",
};

describe("the create page asks which work a title means", () => {
  it("comes back (200) with the candidates and everything typed, storing nothing", async () => {
    const before = await rows();
    const response = await postCreate(typed, { screenshot: testPng("screenshot") });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Which film is “Little Women”?");
    expect(html).toContain("2 films in the catalog have this title.");
    for (const id of [works.lw1994, works.lw2019]) {
      expect(html).toMatch(new RegExp(`<input type="radio" name="movieId" value="${id}"`));
    }
    expect(html).toMatch(/<input type="radio" name="movieId" value="new"/);
    expect(html).toContain("A different film (create a new one)");
    expect(html).toMatch(/Little Women<\/strong> \(1994\)<span class="which-work__maker">Gillian Armstrong/);
    expect(html).toMatch(/Little Women<\/strong> \(2019\)<span class="which-work__maker">Greta Gerwig/);
    // A candidate's poster through its WebP copies (decision 036).
    expect(html).toMatch(
      /<img src="http:\/\/127\.0\.0\.1:\d+\/images\/posters\/[0-9a-f]{24}\.png\/400\.webp" srcSet="/,
    );
    expect(html).toContain('src="/placeholder-poster.png"');
    // The chosen screenshot stays on the server for the answer (decision 030): the form names it, asks for nothing.
    expect(html).toMatch(/<input type="checkbox" name="keptScreenshot" checked="" value="[0-9a-f]{24}"/);
    expect(html).not.toContain("choose them again");
    // The book's title matches one book only: no question about it.
    expect(html).not.toContain("Which book");
    expect(html).toContain('value="Drama, Romance"');
    expect(html).toContain('value="0-14-039069-3"');
    expect(html).toContain('value="classic, march sisters"');
    expect(html).toContain("Jo writes &lt;her&gt; own ending.");
    expect(html).toMatch(/<option value="adaptation" selected="">/);
    expect(await rows()).toBe(before);
  });

  it("completes the post with the film picked", async () => {
    const connection = await postedConnection(await postCreate({ ...typed, movieId: works.lw1994 }));
    expect(connection).toMatchObject({
      movieRef: { _id: works.lw1994, year: 1994, director: "Gillian Armstrong" },
      kind: "adaptation",
      tags: ["classic", "march sisters"],
      context: "Jo writes <her> own ending.",
      bookRef: { title: "Little Women", author: "Louisa May Alcott" },
    });
  });

  it("posts the screenshot chosen with the question when the answer names it, without the file", async () => {
    const html = await (await postCreate(typed, { screenshot: testPng("kept for the answer") })).text();
    const kept = html.match(/name="keptScreenshot" checked="" value="([0-9a-f]{24})"/)?.[1];
    expect(kept).toBeDefined();
    const connection = await postedConnection(
      await postCreate({ ...typed, movieId: works.lw2019, keptScreenshot: kept as string }),
    );
    const stored = await fetch(connection.screenshotUrl);
    expect(stored.status).toBe(200);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(testPng("kept for the answer"));
  });

  it("creates a film of its own when told it is a different one", async () => {
    const connection = await postedConnection(await postCreate({ ...typed, movieId: "new" }));
    expect([works.lw1994, works.lw2019]).not.toContain(connection.movieRef._id);
    expect(connection.movieRef).toMatchObject({ title: "Little Women", year: null });
    // Typing the year instead answers too.
    const dated = await postedConnection(await postCreate({ ...typed, movieYear: "2019" }));
    expect(dated.movieRef._id).toBe(works.lw2019);
  });

  it("asks again when the pick is not one of the candidates", async () => {
    const response = await postCreate({ ...typed, movieId: works.elsewhere });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Which film is “Little Women”?");
  });

  it("asks about a book without an author, and about both at once", async () => {
    const book = { ...typed, movieTitle: "Dune", movieYear: "2021", bookTitle: "Dune", bookAuthor: "", bookIsbn: "" };
    const html = await (await postCreate(book)).text();
    expect(html).toContain("Which book is “Dune”?");
    expect(html).toMatch(/Dune<\/strong> \(year not given\)<span class="which-work__maker">Frank Herbert/);
    expect(html).not.toContain("Which film");
    const answered = await postedConnection(await postCreate({ ...book, bookId: works.duneHerbert }));
    expect(answered.bookRef).toMatchObject({ _id: works.duneHerbert, author: "Frank Herbert" });

    const both = await (await postCreate({ ...book, movieTitle: "Little Women", movieYear: "" })).text();
    expect(both).toContain("Which film is “Little Women”?");
    expect(both).toContain("Which book is “Dune”?");
    expect(both).not.toContain("please choose them again");

    // One answered, the other not: the answer comes back with the page, and the next post keeps it.
    const half = await postCreate({ ...book, movieTitle: "Little Women", movieYear: "", movieId: works.lw2019 });
    const halfHtml = await half.text();
    expect(halfHtml).not.toContain("Which film");
    expect(halfHtml).toContain(`<input type="hidden" name="movieId" value="${works.lw2019}"/>`);
    const done = await postedConnection(
      await postCreate({ ...book, movieTitle: "Little Women", movieYear: "", movieId: works.lw2019, bookId: "new" }),
    );
    expect(done.movieRef._id).toBe(works.lw2019);
    expect([works.duneHerbert, works.duneOther]).not.toContain(done.bookRef._id);
    expect(done.bookRef.author).toBe("");
  });

  it("does not ask when the post carries an external id: the id says which work, or that it is a new one", async () => {
    const withIsbn = await postCreate({ ...typed, movieYear: "1994", bookTitle: "Dune", bookAuthor: "" });
    const connection = await postedConnection(withIsbn);
    expect([works.duneHerbert, works.duneOther]).not.toContain(connection.bookRef._id);
    expect(connection.bookRef.externalIds).toEqual({ isbn13: "9780140390698" });
  });

  it("leaves the API to the contract's rule: no question, a movie of its own", async () => {
    const response = await api(app, "POST", "/connections", { token, body: { ...typed } });
    expect(response.status).toBe(201);
    expect([works.lw1994, works.lw2019]).not.toContain(response.body.movieRef._id);
  });
});
