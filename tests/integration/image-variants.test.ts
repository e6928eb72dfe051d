import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMissingVariants, imageVariantKeys } from "../../worker/core/images/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postConnectionWithImages } from "../support/connections.ts";
import { api, registerUser } from "../support/http.ts";
import { decodeWebp, testGif, testJpegOf, testPng } from "../support/images.ts";

// Issue 17, images (decision 036): every upload is also stored as WebP copies 200, 400 and 800 px wide (never wider
// than the upload) under the upload's own key as prefix; pages list them in srcset with a fixed width and height;
// the image route answers ETags and 304s; `npm run images:variants` gives older images their copies.

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>>;
let author: Member;

const WIDTHS = [200, 400, 800];
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/images\//, "");

async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.bucket.list({ cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

/** Each copy of a stored image, decoded: its width and height, and the content type R2 serves it with. */
async function copiesOf(key: string) {
  return Promise.all(
    WIDTHS.map(async (width) => {
      const object = await app.bucket.get(`${key}/${width}.webp`);
      expect(object, `${key}/${width}.webp`).not.toBeNull();
      const decoded = await decodeWebp(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0)));
      return { width, contentType: object?.httpMetadata?.contentType, size: [decoded.width, decoded.height] };
    }),
  );
}

/** The copies an image of this size should have: as wide as asked, never wider than the image, same proportions. */
function expectedCopies(size: { width: number; height: number }) {
  return WIDTHS.map((width) => {
    const copyWidth = Math.min(width, size.width);
    return {
      width,
      contentType: "image/webp",
      size: [copyWidth, Math.max(1, Math.round((size.height * copyWidth) / size.width))],
    };
  });
}

