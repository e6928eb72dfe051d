import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_MESSAGES, imageMessages } from "../../worker/core/connections/index.ts";
import { books, connections, movies, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";
import { pngClaimingSize, testPng } from "../support/images.ts";
import { appendedPolyglot, pngWithHiddenPage } from "../support/polyglots.ts";

let app: TestApp;
let author: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  app = await startTestApp();
  author = await registerUser(app);
});
afterAll(() => app?.close());

const poster = testPng("poster");
const cover = testPng("cover");

async function objectCount() {
  let total = 0;
  let cursor: string | undefined;
  do {
    const page = await app.bucket.list({ cursor });
    total += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return total;
}
const rowCount = async () => (await app.db.select({ n: count() }).from(connections))[0]!.n;

function form(
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array; name: string; type: string }> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, file] of Object.entries(files))
    body.set(name, new File([file.bytes as BlobPart], file.name, { type: file.type }));
  return body;
}

describe("POST /api/connections", () => {
  it("needs a member", async () => {
    expect((await api(app, "POST", "/connections", { body: { context: "x" } })).status).toBe(401);
  });

  it("creates a full connection from multipart with images, answering the full shape", async () => {
    const response = await api(app, "POST", "/connections", {
      token: author.token,
      body: form(
        {
          movieTitle: "Arrival",
          bookTitle: "Story of Your Life",
          context: "Language shapes time.",
          tags: "Adaptation,  Sci  Fi , adaptation",
          movieGenres: "Science Fiction, Drama",
          movieDirector: "Denis Villeneuve",
          movieActors: "Amy Adams, Jeremy Renner",
          movieYear: "2016",
          bookGenres: "Novella",
          bookAuthor: "Ted Chiang",
          bookPublicationYear: "1998",
        },
        {
          moviePoster: { bytes: poster, name: "poster.png", type: "image/png" },
          bookCover: { bytes: cover, name: "cover.png", type: "image/png" },
        },
      ),
    });
    expect(response.status).toBe(201);
    const connection = response.body;
    expect(connection).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userRef: {
        _id: author._id,
        username: author.username,
        displayName: "",
        profilePictureUrl: "",
        profileImageUrl: "",
      },
      context: "Language shapes time.",
      tags: ["adaptation", "sci fi"],
      likes: [],
      commentCount: 0,
      screenshotUrl: "",
      movieRef: {
        title: "Arrival",
        year: 2016,
        director: "Denis Villeneuve",
        genres: ["Science Fiction", "Drama"],
        actors: ["Amy Adams", "Jeremy Renner"],
        synopsis: "",
      },
      bookRef: {
        title: "Story of Your Life",
        author: "Ted Chiang",
        publicationYear: 1998,
        genres: ["Novella"],
        isbn: "",
      },
    });
    expect(connection.moviePosterUrl).toMatch(new RegExp(`^${app.url}/images/posters/[0-9a-f]{24}\\.png$`));
    expect(connection.movieRef.posterPath).toBe(connection.moviePosterUrl);
    const image = await fetch(connection.bookCoverUrl);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(cover);
  });

  it("creates a text-only post from JSON", async () => {
    const response = await api(app, "POST", "/connections", {
      token: author.token,
      body: { context: "  What should I read after Dune?  ", tags: ["Question"] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      context: "What should I read after Dune?",
      tags: ["question"],
      movieRef: null,
      bookRef: null,
    });
  });

  it.each([
    [{}],
    [{ movieTitle: "Only a movie" }],
    [{ bookTitle: "Only a book", context: "   " }],
    [{ movieTitle: "  ", bookTitle: "  " }],
  ])("refuses a post without both titles or context (%j)", async (body) => {
    const response = await api(app, "POST", "/connections", { token: author.token, body });
    expect(response).toMatchObject({ status: 400, body: { message: CONNECTION_MESSAGES.needTitlesOrContext } });
  });

  it.each([
    ["moviePoster", "movie poster"],
    ["bookCover", "book cover"],
    ["screenshot", "screenshot"],
  ])("refuses a %s that is not an image by its bytes, storing nothing", async (field, kind) => {
    const [rowsBefore, objectsBefore] = await Promise.all([rowCount(), objectCount()]);
    const response = await api(app, "POST", "/connections", {
      token: author.token,
      body: form(
        { movieTitle: "Mislabelled", bookTitle: "Files", context: "x" },
        {
          moviePoster: { bytes: poster, name: "ok.png", type: "image/png" },
          [field]: { bytes: new TextEncoder().encode("<script>alert(1)</script>"), name: "x.png", type: "image/png" },
        },
      ),
    });
    expect(response).toMatchObject({ status: 415, body: { message: imageMessages(kind).invalidType } });
    expect(await rowCount()).toBe(rowsBefore);
    expect(await objectCount()).toBe(objectsBefore);
    const [movie] = await app.db.select().from(movies).where(eq(movies.title, "Mislabelled"));
    expect(movie).toBeUndefined();
  });

  it("refuses an image of 5 MB + 1 byte with 413, storing nothing", async () => {
    const [rowsBefore, objectsBefore] = await Promise.all([rowCount(), objectCount()]);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(poster.subarray(0, 64));
    const response = await api(app, "POST", "/connections", {
      token: author.token,
      body: form({ context: "big one" }, { screenshot: { bytes: big, name: "big.png", type: "image/png" } }),
    });
    expect(response).toMatchObject({ status: 413, body: { message: imageMessages("screenshot").tooLarge } });
    expect(await rowCount()).toBe(rowsBefore);
    expect(await objectCount()).toBe(objectsBefore);
  });

  it("refuses an image of more than 50 megapixels with 413, storing nothing", async () => {
    const [rowsBefore, objectsBefore] = await Promise.all([rowCount(), objectCount()]);
    const response = await api(app, "POST", "/connections", {
      token: author.token,
      body: form(
        { movieTitle: "Pixel Flood", bookTitle: "Pixel Flood" },
        { moviePoster: { bytes: pngClaimingSize(poster, 20_000, 20_000), name: "huge.png", type: "image/png" } },
      ),
    });
    expect(response).toMatchObject({ status: 413, body: { message: imageMessages("movie poster").tooManyPixels } });
    expect(response.body.message).toBe(
      "Image for movie poster is too large. Maximum is 50 megapixels (for example 8000 × 6000).",
    );
    expect(await rowCount()).toBe(rowsBefore);
    expect(await objectCount()).toBe(objectsBefore);
  });

  it("refuses an image with a page appended (415, storing nothing), and serves a PNG hiding one only as a PNG", async () => {
    const [rowsBefore, objectsBefore] = await Promise.all([rowCount(), objectCount()]);
    const appended = await api(app, "POST", "/connections", {
      token: author.token,
      body: form(
        { context: "appended" },
        { screenshot: { bytes: appendedPolyglot(poster), name: "shot.png", type: "image/png" } },
      ),
    });
    expect(appended).toMatchObject({ status: 415, body: { message: imageMessages("screenshot").invalidType } });
    expect(await rowCount()).toBe(rowsBefore);
    expect(await objectCount()).toBe(objectsBefore);

    // Named and labelled as a page, but its bytes are a valid PNG: stored, and served by its bytes' type.
    const hidden = pngWithHiddenPage(poster);
    const stored = await api(app, "POST", "/connections", {
      token: author.token,
      body: form({ context: "hidden" }, { screenshot: { bytes: hidden, name: "page.html", type: "text/html" } }),
    });
    expect(stored.status).toBe(201);
    const image = await fetch(stored.body.screenshotUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new URL(stored.body.screenshotUrl).pathname).toMatch(/\.png$/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(hidden);
  });

  it("reuses movies and books by title, filling only what is still empty", async () => {
    const first = await api(app, "POST", "/connections", {
      token: author.token,
      body: {
        movieTitle: "The Shining",
        bookTitle: "The Shining",
        context: "First.",
        movieDirector: "Stanley Kubrick",
      },
    });
    const second = await api(app, "POST", "/connections", {
      token: author.token,
      body: {
        movieTitle: "the shining",
        bookTitle: "THE SHINING",
        context: "Second.",
        movieDirector: "Someone Else",
        movieYear: 1980,
        movieGenres: "Horror",
        bookAuthor: "Stephen King",
      },
    });
    expect(second.status).toBe(201);
    expect(second.body.movieRef._id).toBe(first.body.movieRef._id);
    expect(second.body.movieRef).toMatchObject({
      title: "The Shining",
      director: "Stanley Kubrick",
      year: 1980,
      genres: ["Horror"],
    });
    // The book had no author: the second post fills it in for everyone.
    expect(second.body.bookRef._id).toBe(first.body.bookRef._id);
    const again = await api(app, "GET", `/connections/${first.body._id}`);
    expect(again.body.bookRef.author).toBe("Stephen King");
    // A different author means a different book.
    const third = await api(app, "POST", "/connections", {
      token: author.token,
      body: { movieTitle: "The Shining", bookTitle: "The Shining", context: "Third.", bookAuthor: "Another Writer" },
    });
    expect(third.body.bookRef._id).not.toBe(first.body.bookRef._id);
  });

  it("shares one movie row between posts racing to create it", async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        api(app, "POST", "/connections", {
          token: author.token,
          body: { movieTitle: "Race Movie", bookTitle: `Race Book ${n}`, context: "race" },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.movieRef._id)).size).toBe(1);
    const rows = await app.db.select().from(movies).where(sql`lower(${movies.title}) = 'race movie'`);
    expect(rows).toHaveLength(1);
  });

  it("refuses field values over their limits with a clear message", async () => {
    const response = await api(app, "POST", "/connections", {
      token: author.token,
      body: { movieTitle: "x".repeat(201), bookTitle: "y", context: "z" },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: "Movie title cannot be more than 200 characters long." },
    });
    const year = await api(app, "POST", "/connections", {
      token: author.token,
      body: { movieTitle: "a", bookTitle: "b", movieYear: "19x0" },
    });
    expect(year).toMatchObject({ status: 400, body: { message: "Movie year must be a year between 1000 and 2100." } });
  });
});

