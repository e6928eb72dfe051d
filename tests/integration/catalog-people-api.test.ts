import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameKey, titleKey } from "../../worker/core/catalog/index.ts";
import type { ConnectionView } from "../../worker/core/connections/index.ts";
import { personSlug } from "../../worker/core/rules/index.ts";
import { books, movieActors, movies } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";

/**
 * API.md "Catalog with identity", `GET /people/:slug`: the catalog's people (directors, actors, authors) by the
 * slug of their name, their works, and the connections featuring them under the one privacy rule; the slugs
 * beside every name in connection, movie and book answers; and the feed filters matching names as slugs.
 */
type Member = Awaited<ReturnType<typeof registerUser>>;
type Pair = ConnectionView & {
  movieRef: NonNullable<ConnectionView["movieRef"]>;
  bookRef: NonNullable<ConnectionView["bookRef"]>;
};

let app: TestApp;
let author: Member;
let recluse: Member;
let follower: Member;
let stranger: Member;
let blocker: Member;
let blocked: Member;

let ladyBird: Pair; // Greta Gerwig directs; the book is Louisa May Alcott's
let francesHa: Pair; // Greta Gerwig acts in the movie and wrote the book: one connection, two roles
let privatePost: Pair; // the private member's
let blockersPost: Pair;
const fillers: Pair[] = [];

const GRETA = "greta-gerwig";