/** The `<img>` tags of a page, each as its attributes (names lower-cased: HTML attributes are case-insensitive). */
function imagesIn(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attributes = ""]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(([, name = "", value = ""]) => [
        name.toLowerCase(),
        value.replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

async function connect(fields: Record<string, string>, files: Record<string, Uint8Array> = {}) {
  return (await postConnectionWithImages(app, author.token, fields, files)) as {
    _id: string;
    moviePosterUrl: string;
    bookCoverUrl: string;
    screenshotUrl: string;
  };
}

beforeAll(async () => {
  app = await startTestApp();
  author = await registerUser(app);
});

afterAll(async () => {
  await app?.close();
});

describe("copies made at upload", () => {
  it("stores a PNG, a JPEG and a GIF as uploaded, each with WebP copies at 200, 400 and 800 px", async () => {
    const poster = testPng("variants poster", { width: 900, height: 1350 });
    const cover = await testJpegOf("variants cover", { width: 640, height: 960 });
    const screenshot = testGif();
    const posted = await connect(
      { movieTitle: "Variants Film", bookTitle: "Variants Book", context: "Copies at three widths." },
      { moviePoster: poster, bookCover: cover, screenshot },
    );

    const stored = await app.bucket.get(keyOf(posted.moviePosterUrl));
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(poster);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(await copiesOf(keyOf(posted.moviePosterUrl))).toEqual(expectedCopies({ width: 900, height: 1350 }));
    expect(await copiesOf(keyOf(posted.bookCoverUrl))).toEqual(expectedCopies({ width: 640, height: 960 }));
    // A 1×1 GIF: every copy is the GIF's own size, none is blown up.
    expect(await copiesOf(keyOf(posted.screenshotUrl))).toEqual(expectedCopies({ width: 1, height: 1 }));
    expect(await allKeys()).toEqual(
      expect.arrayContaining(
        [posted.moviePosterUrl, posted.bookCoverUrl, posted.screenshotUrl].flatMap((url) => [
          keyOf(url),
          ...imageVariantKeys(keyOf(url)),
        ]),
      ),
    );
  });

  it("gives a new profile picture its copies and removes the old picture's with it", async () => {
    const member = await registerUser(app);
    const upload = async (seed: string) => {
      const body = new FormData();
      body.set(
        "profilePicture",
        new File([testPng(seed, { width: 300, height: 300 }) as BlobPart], "me.png", { type: "image/png" }),
      );
      const response = await api(app, "PUT", "/users/profile/picture", { token: member.token, body });
      expect(response.status).toBe(200);
      return keyOf(response.body.profilePictureUrl as string);
    };
    const first = await upload("first picture");
    expect(await copiesOf(first)).toEqual(expectedCopies({ width: 300, height: 300 }));
    const second = await upload("second picture");
    expect(await copiesOf(second)).toEqual(expectedCopies({ width: 300, height: 300 }));
    const keys = await allKeys();
    expect(keys.filter((key) => key.startsWith(first))).toEqual([]);
  });

  it("stores nothing, neither originals nor copies, when any part of the upload is rejected", async () => {
    const before = await allKeys();
    const poster = testPng("rejected poster", { width: 400, height: 600 });
    const wrongType = new FormData();
    wrongType.set("movieTitle", "Rejected Film");
    wrongType.set("bookTitle", "Rejected Book");
    wrongType.set("moviePoster", new File([poster as BlobPart], "poster.png", { type: "image/png" }));
    wrongType.set("bookCover", new File(["not an image"], "cover.png", { type: "image/png" }));
    expect((await api(app, "POST", "/connections", { token: author.token, body: wrongType })).status).toBe(415);

    const noTitles = new FormData();
    noTitles.set("moviePoster", new File([poster as BlobPart], "poster.png", { type: "image/png" }));
    expect((await api(app, "POST", "/connections", { token: author.token, body: noTitles })).status).toBe(400);

    expect(await allKeys()).toEqual(before);
  });

  it("deletes the copies with the connection's own images", async () => {
    const posted = await connect(
      { movieTitle: "Short-lived Film", bookTitle: "Short-lived Book", context: "Soon gone." },
      { screenshot: testPng("short-lived screenshot", { width: 480, height: 270 }) },
    );
    const screenshot = keyOf(posted.screenshotUrl);
    expect(await copiesOf(screenshot)).toHaveLength(3);
    expect((await api(app, "DELETE", `/connections/${posted._id}`, { token: author.token })).status).toBe(200);
    expect((await allKeys()).filter((key) => key.startsWith(screenshot))).toEqual([]);
  });
});

describe("serving images", () => {
  let posted: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    posted = await connect(
      { movieTitle: "Served Film", bookTitle: "Served Book", context: "Cached for a year." },
      { moviePoster: testPng("served poster", { width: 500, height: 750 }) },
    );
  });

  it("answers originals and copies with an ETag, for a year, and 304 to a client that has them", async () => {
    for (const [url, type] of [
      [posted.moviePosterUrl, "image/png"],
      [`${posted.moviePosterUrl}/400.webp`, "image/webp"],
    ] as const) {
      const first = await fetch(url);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe(type);
      expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = first.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[^"]+"$/);
      await first.arrayBuffer();

      const again = await fetch(url, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await again.text()).toBe("");

      const changed = await fetch(url, { headers: { "If-None-Match": '"something-else"' } });
      expect(changed.status).toBe(200);
      await changed.arrayBuffer();
    }
  });

  it("answers a copy not made yet with the original, cached for an hour only", async () => {
    const copy = `${keyOf(posted.moviePosterUrl)}/200.webp`;
    const bytes = new Uint8Array((await (await app.bucket.get(copy))?.arrayBuffer()) ?? new ArrayBuffer(0));
    await app.bucket.delete(copy);
    const response = await fetch(`${posted.moviePosterUrl}/200.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(testPng("served poster", { width: 500, height: 750 }));
    await app.bucket.put(copy, bytes, { httpMetadata: { contentType: "image/webp" } });
  });

  it("serves no other keys: unknown images, copies of unknown widths, share images' R2 keys", async () => {
    for (const path of [
      "/images/posters/000000000000000000000000.png",
      `${new URL(posted.moviePosterUrl).pathname}/300.webp`,
      `/images/share/${posted._id}.png`,
      "/images/elsewhere/file.png",
    ]) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });

  it("gives share images an ETag and a 304 too", async () => {
    const html = await (await fetch(`${app.url}/connections/${posted._id}`)).text();
    const shareUrl = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(shareUrl).toContain("/images/share/");
    const first = await fetch(shareUrl);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();
    const again = await fetch(shareUrl, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    // A share image is kept as long as its connection's own images, five minutes (decision 028's addendum).
    expect(again.headers.get("cache-control")).toBe("public, max-age=300, immutable");
    await again.arrayBuffer();
  });
});

describe("pages", () => {
  let newest: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    await connect(
      { movieTitle: "Older Film", bookTitle: "Older Book", context: "Second on the feed." },
      {
        moviePoster: testPng("older poster", { width: 300, height: 450 }),
        bookCover: testPng("older cover", { width: 300, height: 450 }),
      },
    );
    newest = await connect(
      { movieTitle: "Newest Film", bookTitle: "Newest Book", context: "First on the feed." },
      {
        moviePoster: testPng("newest poster", { width: 300, height: 450 }),
        bookCover: testPng("newest cover", { width: 300, height: 450 }),
      },
    );
  });

  it("lists the copies in srcset with sizes, width and height, the first card's poster first and the rest lazily", async () => {
    const images = imagesIn(await (await fetch(`${app.url}/`)).text());
    const poster = images.find((image) => image.src === `${newest.moviePosterUrl}/400.webp`);
    expect(poster).toMatchObject({
      srcset: WIDTHS.map((width) => `${newest.moviePosterUrl}/${width}.webp ${width}w`).join(", "),
      sizes: "120px",
      width: "120",
      height: "180",
      fetchpriority: "high",
    });
    expect(poster).not.toHaveProperty("loading");
    // The first card's other pictures are in view too: not lazy, but not hurried either.
    const cover = images.find((image) => image.src === `${newest.bookCoverUrl}/400.webp`);
    expect(cover).not.toHaveProperty("loading");
    expect(cover).not.toHaveProperty("fetchpriority");
    // Only one picture is hurried, and every other card's pictures wait until they come near the screen.
    expect(images.filter((image) => image.fetchpriority === "high")).toHaveLength(1);
    const firstCardImages = new Set([poster, cover]);
    const later = images.filter((image) => image.srcset && !firstCardImages.has(image) && image.class !== "avatar");
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const image of later) {
      expect(image.loading).toBe("lazy");
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
    }
  });

  it("makes the connection's own page and a movie's page hurry their main picture", async () => {
    const detail = imagesIn(await (await fetch(`${app.url}/connections/${newest._id}`)).text());
    expect(detail.find((image) => image.src === `${newest.moviePosterUrl}/400.webp`)).toMatchObject({
      fetchpriority: "high",
    });
    const movieId = (await api(app, "GET", `/connections/${newest._id}`)).body.movieRef._id as string;
    const movie = imagesIn(await (await fetch(`${app.url}/movies/${movieId}`)).text());
    const cover = movie.find((image) => image.class === "catalog__cover");
    expect(cover).toMatchObject({ width: "240", height: "360", sizes: "240px", fetchpriority: "high" });
    expect(cover?.srcset).toContain("/800.webp 800w");
    expect(movie.filter((image) => image.fetchpriority === "high")).toHaveLength(1);
  });

  it("shows the picture a text-only post was shared with, after its text", async () => {
    const posted = await connect(
      { context: "A thought with a picture." },
      { screenshot: testPng("text post picture", { width: 640, height: 360 }) },
    );
    expect(posted.screenshotUrl).toBeTruthy();
    const html = await (await fetch(`${app.url}/connections/${posted._id}`)).text();
    const picture = imagesIn(html).find((image) => image.src === `${posted.screenshotUrl}/400.webp`);
    expect(picture).toMatchObject({ class: "card__screenshot", width: "320", height: "180", fetchpriority: "high" });
    expect(picture?.alt).toMatch(/^Picture shared by /);
    // A post with a book and no movie names no movie either.
    const bookOnly = await connect(
      { bookTitle: "A Book Alone", context: "Only the book this time." },
      { screenshot: testPng("book post picture", { width: 640, height: 360 }) },
    );
    const bookPage = imagesIn(await (await fetch(`${app.url}/connections/${bookOnly._id}`)).text());
    expect(bookPage.find((image) => image.class === "card__screenshot")?.alt).toMatch(/^Picture shared by /);
    const body = html.slice(html.indexOf("<main"));
    expect(body.indexOf("A thought with a picture.")).toBeGreaterThan(0);
    expect(body.indexOf("A thought with a picture.")).toBeLessThan(body.indexOf('class="card__screenshot"'));
  });

  it("shows placeholders and the default avatar as they are, without copies", async () => {
    const posted = await connect({ movieTitle: "Bare Film", bookTitle: "Bare Book", context: "No pictures." });
    const images = imagesIn(await (await fetch(`${app.url}/connections/${posted._id}`)).text());
    expect(images).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ src: "/placeholder-poster.png", width: "120", height: "180" }),
        expect.objectContaining({ src: "/placeholder-cover.png" }),
        expect.objectContaining({ src: "/images/default-avatar.png" }),
      ]),
    );
    for (const image of images.filter((image) => !image.src?.startsWith("http"))) {
      expect(image.srcset).toBeUndefined();
    }
  });
});

describe("npm run images:variants", () => {
  it("gives images stored before copies existed their copies, and finds nothing to do the second time", async () => {
    const posted = await connect(
      { movieTitle: "Legacy Film", bookTitle: "Legacy Book", context: "Stored before copies." },
      {
        moviePoster: testPng("legacy poster", { width: 600, height: 900 }),
        screenshot: await testJpegOf("legacy screenshot", { width: 1280, height: 720 }),
      },
    );
    // As the bucket was before decision 036: originals only (and one written straight into R2 with no row).
    const legacy = [keyOf(posted.moviePosterUrl), keyOf(posted.screenshotUrl)];
    await app.bucket.delete(legacy.flatMap(imageVariantKeys));
    const orphan = "covers/111111111111111111111111.png";
    await app.bucket.put(orphan, testPng("orphan cover", { width: 200, height: 300 }), {
      httpMetadata: { contentType: "image/png" },
    });
    const stale = await fetch(`${posted.screenshotUrl}/400.webp`);
    expect(stale.headers.get("content-type")).toBe("image/jpeg");
    // The copy will take the original's place under this URL: not an answer to keep as immutable.
    expect(stale.headers.get("cache-control")).toBe("public, max-age=300");
    await stale.arrayBuffer();

    const first = await addMissingVariants(app.bucket, { maxPixels: 100_000_000 });
    expect(first.converted).toBe(3);
    expect(first.skipped).toEqual([]);
    expect(first.alreadyDone).toBe(first.images - 3);
    expect(await copiesOf(legacy[0] ?? "")).toEqual(expectedCopies({ width: 600, height: 900 }));
    expect(await copiesOf(legacy[1] ?? "")).toEqual(expectedCopies({ width: 1280, height: 720 }));
    expect(await copiesOf(orphan)).toEqual(expectedCopies({ width: 200, height: 300 }));

    // The page's copy URLs now answer WebP, with the screenshot's own lifetime: a connection's images are kept for
    // minutes, so a member turning private takes effect soon everywhere (decision 028).
    const images = imagesIn(await (await fetch(`${app.url}/connections/${posted._id}`)).text());
    const screenshot = images.find((image) => image.class === "card__screenshot");
    const copy = await fetch(screenshot?.src ?? "");
    expect(copy.headers.get("content-type")).toBe("image/webp");
    expect(copy.headers.get("cache-control")).toBe("public, max-age=300, immutable");
    await copy.arrayBuffer();

    const keys = await allKeys();
    const second = await addMissingVariants(app.bucket, { maxPixels: 100_000_000 });
    expect(second).toEqual({ images: first.images, converted: 0, alreadyDone: first.images, skipped: [] });
    expect(await allKeys()).toEqual(keys);
  });

  it("skips objects that are not images it can read, and keeps them", async () => {
    const broken = "posters/222222222222222222222222.png";
    await app.bucket.put(broken, new TextEncoder().encode("not a png"), { httpMetadata: { contentType: "image/png" } });
    const report = await addMissingVariants(app.bucket, { maxPixels: 100_000_000 });
    expect(report.skipped).toEqual([broken]);
    expect(await app.bucket.head(broken)).not.toBeNull();
    await app.bucket.delete(broken);
  });
});
