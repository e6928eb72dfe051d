import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { books, connections, movies } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";

// API.md "Catalog with identity": which movie or book a post means, through the JSON API (decision 019).

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await registerUser(app)).token;
});
afterAll(() => app?.close());

let counter = 0;
/** Posts a connection; a book title of its own unless given, so each test reads only its own movies. */
async function post(fields: Record<string, unknown>) {
  counter += 1;
  const response = await api(app, "POST", "/connections", {
    token,
    body: { bookTitle: `Companion ${counter}`, movieTitle: `Film ${counter}`, context: "Why.", ...fields },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as {
    _id: string;
    movieRef: { _id: string; title: string; year: number | null; director: string; externalIds: object };
    bookRef: { _id: string; title: string; author: string; isbn: string; externalIds: object };
  };
}

const moviesTitled = (key: string) => app.db.select().from(movies).where(eq(movies.titleKey, key));
const booksTitled = (key: string) => app.db.select().from(books).where(eq(books.titleKey, key));

describe("movies are told apart by title and year", () => {
  it('"Little Women" (1994) and (2019) are two movies; each year finds its own again', async () => {
    const gerwig = await post({ movieTitle: "Little Women", movieYear: 2019, movieDirector: "Greta Gerwig" });
    const armstrong = await post({ movieTitle: "Little Women", movieYear: "1994", movieDirector: "Gillian Armstrong" });
    expect(armstrong.movieRef._id).not.toBe(gerwig.movieRef._id);
    expect(armstrong.movieRef).toMatchObject({ year: 1994, director: "Gillian Armstrong" });
    const again = await post({ movieTitle: "little women", movieYear: 2019 });
    expect(again.movieRef).toMatchObject({ _id: gerwig.movieRef._id, director: "Greta Gerwig" });
    expect(await moviesTitled("little women")).toHaveLength(2);
  });

  it('"Martian, The" is "The Martian", whatever the case, spacing and punctuation', async () => {
    const first = await post({ movieTitle: "The Martian", movieYear: 2015 });
    for (const title of ["Martian, The", "  the   MARTIAN ", "The Martian!", "martian,the"]) {
      expect((await post({ movieTitle: title, movieYear: 2015 })).movieRef).toMatchObject({
        _id: first.movieRef._id,
        title: "The Martian",
      });
    }
  });

  it("a post without a year joins the one movie of its title, else the title's yearless movie", async () => {
    const only = await post({ movieTitle: "Solaris", movieYear: 1972 });
    expect((await post({ movieTitle: "Solaris" })).movieRef._id).toBe(only.movieRef._id);

    const remake = await post({ movieTitle: "Solaris", movieYear: 2002 });
    expect(remake.movieRef._id).not.toBe(only.movieRef._id);
    const yearless = await post({ movieTitle: "Solaris" });
    expect([only.movieRef._id, remake.movieRef._id]).not.toContain(yearless.movieRef._id);
    expect(yearless.movieRef.year).toBeNull();
    // Later yearless posts share it; a post with a year goes to its year's movie, never filling this one in.
    expect((await post({ movieTitle: "Solaris" })).movieRef._id).toBe(yearless.movieRef._id);
    expect((await post({ movieTitle: "Solaris", movieYear: 1968 })).movieRef._id).not.toBe(yearless.movieRef._id);
    expect(await moviesTitled("solaris")).toHaveLength(4);
  });

  it("a post with a year fills in the title's only movie when it has none", async () => {
    const bare = await post({ movieTitle: "Stalker" });
    const dated = await post({ movieTitle: "Stalker", movieYear: 1979, movieDirector: "Andrei Tarkovsky" });
    expect(dated.movieRef).toMatchObject({ _id: bare.movieRef._id, year: 1979, director: "Andrei Tarkovsky" });
    expect((await post({ movieTitle: "Stalker", movieYear: 2030 })).movieRef._id).not.toBe(bare.movieRef._id);
  });
});

describe("books are told apart by title and author", () => {
  it("two authors, two books; an author's spelling and initials do not matter", async () => {
    const herbert = await post({ bookTitle: "Dune", bookAuthor: "Frank Herbert" });
    const other = await post({ bookTitle: "Dune", bookAuthor: "Someone Else" });
    expect(other.bookRef._id).not.toBe(herbert.bookRef._id);
    expect((await post({ bookTitle: "dune", bookAuthor: " FRANK  HERBERT " })).bookRef._id).toBe(herbert.bookRef._id);

    const tolkien = await post({ bookTitle: "The Hobbit", bookAuthor: "J.R.R. Tolkien" });
    const initials = await post({ bookTitle: "Hobbit, The", bookAuthor: "J. R. R. Tolkien" });
    expect(initials.bookRef).toMatchObject({ _id: tolkien.bookRef._id, author: "J.R.R. Tolkien" });
  });

  it("a post without an author joins the one book of its title, else the title's book without an author", async () => {
    const only = await post({ bookTitle: "Roadside Picnic", bookAuthor: "Strugatsky" });
    expect((await post({ bookTitle: "Roadside Picnic" })).bookRef._id).toBe(only.bookRef._id);
    await post({ bookTitle: "Roadside Picnic", bookAuthor: "Another Writer" });
    const authorless = await post({ bookTitle: "Roadside Picnic" });
    expect(authorless.bookRef.author).toBe("");
    expect((await post({ bookTitle: "Roadside Picnic" })).bookRef._id).toBe(authorless.bookRef._id);
    expect(await booksTitled("roadside picnic")).toHaveLength(3);
  });
});

describe("external ids", () => {
  it("are stored, shown on every shape with absent ones left out, and win over the title", async () => {
    const matrix = await post({
      movieTitle: "The Matrix",
      movieYear: 1999,
      movieTmdbId: "603",
      movieImdbId: "tt0133093",
      bookTitle: "Neuromancer",
      bookAuthor: "William Gibson",
      bookIsbn: "0-441-56959-5",
      bookOpenLibraryId: "OL27258W",
      bookWikidataId: "Q662029",
    });
    expect(matrix.movieRef.externalIds).toEqual({ tmdb: "603", imdb: "tt0133093" });
    expect(matrix.bookRef).toMatchObject({
      isbn: "0-441-56959-5",
      externalIds: { openLibrary: "OL27258W", isbn13: "9780441569595", wikidata: "Q662029" },
    });
    expect((await api(app, "GET", `/movies/${matrix.movieRef._id}`)).body.externalIds).toEqual({
      tmdb: "603",
      imdb: "tt0133093",
    });
    expect((await api(app, "GET", `/books/${matrix.bookRef._id}`)).body.externalIds).toEqual({
      openLibrary: "OL27258W",
      isbn13: "9780441569595",
      wikidata: "Q662029",
    });
    const listed = await api(app, "GET", `/movies/${matrix.movieRef._id}/connections`);
    expect(listed.body[0].movieRef.externalIds).toEqual({ tmdb: "603", imdb: "tt0133093" });
    expect((await post({})).movieRef.externalIds).toEqual({});

    // Another title, another year: the id says which film it is.
    const byTmdb = await post({ movieTitle: "Matrix (1999 film)", movieYear: 2003, movieTmdbId: "0603" });
    expect(byTmdb.movieRef).toMatchObject({ _id: matrix.movieRef._id, title: "The Matrix", year: 1999 });
    expect((await post({ movieTitle: "Whatever", movieImdbId: "tt0133093" })).movieRef._id).toBe(matrix.movieRef._id);
    // An ISBN-13 of the same book finds it too, typed as ISBN-10 earlier.
    const byIsbn = await post({ bookTitle: "Neuromancer: a novel", bookIsbn: "978-0-441-56959-5" });
    expect(byIsbn.bookRef._id).toBe(matrix.bookRef._id);
    expect((await post({ bookTitle: "N", bookOpenLibraryId: "OL27258W" })).bookRef._id).toBe(matrix.bookRef._id);
  });

  it("fill a work that has none, and never overwrite one it has", async () => {
    const bare = await post({ movieTitle: "Arrival", movieYear: 2016 });
    expect(bare.movieRef.externalIds).toEqual({});
    const filled = await post({
      movieTitle: "Arrival",
      movieYear: 2016,
      movieTmdbId: "329865",
      movieWikidataId: "Q20022969",
    });
    expect(filled.movieRef).toMatchObject({
      _id: bare.movieRef._id,
      externalIds: { tmdb: "329865", wikidata: "Q20022969" },
    });
    const other = await post({
      movieTitle: "Arrival",
      movieYear: 2016,
      movieTmdbId: "999999",
      movieImdbId: "tt2543164",
    });
    expect(other.movieRef).toMatchObject({
      _id: bare.movieRef._id,
      externalIds: { tmdb: "329865", imdb: "tt2543164", wikidata: "Q20022969" },
    });
    // The 1996 film is another work; an id the 2016 one holds still means the 2016 one.
    const second = await post({ movieTitle: "Arrival", movieYear: 1996, movieImdbId: "tt0115571" });
    expect(second.movieRef).toMatchObject({ year: 1996, externalIds: { imdb: "tt0115571" } });
    const third = await post({ movieTitle: "Arrival", movieYear: 1996, movieWikidataId: "Q20022969" });
    expect(third.movieRef._id).toBe(bare.movieRef._id);
  });

  it("keep an ISBN that does not check out as typed, without an ISBN-13", async () => {
    const typed = await post({ bookTitle: "Odd Edition", bookIsbn: "0-441-56959-4" });
    expect(typed.bookRef).toMatchObject({ isbn: "0-441-56959-4", externalIds: {} });
  });

  it.each([
    ["movieTmdbId", "tt0133093", "TMDB ID must be a number."],
    ["movieImdbId", "0133093", "IMDb ID must look like tt0123456."],
    ["movieWikidataId", "42", "Wikidata ID must look like Q42."],
    ["bookWikidataId", "Q-4", "Wikidata ID must look like Q42."],
    ["bookOpenLibraryId", "OL27258", "Open Library ID must look like OL45804W."],
  ])("refuse a malformed %s (%s) with a 400 and its message, storing nothing", async (field, value, message) => {
    const before = await app.db.select({ n: count() }).from(connections);
    const response = await api(app, "POST", "/connections", {
      token,
      body: { movieTitle: "Refused Film", bookTitle: "Refused Book", [field]: value },
    });
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect(await app.db.select({ n: count() }).from(connections)).toEqual(before);
    expect(await moviesTitled("refused film")).toHaveLength(0);
  });
});

describe("racing posts of the same work", () => {
  it("share one row, by title and year, by title alone, and by external id", async () => {
    const race = (fields: (n: number) => Record<string, unknown>) =>
      Promise.all([1, 2, 3, 4, 5, 6].map((n) => post(fields(n))));
    const byYear = await race((n) => ({ movieTitle: n % 2 ? "Race, The" : "The Race", movieYear: 2001 }));
    expect(new Set(byYear.map((r) => r.movieRef._id)).size).toBe(1);
    const yearless = await race(() => ({ movieTitle: "Yearless Race" }));
    expect(new Set(yearless.map((r) => r.movieRef._id)).size).toBe(1);
    const byId = await race((n) => ({
      movieTitle: `Race Alias ${n}`,
      movieTmdbId: "4242",
      bookTitle: "Race Book",
      bookAuthor: n % 2 ? "A. B. Writer" : "A.B. Writer",
    }));
    expect(new Set(byId.map((r) => r.movieRef._id)).size).toBe(1);
    expect(new Set(byId.map((r) => r.bookRef._id)).size).toBe(1);
    expect(await app.db.select({ n: count() }).from(movies).where(eq(movies.tmdbId, "4242"))).toEqual([{ n: 1 }]);
  });
});

describe("editing a book's author", () => {
  it("moves the one connection to the book with that title and author by their keys, never changing others", async () => {
    const lem = await post({ bookTitle: "Solaris (novel)", bookAuthor: "Stanisław Lem" });
    const bare = await post({ bookTitle: "Solaris (novel)", bookAuthor: "Someone" });
    const edited = await api(app, "PUT", `/connections/${bare._id}`, {
      token,
      body: { bookAuthor: "  STANISŁAW   lem " },
    });
    expect(edited.body.bookRef).toMatchObject({ _id: lem.bookRef._id, author: "Stanisław Lem" });
    // A new author makes a new book rather than filling in one without an author.
    const anonymous = await post({ bookTitle: "Untold Tale" });
    const other = await post({ bookTitle: "Untold Tale" });
    expect(other.bookRef._id).toBe(anonymous.bookRef._id);
    const renamed = await api(app, "PUT", `/connections/${other._id}`, { token, body: { bookAuthor: "A. Writer" } });
    expect(renamed.body.bookRef._id).not.toBe(anonymous.bookRef._id);
    expect((await api(app, "GET", `/connections/${anonymous._id}`)).body.bookRef.author).toBe("");
  });
});
