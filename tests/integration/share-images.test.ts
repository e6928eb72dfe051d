import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postConnectionWithImages } from "../support/connections.ts";
import { api, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";
import { metaContent } from "../support/page-meta.ts";

// Issue 15, share images: each connection a visitor may see has a 1200×630 PNG (poster and cover beside the
// titles), rendered in the Worker when it is posted or its images change, kept in R2 under `share/<id>.png`, and
// served at a URL carrying the version of what it draws. Hidden connections have none to show.

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>>;
let author: Member;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's width and height, read from its IHDR chunk (the first, right after the signature). */
function pngSize(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function connect(who: Member, fields: Record<string, string>, files: Record<string, Uint8Array> = {}) {
  const posted = await postConnectionWithImages(app, who.token, fields, files);
  return posted as { _id: string; moviePosterUrl: string; screenshotUrl: string };
}

/** The og:image of a connection's page, as a visitor gets it. */
async function ogImage(id: string): Promise<string> {
  const html = await (await fetch(`${app.url}/connections/${id}`)).text();
  return metaContent(html, "property", "og:image") ?? "";
}

/** The stored share image's version once the background render has stored it (waitUntil outlives the answer). */
async function storedVersion(id: string, version?: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const object = await app.bucket.head(`share/${id}.png`);
    const stored = object?.customMetadata?.version;
    if (stored && (version === undefined || stored === version)) return stored;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

const versionOf = (url: string) => /-([0-9a-f]{8})\.png$/.exec(url)?.[1];

async function fetchPng(url: string) {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  // Reused for minutes at most, as the connection's own images: it answers 404 once the connection is hidden.
  expect(response.headers.get("cache-control")).toBe("public, max-age=300, immutable");
  return new Uint8Array(await response.arrayBuffer());
}

beforeAll(async () => {
  app = await startTestApp();
  author = await registerUser(app);
});

afterAll(async () => {
  await app?.close();
});

describe("a connection's share image", () => {
  it("is rendered once posted, named in the page's preview tags and served as a 1200×630 PNG", async () => {
    const posted = await connect(
      author,
      { movieTitle: "Share Film", bookTitle: "Share Novel", context: "Both end at sea." },
      { moviePoster: testPng("share-poster", { width: 200, height: 300 }), bookCover: testPng("share-cover") },
    );
    const html = await (await fetch(`${app.url}/connections/${posted._id}`)).text();
    const image = metaContent(html, "property", "og:image") ?? "";
    expect(image).toMatch(new RegExp(`^${app.url}/images/share/${posted._id}-[0-9a-f]{8}\\.png$`));
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "property", "og:image:height")).toBe("630");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "twitter:image")).toBe(image);
    expect(await storedVersion(posted._id)).toBe(versionOf(image));
    expect(pngSize(await fetchPng(image))).toEqual({ width: 1200, height: 630 });
  });

  it("gets a new URL when the screenshot changes, the older version replaced in R2", async () => {
    const posted = await connect(author, { movieTitle: "Edit Film", bookTitle: "Edit Novel", context: "Stills." });
    const before = await ogImage(posted._id);
    expect(await storedVersion(posted._id)).toBe(versionOf(before));
    const edited = await api(app, "PUT", `/connections/${posted._id}`, {
      token: author.token,
      body: (() => {
        const form = new FormData();
        form.set("screenshot", new File([testPng("edit-still", { width: 64, height: 36 }) as BlobPart], "s.png"));
        return form;
      })(),
    });
    expect(edited.status).toBe(200);
    const after = await ogImage(posted._id);
    expect(after).not.toBe(before);
    expect(await storedVersion(posted._id, versionOf(after))).toBe(versionOf(after));
    const listed = await app.bucket.list({ prefix: `share/${posted._id}` });
    expect(listed.objects.map((object) => object.key)).toEqual([`share/${posted._id}.png`]);
    const old = await fetch(before, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get("location") ?? "", app.url).href).toBe(after);
    expect(pngSize(await fetchPng(after))).toEqual({ width: 1200, height: 630 });
  });

  it("is rendered on first request when none is stored, and stored then", async () => {
    const posted = await connect(author, { movieTitle: "Lazy Film", bookTitle: "Lazy Novel", context: "Later." });
    const image = await ogImage(posted._id);
    await storedVersion(posted._id);
    await app.bucket.delete(`share/${posted._id}.png`);
    expect(pngSize(await fetchPng(image))).toEqual({ width: 1200, height: 630 });
    expect((await app.bucket.head(`share/${posted._id}.png`))?.customMetadata?.version).toBe(versionOf(image));
  });

  it("draws the placeholder when the stored artwork is not an image or too big", async () => {
    const posted = await connect(
      author,
      { movieTitle: "Broken Film", bookTitle: "Broken Novel", context: "Damaged." },
      { moviePoster: testPng("broken-poster") },
    );
    const image = await ogImage(posted._id);
    await storedVersion(posted._id);
    const posterKey = new URL(posted.moviePosterUrl).pathname.replace("/images/", "");
    for (const bytes of [new TextEncoder().encode("<svg>not a png</svg>"), new Uint8Array(3 * 1024 * 1024)]) {
      await app.bucket.put(posterKey, bytes);
      await app.bucket.delete(`share/${posted._id}.png`);
      expect(pngSize(await fetchPng(image))).toEqual({ width: 1200, height: 630 });
    }
  });

  it("renders hostile titles and text-only posts", async () => {
    const hostile = await connect(author, {
      movieTitle: `</text><script>alert(1)</script>&amp; ${"Long ".repeat(30)}`,
      bookTitle: `"><image href="file:///etc/passwd"/>`,
      context: "Escaped.",
    });
    const words = await connect(author, { context: `Only words ${"and more words ".repeat(60)}` });
    for (const posted of [hostile, words]) {
      expect(pngSize(await fetchPng(await ogImage(posted._id)))).toEqual({ width: 1200, height: 630 });
    }
  });

  it("is deleted with its connection", async () => {
    const posted = await connect(author, { movieTitle: "Gone Film", bookTitle: "Gone Novel", context: "Bye." });
    const image = await ogImage(posted._id);
    expect(await storedVersion(posted._id)).toBeDefined();
    expect((await api(app, "DELETE", `/connections/${posted._id}`, { token: author.token })).status).toBe(200);
    expect(await app.bucket.head(`share/${posted._id}.png`)).toBeNull();
    expect((await fetch(image)).status).toBe(404);
  });
});

