import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ARTWORK_TIMEOUT_MS } from "../../worker/core/catalog/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { startFakeProviders } from "../support/fake-providers.ts";
import { api, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

// Issue 14: a work picked from the suggestions brings its poster or cover, fetched by the server from the provider
// by its id (decision 020) when the member chose none and the work has none; a provider that fails or hangs costs
// the picture, never the post.
let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
let app: TestApp;
let token: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  app = await startTestApp({ vars: fakes.vars });
  token = (await registerUser(app)).token;
});
afterAll(async () => {
  await app?.close();
  await fakes?.close();
});
beforeEach(() => {
  for (const fake of fakes.all) {
    fake.mode = "ok";
    fake.images = "png";
    fake.requests.length = 0;
  }
});

const post = (body: Record<string, unknown> | FormData) => api(app, "POST", "/connections", { token, body });

async function imageBytes(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe("artwork for a picked work", () => {
  it("stores the provider's poster and cover in R2 for works picked by their ids", async () => {
    const { status, body } = await post({
      movieTitle: "Little Women",
      movieYear: 2019,
      movieTmdbId: "331482",
      bookTitle: "Stories of Your Life and Others",
      bookAuthor: "Ted Chiang",
      bookOpenLibraryId: "OL902W",
    });
    expect(status).toBe(201);
    expect(body.movieRef.externalIds).toEqual({ tmdb: "331482" });
    expect(body.movieRef.posterPath).toMatch(new RegExp(`^${app.url}/images/posters/[0-9a-f]{24}\\.png$`));
    expect(body.bookRef.coverPath).toMatch(new RegExp(`^${app.url}/images/covers/[0-9a-f]{24}\\.png$`));
    expect((await imageBytes(body.movieRef.posterPath)).length).toBeGreaterThan(0);
    expect((await imageBytes(body.bookRef.coverPath)).length).toBeGreaterThan(0);
    expect(fakes.tmdb.count("/t/p/")).toBe(1);

    // The next post of the same film finds its poster in place and asks nobody.
    fakes.tmdb.requests.length = 0;
    const again = await post({ movieTitle: "Little Women", movieTmdbId: "331482", context: "Again." });
    expect(again.status).toBe(201);
    expect(again.body.movieRef.posterPath).toBe(body.movieRef.posterPath);
    expect(fakes.tmdb.requests).toEqual([]);
  });

  it("keeps the member's own poster and does not ask the provider for one", async () => {
    const poster = testPng("own poster");
    const form = new FormData();
    form.set("movieTitle", "The Martian");
    form.set("movieTmdbId", "286217");
    form.set("context", "My poster, please.");
    form.set("moviePoster", new File([poster as BlobPart], "poster.png", { type: "image/png" }));
    const { status, body } = await post(form);
    expect(status).toBe(201);
    expect(await imageBytes(body.movieRef.posterPath)).toEqual(poster);
    expect(fakes.tmdb.count("/t/p/")).toBe(0);
  });

  it("posts without a picture when the provider fails, sends no image, or hangs", async () => {
    fakes.tmdb.mode = "fail";
    const failed = await post({ movieTitle: "Dune", movieYear: 2021, movieTmdbId: "438631", context: "Still posts." });
    expect(failed.status).toBe(201);
    expect(failed.body.movieRef.posterPath).toBe("");

    fakes.tmdb.mode = "ok";
    fakes.tmdb.images = "html";
    const notImage = await post({ movieTitle: "Dune", movieYear: 1984, movieTmdbId: "841", context: "Still posts." });
    expect(notImage.status).toBe(201);
    expect(notImage.body.movieRef.posterPath).toBe("");

    fakes.openLibrary.mode = "hang";
    const started = Date.now();
    const hung = await post({
      bookTitle: "Hanging Provider Book",
      bookAuthor: "Someone",
      bookOpenLibraryId: "OL903W",
      context: "Posts.",
    });
    expect(hung.status).toBe(201);
    expect(hung.body.bookRef.coverPath).toBe("");
    expect(Date.now() - started).toBeLessThan(ARTWORK_TIMEOUT_MS + 1500);
  });
});
