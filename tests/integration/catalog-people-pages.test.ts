import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { titleKey } from "../../worker/core/catalog/index.ts";
import type { ConnectionView } from "../../worker/core/connections/index.ts";
import { COUNT_LIMIT, personSlug } from "../../worker/core/rules/index.ts";
import { movies } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

/**
 * People's pages and the links to them as a browser without JavaScript gets them: server-rendered HTML with the
 * right status, content, privacy, pagination and metadata; and the feed filters' datalists and suggestions.
 */
type Pair = ConnectionView & {
  movieRef: NonNullable<ConnectionView["movieRef"]>;
  bookRef: NonNullable<ConnectionView["bookRef"]>;
};
type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };

let app: TestApp;
let author: Member;
let recluse: Member;
let follower: Member;
let ladyBird: Pair;
let hidden: Pair;

const get = async (path: string, cookie?: string) => {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
};
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
/** Where the first link with exactly this text goes. */
const link = (html: string, text: string) => new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${text}</a>`).exec(html)?.[1];

async function member(): Promise<Member> {
  const user = await registerUser(app);
  return { ...user, cookie: cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password })) };
}

async function post(by: Member, body: Record<string, string>) {
  const response = await api<Pair>(app, "POST", "/connections", { token: by.token, body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  app = await startTestApp();
  [author, recluse, follower] = await Promise.all([member(), member(), member()]);
  ladyBird = await post(author, {
    movieTitle: "Lady Bird",
    movieYear: "2017",
    movieDirector: "Greta Gerwig",
    movieActors: "Saoirse Ronan, Timothée Chalamet, Laurie Metcalf, Lucas Hedges",
    movieSynopsis: "A Sacramento senior year, told between a daughter and her mother.",
    bookTitle: "Little Women",
    bookAuthor: "Louisa May Alcott",
    context: "Sacramento and Concord.",
  });
  await api(app, "PUT", "/users/profile", { token: recluse.token, body: { isPrivate: true } });
  await api(app, "POST", `/follows/${recluse._id}`, { token: follower.token });
  await api(app, "POST", `/follows/requests/${follower._id}/accept`, { token: recluse.token });
  hidden = await post(recluse, {
    movieTitle: "Frances Ha",
    movieDirector: "Noah Baumbach",
    movieActors: "Gréta Gerwig",
    bookTitle: "A Private Book",
    context: "A private thought about Frances.",
  });
  // Lola Kirke acts in the film and wrote the book: one connection, two roles.
  await post(author, {
    movieTitle: "Mistress America",
    movieActors: "Lola Kirke",
    bookTitle: "Tracy's Notebook",
    bookAuthor: "Lola Kirke",
    context: "Both sides of the table.",
  });
  await post(author, {
    movieTitle: "Gone Girl",
    movieActors: "Lola Kirke",
    bookTitle: "Gone Girl",
    bookAuthor: "Gillian Flynn",
    context: "A small part.",
  });
  for (let index = 0; index < 10; index += 1) {
    await post(author, {
      movieTitle: `Gerwig Short ${index}`,
      movieYear: String(2000 + index),
      movieDirector: "Greta Gerwig",
      bookTitle: `Short Book ${index}`,
      context: `Short number ${index}.`,
    });
  }
  // Agnès Varda: 48 films she directed (one she also acts in, one with no year), and one she only acts in: 49 films,
  // a full first page of her filmography and one film on the second. Posted a few at a time.
  const varda = (index: number) => ({
    movieTitle: `Varda Film ${String(index).padStart(2, "0")}`,
    ...(index === 0 ? {} : { movieYear: String(1950 + index) }),
    movieDirector: "Agnès Varda",
    ...(index === 47 ? { movieActors: "Agnès Varda" } : {}),
    bookTitle: `Varda Book ${index}`,
    context: `Varda number ${index}.`,
  });
  for (let start = 0; start < 48; start += 8) {
    await Promise.all(Array.from({ length: 8 }, (_, offset) => post(author, varda(start + offset))));
  }
  await post(author, {
    movieTitle: "Faces Places Too",
    movieYear: "2017",
    movieDirector: "JR",
    movieActors: "Agnès Varda",
    bookTitle: "Faces Book",
    context: "She acts in this one.",
  });
});

afterAll(() => app?.close());

describe("a person's page", () => {
  it("shows the name, roles, films with posters linking to their pages, and the connections, with meta", async () => {
    const { response, html } = await get("/people/greta-gerwig");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Greta Gerwig | MovieBooks</title>");
    expect(html).toMatch(/<meta name="description" content="Greta Gerwig, director and actor: 12 films on MovieBooks/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/people\/greta-gerwig"/);
    const main = mainOf(html);
    expect(main).toMatch(/<h1 id="person-name"[^>]*>Greta Gerwig<\/h1>/);
    expect(main).toContain("Director · Actor");
    expect(main).toContain(`href="/movies/${ladyBird.movieRef._id}"`);
    expect(main).toMatch(/Lady Bird<\/span><span class="shelf__meta">2017 · Director</);
    expect(main).toMatch(/Frances Ha<\/span><span class="shelf__meta">Actor</);
    // The shelves' data is what they show: Lady Bird's card is on page 2, so nothing on page 1 needs its synopsis.
    expect(html).not.toContain("A Sacramento senior year");
    // Eleven public connections: ten on the first page, with a link to the second.
    expect(main).toContain("11 connections");
    expect(main.match(/<article id="card-/g)).toHaveLength(10);
    expect(main).toContain('href="/people/greta-gerwig?page=2"');
    const second = mainOf((await get("/people/greta-gerwig?page=2")).html);
    expect(second).toContain(`id="card-${ladyBird._id}"`);
  });

  it("applies the privacy rule: the private member's connection shows to their follower only", async () => {
    const visitor = mainOf((await get("/people/greta-gerwig")).html);
    expect(visitor).not.toContain("A private thought");
    const stranger = await member();
    expect(mainOf((await get("/people/greta-gerwig", stranger.cookie)).html)).not.toContain("A private thought");
    const followed = mainOf((await get("/people/greta-gerwig", follower.cookie)).html);
    expect(followed).toContain("12 connections");
    const secondPage = mainOf((await get("/people/greta-gerwig?page=2", follower.cookie)).html);
    expect(secondPage).toContain(`id="card-${hidden._id}"`);
  });

  it("counts a connection that features the person in two roles once", async () => {
    const main = mainOf((await get("/people/lola-kirke")).html);
    expect(main).toContain("Actor · Author");
    expect(main).toContain("2 connections");
    expect(main.match(/<article id="card-/g)).toHaveLength(2);
  });

  it("is a 404 page for an unknown or malformed slug", async () => {
    for (const path of ["/people/nobody-at-all", "/people/Greta%20Gerwig", "/people/%E0%A4%A"]) {
      const { response, html } = await get(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain("<title>Person not found | MovieBooks</title>");
      expect(mainOf(html), path).toContain("No one by that name is in the catalog.");
    }
  });
});

describe("a person's films and books", () => {
  const items = (html: string) => [
    ...html.matchAll(/<span class="shelf__title">([^<]+)<\/span><span class="shelf__meta">([^<]*)</g),
  ];

  it("shows the first twelve on the person's page, says how many there are, and links to all of them", async () => {
    const { html } = await get("/people/agnes-varda");
    const main = mainOf(html);
    expect(main).toContain('<p class="person__summary">49 films</p>');
    expect(html).toMatch(/<meta name="description" content="Agnès Varda, director and actor: 49 films on MovieBooks/);
    const shelf = items(main);
    expect(shelf.map(([, title]) => title)).toEqual([
      "Faces Places Too",
      "Varda Film 47",
      "Varda Film 46",
      "Varda Film 45",
      "Varda Film 44",
      "Varda Film 43",
      "Varda Film 42",
      "Varda Film 41",
      "Varda Film 40",
      "Varda Film 39",
      "Varda Film 38",
      "Varda Film 37",
    ]);
    expect(shelf[1]?.[2]).toBe("1997 · Director, actor");
    expect(link(main, 'All 49 films <span aria-hidden="true">→</span>')).toBe("/people/agnes-varda/films");
    // Greta Gerwig's twelve films all fit: no link to more.
    expect(mainOf((await get("/people/greta-gerwig")).html)).not.toContain("/people/greta-gerwig/films");
  });

  it("lists every film a page of 48 at a time, newest first, unknown years last", async () => {
    const { response, html } = await get("/people/agnes-varda/films");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Agnès Varda&#x27;s films | MovieBooks</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/people\/agnes-varda\/films"/);
    const main = mainOf(html);
    expect(main).toContain("49 films · page 1 of 2");
    expect(link(main, "← Agnès Varda")).toBe("/people/agnes-varda");
    const first = items(main);
    expect(first).toHaveLength(48);
    expect(first[0]?.slice(1)).toEqual(["Faces Places Too", "2017 · Actor"]);
    expect(first[1]?.slice(1)).toEqual(["Varda Film 47", "1997 · Director, actor"]);
    expect(first.at(-1)?.slice(1)).toEqual(["Varda Film 01", "1951 · Director"]);
    expect(main).toContain('href="/people/agnes-varda/films?page=2"');

    const second = await get("/people/agnes-varda/films?page=2");
    expect(second.html).toContain("<title>Agnès Varda&#x27;s films, page 2 | MovieBooks</title>");
    expect(items(mainOf(second.html)).map(([, title, meta]) => [title, meta])).toEqual([["Varda Film 00", "Director"]]);

    const past = mainOf((await get("/people/agnes-varda/films?page=3")).html);
    expect(items(past)).toHaveLength(0);
    expect(past).toContain("There are no films on page 3.");

    // A page that is not a number is the first; one far past the end reads nothing and says so.
    const notNumber = await get("/people/agnes-varda/films?page=abc");
    expect(notNumber.response.status).toBe(200);
    expect(items(mainOf(notNumber.html))[0]?.[1]).toBe("Faces Places Too");
    const far = await get("/people/agnes-varda/films?page=9007199254740991");
    expect(far.response.status).toBe(200);
    expect(mainOf(far.html)).toContain("There are no films on page 9007199254740991.");
  });

  it("counts up to 1,000 and lists that many, past which a page lists nothing", async () => {
    // 1,010 films by one director, written to the catalog directly (posting them would take minutes): page 22 would
    // hold the last two if the list went past the count.
    const name = "Max Prolific";
    const films = Array.from({ length: COUNT_LIMIT + 10 }, (_, index) => ({
      id: `${index.toString(16).padStart(4, "0")}${"a".repeat(20)}`,
      title: `Prolific Film ${index}`,
      titleKey: titleKey(`Prolific Film ${index}`),
      year: 1900 + (index % 120),
      director: name,
      directorSlug: personSlug(name),
    }));
    for (let start = 0; start < films.length; start += 200) {
      await app.db.insert(movies).values(films.slice(start, start + 200));
    }
    const person = mainOf((await get("/people/max-prolific")).html);
    expect(person).toContain('<p class="person__summary">1,000+ films</p>');
    expect(link(person, 'All 1,000\\+ films <span aria-hidden="true">→</span>')).toBe("/people/max-prolific/films");
    const first = mainOf((await get("/people/max-prolific/films")).html);
    expect(first).toContain("1,000+ films · page 1 of 21");
    expect(items(first)).toHaveLength(48);
    const last = mainOf((await get("/people/max-prolific/films?page=21")).html);
    expect(items(last)).toHaveLength(48);
    const past = mainOf((await get("/people/max-prolific/films?page=22")).html);
    expect(items(past)).toHaveLength(0);
    expect(past).toContain("There are no films on page 22.");
    expect(past).not.toContain("page 22 of");
  });

  it("lists books the same way, and is a 404 for a list the person has nothing in or an unknown person", async () => {
    const books = mainOf((await get("/people/louisa-may-alcott/books")).html);
    expect(books).toContain("1 book");
    expect(items(books).map(([, title]) => title)).toEqual(["Little Women"]);
    const none = await get("/people/agnes-varda/books");
    expect(none.response.status).toBe(404);
    expect(mainOf(none.html)).toContain("Agnès Varda has no books in the catalog.");
    for (const path of ["/people/nobody-at-all/films", "/people/%E0%A4%A/books"]) {
      const { response, html } = await get(path);
      expect(response.status, path).toBe(404);
      expect(mainOf(html), path).toContain("No one by that name is in the catalog.");
    }
  });
});

describe("links to people", () => {
  it("name the director, actors and author on cards, three actors in lists and all on the connection's page", async () => {
    const card = /<article id="card-[\s\S]*?<\/article>/.exec(
      mainOf((await get("/people/louisa-may-alcott")).html),
    )![0];
    expect(card).toMatch(/Directed by<\/dt><dd>(<a [^>]*>)Greta Gerwig</);
    expect(link(card, "Greta Gerwig")).toBe("/people/greta-gerwig");
    expect(link(card, "Timothée Chalamet")).toBe("/people/timothee-chalamet");
    expect(card).not.toContain("Lucas Hedges");
    expect(link(card, "and 1 more")).toBe(`/movies/${ladyBird.movieRef._id}`);
    expect(card).toMatch(/Written by<\/dt><dd><a [^>]*>Louisa May Alcott</);
    expect(link(card, "Louisa May Alcott")).toBe("/people/louisa-may-alcott");
    const detail = mainOf((await get(`/connections/${ladyBird._id}`)).html);
    expect(link(detail, "Lucas Hedges")).toBe("/people/lucas-hedges");
  });

  it("on movie and book pages", async () => {
    const movie = mainOf((await get(`/movies/${ladyBird.movieRef._id}`)).html);
    expect(movie).toMatch(/Directed by <strong><a [^>]*>Greta Gerwig<\/a>/);
    expect(link(movie, "Greta Gerwig")).toBe("/people/greta-gerwig");
    for (const [name, slug] of [
      ["Saoirse Ronan", "saoirse-ronan"],
      ["Timothée Chalamet", "timothee-chalamet"],
      ["Laurie Metcalf", "laurie-metcalf"],
      ["Lucas Hedges", "lucas-hedges"],
    ]) {
      expect(link(movie, name!)).toBe(`/people/${slug}`);
    }
    const book = mainOf((await get(`/books/${ladyBird.bookRef._id}`)).html);
    expect(book).toMatch(/by <strong><a [^>]*>Louisa May Alcott<\/a>/);
    expect(link(book, "Louisa May Alcott")).toBe("/people/louisa-may-alcott");
  });
});

describe("feed filters", () => {
  it("match names however they are written, and offer the most featured values as datalists", async () => {
    // Everyone's feed: this member follows someone, so their home opens on Following (decision 031).
    const { html } = await get(`/?feed=everyone&director=${encodeURIComponent("  GRÉTA   gerwig ")}`, follower.cookie);
    const main = mainOf(html);
    expect(main.match(/<article id="card-/g)).toHaveLength(10);
    const listOf = (field: string, page = main) => {
      const id = new RegExp(`<input id="filter-${field}"[^>]*list="([^"]+)"`).exec(page)?.[1];
      return new RegExp(`<datalist id="${id}">([\\s\\S]*?)</datalist>`).exec(page)?.[1] ?? "";
    };
    expect(listOf("director")).toContain('<option value="Greta Gerwig">');
    expect(listOf("actor")).toContain('<option value="Saoirse Ronan">');
    expect(listOf("author")).toContain('<option value="Louisa May Alcott">');
    // Suggested from public connections only: the private member's director is not offered.
    expect(listOf("director")).not.toContain("Noah Baumbach");
    // Without a tab both feeds are read, and the suggestions once for either: the Following tab offers them too.
    const home = mainOf((await get("/", follower.cookie)).html);
    expect(listOf("director", home)).toContain('<option value="Greta Gerwig">');
    expect(listOf("author", home)).toContain('<option value="Louisa May Alcott">');
    const actors = mainOf((await get("/?feed=everyone&actor=gr%C3%A9ta%20gerwig", follower.cookie)).html);
    expect(actors).toContain(`id="card-${hidden._id}"`);
  });

  it("suggest values starting with what was typed, as JSON", async () => {
    const suggest = async (query: string) => {
      const response = await fetch(`${app.url}/filter-suggestions?${query}`);
      return { status: response.status, body: await response.json() };
    };
    expect(await suggest("filter=director&q=gr")).toEqual({ status: 200, body: ["Greta Gerwig"] });
    expect(await suggest("filter=director&q=GRÉTA%20g")).toEqual({ status: 200, body: ["Greta Gerwig"] });
    expect(await suggest("filter=actor&q=t")).toEqual({ status: 200, body: ["Timothée Chalamet"] });
    expect(await suggest("filter=actor&q=zz")).toEqual({ status: 200, body: [] });
    // Most featured first (two public connections), then alphabetically.
    expect((await suggest("filter=actor")).body).toEqual([
      "Agnès Varda",
      "Lola Kirke",
      "Laurie Metcalf",
      "Lucas Hedges",
      "Saoirse Ronan",
      "Timothée Chalamet",
    ]);
    expect(await suggest("filter=director&q=noah")).toEqual({ status: 200, body: [] });
    expect(await suggest("filter=kind&q=a")).toEqual({
      status: 400,
      body: { message: "Filter must be one of movieGenre, director, actor, bookGenre, author." },
    });
  });
});
