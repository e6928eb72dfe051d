import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ARTWORK_TIMEOUT_MS, fetchArtwork } from "../../worker/core/catalog/index.ts";
import { sniffImageType } from "../../worker/core/images/index.ts";
import type { Env } from "../../worker/env.ts";
import { startFakeProviders } from "../support/fake-providers.ts";

// The server-side artwork fetch against local fakes of TMDB and Open Library's Covers API.
let fakes: Awaited<ReturnType<typeof startFakeProviders>>;
let services: { env: Env; origin: string };
beforeAll(async () => {
  fakes = await startFakeProviders();
  services = { env: fakes.vars as unknown as Env, origin: "https://moviebooks.example" };
});
afterAll(() => fakes?.close());
beforeEach(() => {
  for (const fake of fakes.all) {
    fake.mode = "ok";
    fake.images = "png";
    fake.requests.length = 0;
  }
});

describe("fetchArtwork", () => {
  it("fetches a movie's poster from TMDB by its id, as an upload storeImage takes", async () => {
    const image = await fetchArtwork(services, { type: "movie", externalIds: { tmdb: "331482" } });
    expect(image?.type).toBe("image/png");
    expect(sniffImageType(image?.bytes ?? new Uint8Array())).toBe("image/png");
    expect(fakes.tmdb.requests.map((request) => request.path.split("?")[0])).toEqual([
      "/movie/331482",
      "/t/p/w500/yn5ihODtZ7ofn8pDYfxCmxh8AXI.jpg",
    ]);
  });

  it("fetches a book's cover through its Open Library work, following the Covers API's redirect", async () => {
    const image = await fetchArtwork(services, { type: "book", externalIds: { openLibrary: "OL902W" } });
    expect(image?.type).toBe("image/png");
    expect(fakes.openLibrary.requests.map((request) => request.path)).toEqual([
      "/works/OL902W.json",
      "/b/id/900002-L.jpg",
      "/download/id-900002-L.jpg",
    ]);
    expect(fakes.openLibrary.requests[0]?.headers["user-agent"]).toBe("MovieBooks/1.0 (+https://moviebooks.example)");
  });

  it("falls back to the ISBN, and a book without a cover anywhere has none", async () => {
    expect(await fetchArtwork(services, { type: "book", externalIds: { isbn13: "9780553418026" } })).not.toBeNull();
    const none = await fetchArtwork(services, {
      type: "book",
      externalIds: { openLibrary: "OL901W", isbn13: "9780000000002" },
    });
    expect(none).toBeNull();
    expect(fakes.openLibrary.requests.at(-1)?.path).toBe("/b/isbn/9780000000002-L.jpg?default=false");
  });

  it("answers null for what is not a picture, a picture over 5 MB, and a failing provider", async () => {
    fakes.tmdb.images = "html";
    expect(await fetchArtwork(services, { type: "movie", externalIds: { tmdb: "331482" } })).toBeNull();
    fakes.tmdb.images = "huge";
    expect(await fetchArtwork(services, { type: "movie", externalIds: { tmdb: "331482" } })).toBeNull();
    fakes.openLibrary.mode = "fail";
    expect(await fetchArtwork(services, { type: "book", externalIds: { openLibrary: "OL902W" } })).toBeNull();
    fakes.openLibrary.mode = "garbage";
    expect(await fetchArtwork(services, { type: "book", externalIds: { openLibrary: "OL902W" } })).toBeNull();
  });

  it("gives up on a provider that never answers within its time limit", async () => {
    fakes.openLibrary.mode = "hang";
    const started = Date.now();
    expect(await fetchArtwork(services, { type: "book", externalIds: { openLibrary: "OL902W" } })).toBeNull();
    expect(Date.now() - started).toBeLessThan(ARTWORK_TIMEOUT_MS + 1000);
  });

  it("builds addresses only from well-formed ids, never asking anything else", async () => {
    const odd = [
      { type: "movie", externalIds: { tmdb: "../../admin" } },
      { type: "movie", externalIds: { tmdb: "http://169.254.169.254/" } },
      { type: "book", externalIds: { openLibrary: "OL1W/../../x", isbn13: "97800000000?x=1" } },
    ] as const;
    for (const work of odd) expect(await fetchArtwork(services, work)).toBeNull();
    expect(fakes.all.flatMap((fake) => fake.requests)).toEqual([]);
  });

  it("asks TMDB nothing without a key", async () => {
    const { TMDB_API_KEY: _, ...withoutKey } = fakes.vars;
    const env = withoutKey as unknown as Env;
    expect(await fetchArtwork({ ...services, env }, { type: "movie", externalIds: { tmdb: "331482" } })).toBeNull();
    expect(fakes.tmdb.requests).toEqual([]);
  });
});