describe("reading connections", () => {
  let privateMember: Awaited<ReturnType<typeof registerUser>>;
  let follower: Awaited<ReturnType<typeof registerUser>>;
  let hiddenId: string;

  beforeAll(async () => {
    [privateMember, follower] = await Promise.all([registerUser(app), registerUser(app)]);
    const created = await api(app, "POST", "/connections", {
      token: privateMember.token,
      body: { movieTitle: "Secret Film", bookTitle: "Secret Book", context: "hidden words", tags: "secret-tag" },
    });
    hiddenId = created.body._id;
    await app.db.update(users).set({ isPrivate: true }).where(eq(users.id, privateMember._id));
    await app.db.run(
      sql`insert into follows (follower_id, followee_id) values (${follower._id}, ${privateMember._id})`,
    );
  });

  it("GET /:id validates the id, answers 404 for unknown ids, and hides a private member's post", async () => {
    expect(await api(app, "GET", "/connections/nope")).toMatchObject({
      status: 400,
      body: { message: "Invalid Connection ID format" },
    });
    expect(await api(app, "GET", `/connections/${"0".repeat(24)}`)).toMatchObject({
      status: 404,
      body: { message: "Connection not found" },
    });
    expect((await api(app, "GET", `/connections/${hiddenId}`)).status).toBe(404);
    expect((await api(app, "GET", `/connections/${hiddenId}`, { token: author.token })).status).toBe(404);
    expect((await api(app, "GET", `/connections/${hiddenId}`, { token: "garbage" })).status).toBe(404);
    expect((await api(app, "GET", `/connections/${hiddenId}`, { token: follower.token })).status).toBe(200);
    expect((await api(app, "GET", `/connections/${hiddenId}`, { token: privateMember.token })).status).toBe(200);
  });

  it("pages the feed 10 at a time, newest first, with pages = ceil(total / 10)", async () => {
    for (let n = 0; n < 12; n++) {
      await api(app, "POST", "/connections", {
        token: author.token,
        body: { context: `Feed filler ${n}`, tags: "filler" },
      });
    }
    const first = await api(app, "GET", "/connections?tags=filler");
    expect(first.body).toMatchObject({ page: 1, pages: 2 });
    expect(first.body.connections).toHaveLength(10);
    expect(first.body.connections[0].context).toBe("Feed filler 11");
    const second = await api(app, "GET", "/connections?tags=filler&pageNumber=2");
    expect(second.body.connections.map((c: { context: string }) => c.context)).toEqual([
      "Feed filler 1",
      "Feed filler 0",
    ]);
    const past = await api(app, "GET", "/connections?tags=filler&pageNumber=9");
    expect(past.body).toMatchObject({ connections: [], page: 9, pages: 2 });
    // The largest page number JavaScript holds exactly: still an empty page, not an SQL error. A larger one is past
    // the end too, not page 1.
    for (const path of [
      "/connections?pageNumber=9007199254740991",
      "/connections?tags=filler&pageNumber=9007199254740991",
      "/connections/search?q=filler&page=9007199254740991",
      "/connections?tags=filler&pageNumber=9007199254740993",
      "/connections?pageNumber=99999999999999999999",
      `/connections/search?q=filler&page=${"9".repeat(400)}`,
    ]) {
      const huge = await api(app, "GET", path);
      expect(huge.status, path).toBe(200);
      expect(huge.body.connections, path).toEqual([]);
    }
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      expect((await api(app, "GET", `/connections?tags=filler&pageNumber=${bad}`)).body.page).toBe(1);
    }
  });

  it("filters by every field, case-insensitively and exactly, all filters together", async () => {
    await api(app, "POST", "/connections", {
      token: author.token,
      body: {
        movieTitle: "Dune",
        bookTitle: "Dune",
        context: "Spice.",
        movieGenres: "Science Fiction, Adventure",
        movieDirector: "Denis Villeneuve",
        movieActors: "Timothée Chalamet, Zendaya",
        bookGenres: "Science Fiction",
        bookAuthor: "Frank Herbert",
        tags: "Desert, Epic",
      },
    });
    const query = async (params: string) =>
      (
        (await api(app, "GET", `/connections?${params}`)).body.connections as Array<{
          movieRef: { title: string } | null;
        }>
      ).map((c) => c.movieRef?.title);
    expect(await query("movieGenre=science%20FICTION")).toContain("Dune");
    expect(await query("movieGenre=science")).not.toContain("Dune");
    expect(await query("director=%20denis%20villeneuve%20")).toEqual(["Dune", "Arrival"]);
    expect(await query("actor=ZENDAYA")).toEqual(["Dune"]);
    expect(await query("bookGenre=science%20fiction&author=frank%20herbert")).toEqual(["Dune"]);
    expect(await query("director=Denis%20Villeneuve&actor=Amy%20Adams")).toEqual(["Arrival"]);
    expect(await query("tags=desert,nothing")).toEqual(["Dune"]);
    expect(await query("tags=EPIC")).toEqual(["Dune"]);
    expect(await query("author=%25")).toEqual([]);
    expect(await query("tags=secret-tag")).toEqual([]);
  });

  it("searches every field as a substring, treating what is typed as plain text", async () => {
    const search = async (q: string, token?: string) =>
      (await api(app, "GET", `/connections/search?q=${encodeURIComponent(q)}`, { token })).body;
    expect(
      (await search("chalamet")).connections.map((c: { movieRef: { title: string } }) => c.movieRef.title),
    ).toEqual(["Dune"]);
    expect((await search("HERBERT")).totalCount).toBe(1);
    expect((await search("spice")).totalCount).toBe(1);
    expect((await search("novella")).totalCount).toBe(1);
    expect((await search("Sci fi")).totalCount).toBe(1);
    for (const hostile of ["%", "_", "%%%", "(", '"', "'", "' OR 1=1 --", 'dune" OR "a', "*", "NEAR(a b)", "a:b"]) {
      const result = await search(hostile);
      expect(result, hostile).toMatchObject({ page: 1 });
      expect(result.totalCount, hostile).toBe(0);
    }
    expect(await search("   ")).toEqual({ connections: [], page: 1, pages: 0, totalCount: 0 });
    expect((await search("hidden words")).totalCount).toBe(0);
    expect((await search("hidden words", follower.token)).totalCount).toBe(1);
  });

  it("lists popular tags by count then name, only from visible connections", async () => {
    const tags = (await api(app, "GET", "/connections/popular-tags")).body as Array<{ tag: string; count: number }>;
    expect(tags.length).toBeLessThanOrEqual(15);
    expect(tags[0]).toEqual({ tag: "filler", count: 12 });
    expect(tags.map((t) => t.tag)).not.toContain("secret-tag");
    const sorted = [...tags].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
    expect(tags).toEqual(sorted);
  });

  it("batch returns visible connections in the order asked", async () => {
    const feed = (await api(app, "GET", "/connections?tags=filler")).body.connections as Array<{ _id: string }>;
    const ids = [feed[2]!._id, hiddenId, "bogus", feed[0]!._id];
    const response = await api(app, "POST", "/connections/batch", {
      token: author.token,
      body: { connectionIds: ids },
    });
    expect(response.body.map((c: { _id: string }) => c._id)).toEqual([feed[2]!._id, feed[0]!._id]);
    expect(await api(app, "POST", "/connections/batch", { token: author.token, body: { ids } })).toMatchObject({
      status: 400,
      body: { message: 'Request body must contain an array named "connectionIds".' },
    });
  });

  it("serves movies and books with the connections featuring them", async () => {
    const [dune] = await app.db.select().from(movies).where(eq(movies.title, "Dune"));
    const movie = await api(app, "GET", `/movies/${dune!.id}`);
    expect(movie.body).toMatchObject({
      _id: dune!.id,
      title: "Dune",
      director: "Denis Villeneuve",
      actors: ["Timothée Chalamet", "Zendaya"],
    });
    const list = await api(app, "GET", `/movies/${dune!.id}/connections`);
    expect(list.body).toHaveLength(1);
    const [book] = await app.db.select().from(books).where(eq(books.title, "Secret Book"));
    expect((await api(app, "GET", `/books/${book!.id}/connections`)).body).toEqual([]);
    expect((await api(app, "GET", `/books/${book!.id}/connections`, { token: follower.token })).body).toHaveLength(1);
    expect(await api(app, "GET", "/movies/xyz")).toMatchObject({
      status: 400,
      body: { message: "Invalid Movie ID format" },
    });
    expect(await api(app, "GET", `/books/${"f".repeat(24)}`)).toMatchObject({
      status: 404,
      body: { message: "Book not found" },
    });
  });
});
