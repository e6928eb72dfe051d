import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROVIDER_TIMEOUT_MS } from "../../worker/core/catalog/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { startFakeProviders } from "../support/fake-providers.ts";
import { api, registerUser } from "../support/http.ts";
import { type RunningWorker, startWorker } from "../support/worker.ts";

// API.md "Catalog with identity", GET /catalog/lookup: the local catalog first, then TMDB (with a key), Open Library
// and Wikidata, each a local fake of its documented API; failures and slowness cost suggestions, never the answer.
let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
let app: TestApp;
/** The same site without TMDB_API_KEY, and with no provider reachable at all. */
let withoutKey: RunningWorker;
let offline: RunningWorker;
let localMovieId: string;
let localBookId: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  app = await startTestApp({ vars: fakes.vars });
  const { TMDB_API_KEY: _, ...keyless } = fakes.vars;
  [withoutKey, offline] = await Promise.all([
    startWorker({ databaseUrl: app.databaseUrl, vars: keyless }),
    startWorker({ databaseUrl: app.databaseUrl }),
  ]);
  const member = await registerUser(app);
  const created = await api(app, "POST", "/connections", {
    token: member.token,
    body: {
      movieTitle: "Little Women",
      movieYear: 2019,
      movieDirector: "Greta Gerwig",
      bookTitle: "Little Women",
      bookAuthor: "Louisa May Alcott",
      kind: "adaptation",
    },
  });
  localMovieId = created.body.movieRef._id;
  localBookId = created.body.bookRef._id;
});
afterAll(async () => {
  await Promise.all([withoutKey?.close(), offline?.close()]);
  await app?.close();
  await fakes?.close();
});
beforeEach(() => {
  for (const fake of fakes.all) fake.mode = "ok";
});

async function lookup(params: Record<string, string>, site: { url: string } = app) {
  const started = Date.now();
  const response = await api({ url: site.url } as TestApp, "GET", `/catalog/lookup?${new URLSearchParams(params)}`);
  return { ...response, ms: Date.now() - started };
}
const requestCount = () => fakes.all.reduce((sum, fake) => sum + fake.requests.length, 0);

