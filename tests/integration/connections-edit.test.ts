import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../worker/core/ids.ts";
import {
  comments,
  connectionFacets,
  connections,
  connectionTags,
  favorites,
  likes,
  notifications,
} from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  app = await startTestApp();
  [owner, other] = await Promise.all([registerUser(app), registerUser(app)]);
});
afterAll(() => app?.close());

const still = testPng("still", { width: 32, height: 18 });
const poster = testPng("poster");
const fileForm = (fields: Record<string, string>, files: Record<string, Uint8Array>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, bytes] of Object.entries(files))
    body.set(name, new File([bytes as BlobPart], `${name}.png`, { type: "image/png" }));
  return body;
};
const keyOf = (url: string) => new URL(url).pathname.slice("/images/".length);

async function create(body: unknown) {
  const response = await api(app, "POST", "/connections", { token: owner.token, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe("PUT /api/connections/:id", () => {
  it("lets the author edit context, tags and the book's author, keeping titles", async () => {
    const created = await create({
      movieTitle: "Solaris",
      bookTitle: "Solaris",
      context: "Old",
      tags: "a",
      bookAuthor: "",
    });
    const response = await api(app, "PUT", `/connections/${created._id}`, {
      token: owner.token,
      body: { context: "New words", tags: "Space, Memory", bookAuthor: "Stanisław Lem", movieTitle: "Ignored" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      context: "New words",
      tags: ["space", "memory"],
      movieRef: { title: "Solaris" },
      bookRef: { title: "Solaris", author: "Stanisław Lem" },
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  });

  it("never changes other connections when one changes its book's author", async () => {
    const a = await create({
      movieTitle: "Stalker",
      bookTitle: "Roadside Picnic",
      context: "A",
      bookAuthor: "Strugatsky",
    });
    const b = await create({
      movieTitle: "Stalker",
      bookTitle: "Roadside Picnic",
      context: "B",
      bookAuthor: "Strugatsky",
    });
    expect(b.bookRef._id).toBe(a.bookRef._id);
    const edited = await api(app, "PUT", `/connections/${a._id}`, {
      token: owner.token,
      body: { bookAuthor: "Arkady and Boris Strugatsky" },
    });
    expect(edited.body.bookRef.author).toBe("Arkady and Boris Strugatsky");
    const untouched = await api(app, "GET", `/connections/${b._id}`);
    expect(untouched.body.bookRef).toMatchObject({ _id: b.bookRef._id, author: "Strugatsky" });
  });

  it("replaces and removes the screenshot, deleting the old image", async () => {
    const created = await create({ context: "With a still" });
    const first = await api(app, "PUT", `/connections/${created._id}`, {
      token: owner.token,
      body: fileForm({}, { screenshot: still }),
    });
    const firstKey = keyOf(first.body.screenshotUrl);
    expect(await app.bucket.head(firstKey)).not.toBeNull();
    const second = await api(app, "PUT", `/connections/${created._id}`, {
      token: owner.token,
      body: fileForm({}, { screenshot: poster }),
    });
    expect(second.body.screenshotUrl).not.toBe(first.body.screenshotUrl);
    expect(await app.bucket.head(firstKey)).toBeNull();
    const removed = await api(app, "PUT", `/connections/${created._id}`, {
      token: owner.token,
      body: { removeScreenshot: true },
    });
    expect(removed.body.screenshotUrl).toBe("");
    expect(await app.bucket.head(keyOf(second.body.screenshotUrl))).toBeNull();
  });

  it("refuses non-authors (403), hidden or unknown ids (404), bad ids (400) and bad files (415)", async () => {
    const created = await create({ context: "Mine" });
    expect(
      await api(app, "PUT", `/connections/${created._id}`, { token: other.token, body: { context: "Theirs" } }),
    ).toMatchObject({
      status: 403,
      body: { message: "You are not authorized to edit this connection." },
    });
    expect((await api(app, "PUT", `/connections/${created._id}`, { body: { context: "x" } })).status).toBe(401);
    expect((await api(app, "PUT", `/connections/${"a".repeat(24)}`, { token: owner.token, body: {} })).status).toBe(
      404,
    );
    expect((await api(app, "PUT", "/connections/xyz", { token: owner.token, body: {} })).status).toBe(400);
    const bad = await api(app, "PUT", `/connections/${created._id}`, {
      token: owner.token,
      body: fileForm({ context: "changed?" }, { screenshot: new TextEncoder().encode("not an image") }),
    });
    expect(bad.status).toBe(415);
    expect((await api(app, "GET", `/connections/${created._id}`)).body.context).toBe("Mine");
    const emptied = await api(app, "PUT", `/connections/${created._id}`, {
      token: owner.token,
      body: { context: "  " },
    });
    expect(emptied.status).toBe(400);
  });
});

describe("DELETE /api/connections/:id", () => {
  it("refuses anyone but the author", async () => {
    const created = await create({ context: "Keep me" });
    expect(await api(app, "DELETE", `/connections/${created._id}`, { token: other.token })).toMatchObject({
      status: 403,
      body: { message: "You are not authorized to delete this connection." },
    });
    expect((await api(app, "GET", `/connections/${created._id}`)).status).toBe(200);
  });

  it("removes the connection with its tags, filter values, comments, likes, favorites, notifications, search row and own images", async () => {
    const created = await api(app, "POST", "/connections", {
      token: owner.token,
      body: fileForm(
        {
          movieTitle: "Gone Girl",
          movieDirector: "David Fincher",
          bookTitle: "Gone Girl",
          context: "Bye",
          tags: "twist",
        },
        { screenshot: still, moviePoster: poster },
      ),
    });
    const id = created.body._id as string;
    const commentId = newId();
    await app.db.insert(comments).values({ id: commentId, connectionId: id, userId: other._id, text: "Nice" });
    await app.db.insert(likes).values({ connectionId: id, userId: other._id });
    await app.db.insert(favorites).values({ connectionId: id, userId: other._id });
    await app.db.insert(notifications).values({
      id: newId(),
      recipientId: owner._id,
      senderId: other._id,
      type: "comment",
      connectionId: id,
      commentId,
      message: "x commented on your connection.",
    });

    expect(await app.db.select().from(connectionTags).where(eq(connectionTags.connectionId, id))).toHaveLength(1);
    expect(await app.db.select().from(connectionFacets).where(eq(connectionFacets.connectionId, id))).toHaveLength(1);
    const searchRow = sql`select 1 from connection_search where connection_id = ${id}`;
    expect(await app.db.all(searchRow)).toHaveLength(1);

    const response = await api(app, "DELETE", `/connections/${id}`, { token: owner.token });
    expect(response).toMatchObject({
      status: 200,
      body: { message: "Connection deleted successfully", connectionId: id },
    });
    expect((await api(app, "GET", `/connections/${id}`)).status).toBe(404);
    for (const table of [comments, likes, favorites, notifications, connectionTags, connectionFacets] as const) {
      const [row] = await app.db.select({ n: count() }).from(table).where(eq(table.connectionId, id));
      expect(row?.n).toBe(0);
    }
    expect(await app.db.all(searchRow)).toEqual([]);
    expect(await app.db.select().from(connections).where(eq(connections.id, id))).toEqual([]);
    // The screenshot was this connection's alone; the poster is also the movie's poster, so it stays.
    expect(await app.bucket.head(keyOf(created.body.screenshotUrl))).toBeNull();
    expect(await app.bucket.head(keyOf(created.body.moviePosterUrl))).not.toBeNull();
    const search = await api(app, "GET", "/connections/search?q=Bye");
    expect(search.body.totalCount).toBe(0);
  });
});