describe("share images keep privacy", () => {
  it("answer 404 for a private or suspended member's connection, and for its R2 key as a plain image", async () => {
    const [privateMember, suspended] = [await registerUser(app), await registerUser(app)];
    const secret = await connect(privateMember, { movieTitle: "Secret", bookTitle: "Kept", context: "Hidden." });
    const banned = await connect(suspended, { movieTitle: "Banned", bookTitle: "Gone", context: "Hidden." });
    const urls = [await ogImage(secret._id), await ogImage(banned._id)];
    await api(app, "PUT", "/users/profile", { token: privateMember.token, body: { isPrivate: true } });
    await api(app, "POST", "/reports", {
      token: author.token,
      body: { targetType: "user", targetId: suspended._id, reason: "spam" },
    });
    const moderator = await registerModerator(app);
    await api(app, "POST", `/moderation/reports/${await openCaseOf(app, suspended._id)}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    for (const url of urls) expect((await fetch(url)).status).toBe(404);
    await storedVersion(secret._id);
    expect((await fetch(`${app.url}/images/share/${secret._id}.png`)).status).toBe(404);
    expect((await fetch(`${app.url}/images/share/nonsense-00000000.png`)).status).toBe(404);
  });
});

describe("the home page's share image", () => {
  it("is the site's static 1200×630 PNG", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(metaContent(html, "property", "og:image")).toBe(`${app.url}/share.png`);
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    const response = await fetch(`${app.url}/share.png`);
    expect(response.headers.get("content-type")).toContain("image/png");
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });
});