describe("GET /api/catalog/lookup", () => {
  it("answers the catalog's movie first, with the providers' ids for it, and each other film once", async () => {
    const { status, body } = await lookup({ type: "movie", q: "Little Women" });
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        source: "local",
        _id: localMovieId,
        title: "Little Women",
        year: 2019,
        director: "Greta Gerwig",
        posterUrl: `${fakes.tmdb.url}/t/p/w185/yn5ihODtZ7ofn8pDYfxCmxh8AXI.jpg`,
        externalIds: { tmdb: "331482", imdb: "tt3281548", wikidata: "Q900001" },
        genres: ["Drama", "Romance"],
        actors: ["Saoirse Ronan", "Emma Watson", "Florence Pugh"],
      },
      {
        source: "tmdb",
        title: "Little Women",
        year: 1994,
        director: "Gillian Armstrong",
        posterUrl: `${fakes.tmdb.url}/t/p/w185/1ZzH1XMcKAe5NdrKL5MfcqZHHsZ.jpg`,
        externalIds: { tmdb: "9587", imdb: "tt0110367", wikidata: "Q900002" },
        genres: ["Drama", "Romance"],
        actors: ["Winona Ryder", "Gabriel Byrne", "Trini Alvarado"],
      },
      expect.objectContaining({ source: "tmdb", year: 1933, director: "George Cukor", posterUrl: "" }),
    ]);
    // TMDB was asked with the key, Open Library not at all for a movie; Wikidata's series and disambiguation
    // page are not films.
    expect(fakes.tmdb.requests.find((request) => request.path.startsWith("/search/movie"))?.path).toContain(
      `api_key=${fakes.tmdb.apiKey}`,
    );
    expect(fakes.openLibrary.requests).toEqual([]);
  });

  it("answers the catalog's book first, then Open Library's and Wikidata's others, named to their site", async () => {
    const { status, body } = await lookup({ type: "book", q: "little women" });
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        source: "local",
        _id: localBookId,
        title: "Little Women",
        year: 1868,
        author: "Louisa May Alcott",
        coverUrl: `${fakes.openLibrary.url}/b/id/900001-M.jpg`,
        externalIds: { openLibrary: "OL900W", isbn13: "9780147514011", wikidata: "Q900003" },
        genres: [],
      },
      {
        source: "openlibrary",
        title: "Little Women and Werewolves",
        year: 2010,
        author: "Porter Grand",
        coverUrl: "",
        externalIds: { openLibrary: "OL901W", isbn13: "9780345523020" },
        genres: [],
      },
    ]);
    const userAgent = `MovieBooks/1.0 (+${app.url})`;
    expect(fakes.openLibrary.requests.at(-1)?.headers["user-agent"]).toBe(userAgent);
    expect(fakes.wikidata.requests.at(-1)?.headers["user-agent"]).toBe(userAgent);
    expect(fakes.openLibrary.requests.at(-1)?.path).toContain("fields=key%2Ctitle%2Cauthor_name");
  });

  it("keeps to the year asked for, and passes it to TMDB", async () => {
    const { body } = await lookup({ type: "movie", q: "Little Women", year: "1994" });
    expect(body.map((candidate: { year: number }) => candidate.year)).toEqual([1994]);
    expect(fakes.tmdb.requests.some((request) => request.path.includes("primary_release_year=1994"))).toBe(true);
  });

  it("asks TMDB only when TMDB_API_KEY is set", async () => {
    const before = fakes.tmdb.requests.length;
    const { status, body } = await lookup({ type: "movie", q: "The Martian" }, withoutKey);
    expect(status).toBe(200);
    expect(fakes.tmdb.requests.length).toBe(before);
    expect(body).toEqual([
      expect.objectContaining({ source: "wikidata", title: "The Martian", year: 2015, director: "Ridley Scott" }),
    ]);
  });

  it("leaves out a provider that answers 500 or garbage, and answers with the others", async () => {
    fakes.openLibrary.mode = "fail";
    const failed = await lookup({ type: "book", q: "Dune" });
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual([
      expect.objectContaining({ source: "wikidata", title: "Dune", author: "Frank Herbert", year: 1965 }),
    ]);
    fakes.openLibrary.mode = "garbage";
    fakes.tmdb.mode = "garbage";
    const garbled = await lookup({ type: "movie", q: "Dune" });
    expect(garbled.status).toBe(200);
    expect(garbled.body).toEqual([
      expect.objectContaining({ source: "wikidata", title: "Dune", director: "Denis Villeneuve", year: 2021 }),
    ]);
  });

  it("does not wait for a provider that never answers past the time limit", async () => {
    fakes.wikidata.mode = "hang";
    const { status, body, ms } = await lookup({ type: "book", q: "The Martian" });
    expect(status).toBe(200);
    expect(ms).toBeLessThan(PROVIDER_TIMEOUT_MS + 1000);
    expect(body).toEqual([
      expect.objectContaining({ source: "openlibrary", title: "The Martian", author: "Andy Weir", year: 2011 }),
    ]);
    expect(fakes.wikidata.count("/w/api.php?action=wbsearchentities")).toBeGreaterThan(0);
  });

  it("answers the catalog's works in time when every provider hangs", async () => {
    for (const fake of fakes.all) fake.mode = "hang";
    const { status, body, ms } = await lookup({ type: "movie", q: "Little" });
    expect(status).toBe(200);
    expect(ms).toBeLessThan(PROVIDER_TIMEOUT_MS + 1000);
    expect(body).toEqual([expect.objectContaining({ source: "local", _id: localMovieId, externalIds: {} })]);
  });

  it("answers a repeated lookup from the cache without asking the providers again", async () => {
    const params = { type: "movie", q: "Dune", year: "2021" };
    const first = await lookup(params);
    expect(first.body).toHaveLength(1);
    // The answers are kept after the response (waitUntil); soon a repeat reaches no provider.
    await expect
      .poll(async () => {
        const before = requestCount();
        await lookup({ ...params, q: " DUNE " });
        return requestCount() - before;
      })
      .toBe(0);
    const before = requestCount();
    const repeated = await lookup(params);
    expect(requestCount()).toBe(before);
    expect(repeated.body).toEqual(first.body);
  });

  it("answers the local catalog alone when no provider is reachable", async () => {
    const { status, body } = await lookup({ type: "book", q: "Little Women" }, offline);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        source: "local",
        _id: localBookId,
        title: "Little Women",
        year: null,
        author: "Louisa May Alcott",
        coverUrl: "",
        externalIds: {},
        genres: [],
      },
    ]);
  });

  it("finds the catalog's works by the start of their title's key, whatever the case, accents or article", async () => {
    for (const q of ["the LITTLE wom", "Líttle Women", "little-women"]) {
      const { status, body } = await lookup({ type: "movie", q }, offline);
      expect({ q, status, ids: body.map((work: { _id: string }) => work._id) }).toEqual({
        q,
        status: 200,
        ids: [localMovieId],
      });
    }
  });

  it.each([
    [{ type: "movie", q: "a" }, "Search needs at least 2 characters."],
    [{ type: "book", q: "   é   " }, "Search needs at least 2 characters."],
    [{ type: "movie" }, "Search needs at least 2 characters."],
    [{ type: "album", q: "Dune" }, "Type must be movie or book."],
    [{ q: "Dune" }, "Type must be movie or book."],
    [{ type: "movie", q: "Dune", year: "19x4" }, "Year must be a year between 1000 and 2100."],
    [{ type: "movie", q: "Dune", year: "3000" }, "Year must be a year between 1000 and 2100."],
    [{ type: "movie", q: "x".repeat(201) }, "Search can be at most 200 characters."],
    // FTS5 reads a NUL as the end of its query: refused as typed text is, never a failed query.
    [{ type: "movie", q: "ab\u0000cd" }, "Search cannot contain control characters (such as NUL)."],
    [{ type: "book", q: "ab\u0007cd" }, "Search cannot contain control characters (such as NUL)."],
  ])("answers 400 for %j, asking no provider", async (params, message) => {
    const before = requestCount();
    const { status, body } = await lookup(params as Record<string, string>);
    expect({ status, body }).toEqual({ status: 400, body: { message } });
    expect(requestCount()).toBe(before);
  });

  it("lets pages show the providers' thumbnails (Content-Security-Policy img-src)", async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.headers.get("Content-Security-Policy")).toContain(
      `img-src 'self' data: blob: ${fakes.tmdb.url} ${fakes.openLibrary.url} https://archive.org https://*.archive.org`,
    );
  });
});