async function post(member: Member, body: Record<string, string>) {
  const response = await api<Pair>(app, "POST", "/connections", { token: member.token, body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const person = (slug: string, token?: string, query = "") =>
  api(app, "GET", `/people/${encodeURIComponent(slug)}${query}`, { token });

const idsOf = (connections: ConnectionView[]) => connections.map((connection) => connection._id);

beforeAll(async () => {
  app = await startTestApp();
  const register = () => registerUser(app);
  [author, recluse, follower, stranger, blocker, blocked] = await Promise.all([
    register(),
    register(),
    register(),
    register(),
    register(),
    register(),
  ]);
  ladyBird = await post(author, {
    movieTitle: "Lady Bird",
    movieYear: "2017",
    movieDirector: "Greta Gerwig",
    movieActors: "Saoirse Ronan, Timothée Chalamet",
    bookTitle: "Little Women",
    bookAuthor: "Louisa May Alcott",
    bookPublicationYear: "1868",
    context: "Sacramento and Concord.",
  });
  francesHa = await post(author, {
    movieTitle: "Frances Ha",
    movieYear: "2012",
    movieDirector: "Noah Baumbach",
    movieActors: "Greta Gerwig, Mickey Sumner",
    bookTitle: "Frances Notebook",
    bookAuthor: "Gréta  GERWIG",
    context: "She wrote it too.",
  });
  await api(app, "PUT", "/users/profile", { token: recluse.token, body: { isPrivate: true } });
  await api(app, "POST", `/follows/${recluse._id}`, { token: follower.token });
  await api(app, "POST", `/follows/requests/${follower._id}/accept`, { token: recluse.token });
  privatePost = await post(recluse, {
    movieTitle: "Little Women (private)",
    movieDirector: "greta gerwig",
    bookTitle: "Little Women",
    bookAuthor: "Louisa May Alcott",
    context: "Only my followers see this.",
  });
  blockersPost = await post(blocker, {
    movieTitle: "Barbie",
    movieYear: "2023",
    movieDirector: "GRETA GERWIG",
    bookTitle: "Ken",
    context: "Pink.",
  });
  await api(app, "POST", `/blocks/${blocked._id}`, { token: blocker.token });
  for (let index = 0; index < 9; index += 1) {
    fillers.push(
      await post(author, {
        movieTitle: `Gerwig Short ${index}`,
        movieDirector: "Greta Gerwig",
        bookTitle: `Short Book ${index}`,
        context: `Short number ${index}.`,
      }),
    );
  }
  await post(author, {
    movieTitle: "The Wind Rises",
    movieDirector: "宮崎 駿",
    bookTitle: "The Wind Has Risen",
    bookAuthor: "Tatsuo Hori",
    context: "Planes.",
  });
});

afterAll(() => app?.close());

describe("GET /api/people/:slug", () => {
  it("answers the person with their roles, works and the connections featuring them, newest first", async () => {
    const response = await person(GRETA);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(Object.keys(body)).toEqual(["name", "slug", "roles", "movies", "books", "connections", "page", "pages"]);
    expect(body).toMatchObject({ name: "Greta Gerwig", slug: GRETA, roles: ["director", "actor", "author"], page: 1 });
    // Newest year first, unknown years after, then by title.
    expect(body.movies.map((movie: { title: string }) => movie.title)).toEqual([
      "Barbie",
      "Lady Bird",
      "Frances Ha",
      ...Array.from({ length: 9 }, (_, index) => `Gerwig Short ${index}`),
      "Little Women (private)",
    ]);
    expect(body.books.map((book: { title: string }) => book.title)).toEqual(["Frances Notebook"]);
    expect(body.movies[1]).toMatchObject({
      _id: ladyBird.movieRef._id,
      director: "Greta Gerwig",
      directorSlug: GRETA,
      actors: ["Saoirse Ronan", "Timothée Chalamet"],
      actorSlugs: ["saoirse-ronan", "timothee-chalamet"],
      verdicts: [],
    });
    expect(body.books[0]).toMatchObject({ author: "Gréta  GERWIG", authorSlug: GRETA });
    // Public: Lady Bird, Frances Ha (once, though she is in it twice), Barbie and nine shorts.
    expect(body.pages).toBe(2);
    expect(idsOf(body.connections)).toEqual(idsOf([...fillers].reverse().concat([blockersPost]).slice(0, 10)));
    const second = await person(GRETA, undefined, "?page=2");
    expect(idsOf(second.body.connections)).toEqual([francesHa._id, ladyBird._id]);
    expect((await person(GRETA, undefined, "?page=9")).body).toMatchObject({ connections: [], page: 9, pages: 2 });
    expect((await person(GRETA, undefined, "?page=abc")).body.page).toBe(1);
  });

  it("finds a person in one role, and names without Latin letters by their percent-encoded slug", async () => {
    const alcott = await person("louisa-may-alcott");
    expect(alcott.body).toMatchObject({ name: "Louisa May Alcott", roles: ["author"], pages: 1 });
    expect(idsOf(alcott.body.connections)).toEqual([ladyBird._id]);
    const chalamet = await person("timothee-chalamet");
    expect(chalamet.body).toMatchObject({ name: "Timothée Chalamet", roles: ["actor"] });
    const miyazaki = await person("宮崎-駿");
    expect(miyazaki.status).toBe(200);
    expect(miyazaki.body).toMatchObject({ name: "宮崎 駿", slug: "宮崎-駿", roles: ["director"] });
  });

  it("applies the privacy rule: a private member's connection shows to followers and the owner only", async () => {
    const ids = async (token?: string) => {
      const pages = [await person(GRETA, token), await person(GRETA, token, "?page=2")];
      return { all: pages.flatMap((page) => idsOf(page.body.connections)), pages: pages[0]!.body.pages };
    };
    expect((await ids()).all).not.toContain(privatePost._id);
    expect((await ids(stranger.token)).all).not.toContain(privatePost._id);
    const followed = await ids(follower.token);
    expect(followed.all).toEqual(
      idsOf([...fillers].reverse().concat([blockersPost, privatePost, francesHa, ladyBird])),
    );
    expect(followed.pages).toBe(2);
    expect((await ids(recluse.token)).all).toContain(privatePost._id);
  });

  it("hides a blocker's connections from the member they blocked, and the other way round", async () => {
    const blockedSees = await person(GRETA, blocked.token);
    expect(idsOf(blockedSees.body.connections)).not.toContain(blockersPost._id);
    const counted = (await person(GRETA, blocked.token, "?page=2")).body.connections.length;
    expect(blockedSees.body.connections.length + counted).toBe(11);
    expect(idsOf((await person(GRETA, stranger.token)).body.connections)).toContain(blockersPost._id);
    // The blocker's work stays in the catalog: movies are shared data, whoever posted them.
    expect(blockedSees.body.movies.map((movie: { title: string }) => movie.title)).toContain("Barbie");
  });

  it("answers 404 'Person not found' for an unknown or malformed slug", async () => {
    for (const slug of ["nobody-at-all", "Greta-Gerwig", "greta gerwig", "greta--gerwig", "-", "x".repeat(300)]) {
      const response = await person(slug);
      expect(response.status, slug).toBe(404);
      expect(response.body).toEqual({ message: "Person not found" });
    }
    const broken = await api(app, "GET", "/people/%E0%A4%A");
    expect(broken.status).toBe(404);
    expect(broken.body).toEqual({ message: "Person not found" });
  });

  it("lists the 50 newest of a prolific person's films and books, and follows a year filled in later", async () => {
    // 30 films directed and 30 acted in, with overlapping years, and 61 books, written to the catalog directly (the
    // write paths have their own tests; the actors' copies come from the triggers either way). One film, posted
    // without a year, sorts after them all, past the 50th, until a later post gives its year.
    const name = "Ada Prolific";
    const slug = personSlug(name);
    const id = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);
    const films = [
      ...Array.from({ length: 30 }, (_, index) => ({ title: `Directed ${index}`, year: 1950 + index, directed: true })),
      ...Array.from({ length: 30 }, (_, index) => ({ title: `Acted ${index}`, year: 1965 + index, directed: false })),
    ].map((film) => ({ ...film, id: id() }));
    const written = Array.from({ length: 61 }, (_, index) => ({ title: `Written ${index}`, year: 1800 + index }));
    await app.db.batch([
      app.db.insert(movies).values(
        films.map(({ id, title, year, directed }) => ({
          id,
          title,
          titleKey: titleKey(title),
          year,
          director: directed ? name : "Someone Else",
          directorSlug: personSlug(directed ? name : "Someone Else"),
        })),
      ),
      app.db
        .insert(movieActors)
        .values(
          films
            .filter((film) => !film.directed)
            .map(({ id }) => ({ movieId: id, position: 0, name, nameLower: name.toLowerCase(), slug })),
        ),
      app.db.insert(books).values(
        written.map(({ title, year }) => ({
          id: id(),
          title,
          titleKey: titleKey(title),
          author: name,
          authorKey: nameKey(name),
          authorSlug: slug,
          publicationYear: year,
        })),
      ),
    ]);
    await post(author, {
      movieTitle: "Acted Late",
      movieActors: name,
      bookTitle: "Late Book",
      context: "No year yet.",
    });
    const newest = (titlesByYear: Array<[string, number]>) =>
      [...titlesByYear].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([title]) => title);
    const filmYears = films.map(({ title, year }): [string, number] => [title, year]);

    const before = (await person(slug)).body;
    expect(before.roles).toEqual(["director", "actor", "author"]);
    expect(before.movies.map((movie: { title: string }) => movie.title)).toEqual(newest(filmYears).slice(0, 50));
    expect(before.books.map((book: { title: string }) => book.title)).toEqual(
      newest(written.map(({ title, year }) => [title, year])).slice(0, 50),
    );

    await post(stranger, { movieTitle: "Acted Late", movieYear: "2001", bookTitle: "Another Book", context: "2001." });
    const after = (await person(slug)).body;
    expect(after.movies.map((movie: { title: string }) => movie.title)).toEqual(
      newest([...filmYears, ["Acted Late", 2001]]).slice(0, 50),
    );
    expect(after.movies[0]).toMatchObject({ title: "Acted Late", year: 2001, actorSlugs: [slug] });
  });
});

describe("slugs beside names", () => {
  it("are in connections, movies and books", async () => {
    const connection = await api<Pair>(app, "GET", `/connections/${francesHa._id}`);
    expect(connection.body.movieRef).toMatchObject({
      director: "Noah Baumbach",
      directorSlug: "noah-baumbach",
      actors: ["Greta Gerwig", "Mickey Sumner"],
      actorSlugs: [GRETA, "mickey-sumner"],
    });
    expect(connection.body.bookRef).toMatchObject({ author: "Gréta  GERWIG", authorSlug: GRETA });
    const movie = await api(app, "GET", `/movies/${ladyBird.movieRef._id}`);
    expect(movie.body).toMatchObject({ directorSlug: GRETA, actorSlugs: ["saoirse-ronan", "timothee-chalamet"] });
    const book = await api(app, "GET", `/books/${ladyBird.bookRef._id}`);
    expect(book.body).toMatchObject({ authorSlug: "louisa-may-alcott" });
    const blank = await api<Pair>(app, "GET", `/connections/${blockersPost._id}`);
    expect(blank.body.bookRef).toMatchObject({ author: "", authorSlug: "" });
  });

  it("follow an edited author: the connection's new book is found on the new author's page", async () => {
    const edited = await api<Pair>(app, "PUT", `/connections/${fillers[0]!._id}`, {
      token: author.token,
      body: { bookAuthor: "Noah Baumbach" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.bookRef.authorSlug).toBe("noah-baumbach");
    const noah = await person("noah-baumbach");
    expect(noah.body.roles).toEqual(["director", "author"]);
    expect(idsOf(noah.body.connections)).toEqual([fillers[0]!._id, francesHa._id]);
  });
});

describe("feed filters match people's names as slugs", () => {
  it("find the same connections however the name is spaced, cased or accented", async () => {
    const feed = async (query: string) => {
      const response = await api(app, "GET", `/connections?${query}`);
      expect(response.status).toBe(200);
      return { ids: idsOf(response.body.connections), pages: response.body.pages };
    };
    const expected = await feed(`director=${encodeURIComponent("Greta Gerwig")}`);
    expect(expected.ids).toHaveLength(10);
    expect(expected.pages).toBe(2);
    for (const spelling of ["greta gerwig", "Greta  Gerwig", "Gréta Gerwig", " GRETA-GERWIG "]) {
      expect(await feed(`director=${encodeURIComponent(spelling)}`), spelling).toEqual(expected);
    }
    expect((await feed("actor=timothee%20chalamet")).ids).toEqual([ladyBird._id]);
    expect((await feed("author=GRETA%20GERWIG")).ids).toEqual([francesHa._id]);
    expect((await feed("actor=greta&author=gerwig")).ids).toEqual([]);
    expect((await feed(`director=${encodeURIComponent("宮崎　駿")}`)).ids).toHaveLength(1);
  });
});
