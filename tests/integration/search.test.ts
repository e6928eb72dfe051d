import type { BatchItem } from "drizzle-orm/batch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexConnection } from "../../worker/core/catalog/index.ts";
import { newId } from "../../worker/core/ids.ts";
import { connections } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, nextClientAddress, registerUser } from "../support/http.ts";

// Search counts at most 1,000 matches and lists them newest first (decision 038).
const MANY = 1005;
const EXACT = 1000;

let app: TestApp;
let member: Awaited<ReturnType<typeof registerUser>>;
const ids: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  member = await registerUser(app);
  // Enough matches to pass the cap, written as posts write them (row, then document) but without a thousand
  // requests: every one says "plentiful", the first thousand also "xylophone".
  const start = Date.now() - MANY * 1000;
  for (let from = 0; from < MANY; from += 100) {
    const rows = Array.from({ length: Math.min(100, MANY - from) }, (_, offset) => {
      const index = from + offset;
      const createdAt = start + index * 1000;
      const context = `Plentiful post ${index}${index < EXACT ? " with a xylophone" : ""}.`;
      return { id: newId(createdAt), userId: member._id, context, createdAt };
    });
    await app.db.insert(connections).values(rows);
    const documents: BatchItem<"sqlite">[] = rows.flatMap((row) =>
      indexConnection(app.db, row.id, { body: row.context, movie: null, book: null }),
    );
    await app.db.batch(documents as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    ids.push(...rows.map((row) => row.id));
  }
});
afterAll(() => app?.close());

const search = async (q: string, page?: number) =>
  (await api(app, "GET", `/connections/search?q=${encodeURIComponent(q)}${page ? `&page=${page}` : ""}`)).body;

async function searchPage(path: string) {
  const response = await fetch(app.url + path, { headers: { "CF-Connecting-IP": nextClientAddress() } });
  return (await response.text()).replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
}

describe("search past a thousand matches", () => {
  it("counts up to 1,000, says there are more, and pages through the first 1,000 newest first", async () => {
    const first = await search("plentiful");
    expect(first).toMatchObject({ page: 1, pages: 100, totalCount: 1000, totalCountCapped: true });
    expect(first.connections.map((c: { _id: string }) => c._id)).toEqual(ids.slice(-10).reverse());

    const last = await search("plentiful", 100);
    expect(last).toMatchObject({ page: 100, pages: 100, totalCount: 1000, totalCountCapped: true });
    expect(last.connections.map((c: { _id: string }) => c._id)).toEqual(ids.slice(-1000, -990).reverse());

    const past = await search("plentiful", 101);
    expect(past).toMatchObject({ connections: [], page: 101, pages: 100, totalCount: 1000, totalCountCapped: true });
  });

  it("counts exactly 1,000 as 1,000, not more", async () => {
    const exact = await search("xylophone");
    expect(exact).toMatchObject({ pages: 100, totalCount: 1000 });
    expect(exact).not.toHaveProperty("totalCountCapped");
    const one = await search("post 1004");
    expect(one).toMatchObject({ pages: 1, totalCount: 1 });
    expect(one).not.toHaveProperty("totalCountCapped");
  });

  it("shows “1,000+” on the search page when there are more, and the exact count otherwise", async () => {
    expect(await searchPage("/search?q=plentiful")).toContain("1,000+ connections found · page 1 of 100");
    expect(await searchPage("/search?q=xylophone")).toContain("1,000 connections found · page 1 of 100");
    // Past the last page: the count, no "page 101 of 100", and the way back.
    const past = await searchPage("/search?q=plentiful&page=101");
    expect(past).toContain("1,000+ connections found");
    expect(past).not.toContain("page 101 of");
    expect(past).toContain("There are no results on page 101.");
  });
});

describe("a term with a control character", () => {
  // FTS5 reads a NUL as the end of its query string; the LIKE of a shorter term would read it as the end of its
  // pattern and match everything. Both doors refuse it as any typed text is refused.
  const message = "Search cannot contain control characters (such as NUL).";

  it.each(["plen\u0000tiful", "\u0000", "a\u001bb"])("is a 400 from the API for %j", async (q) => {
    const response = await api(app, "GET", `/connections/search?q=${encodeURIComponent(q)}`);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { message } });
  });

  it("is a 400 search page that says why", async () => {
    const response = await fetch(`${app.url}/search?q=plen%00tiful`, {
      headers: { "CF-Connecting-IP": nextClientAddress() },
    });
    expect(response.status).toBe(400);
    const text = (await response.text()).replace(/<[^>]+>/g, " ");
    expect(text).toContain(message);
    expect(text).not.toContain("connections found");
  });
});

describe("search documents", () => {
  it("follow a movie's text when a later post fills it in, for every connection featuring it", async () => {
    const post = (context: string, movieSynopsis: string) =>
      api(app, "POST", "/connections", {
        token: member.token,
        body: { movieTitle: "Quietwater Falls", bookTitle: `Quietwater ${context}`, context, movieSynopsis },
      });
    const earlier = await post("The first post.", "");
    expect(earlier.status).toBe(201);
    expect((await search("zeppelinium")).totalCount).toBe(0);
    const later = await post("The second post.", "A zeppelinium airship drifts over the falls.");
    expect(later.status).toBe(201);
    const found = await search("zeppelinium");
    expect(found.connections.map((c: { _id: string }) => c._id)).toEqual([later.body._id, earlier.body._id]);
  });

  it("follow an edit of the connection's own text and of its book's author", async () => {
    const created = await api(app, "POST", "/connections", {
      token: member.token,
      body: { movieTitle: "Marrowind", bookTitle: "Marrowind", bookAuthor: "Ada Quill", context: "Before the edit." },
    });
    const id = created.body._id as string;
    expect((await search("Ada Quill")).connections.map((c: { _id: string }) => c._id)).toEqual([id]);
    const edited = await api(app, "PUT", `/connections/${id}`, {
      token: member.token,
      body: { context: "After the vortexing edit.", bookAuthor: "Bram Thistle" },
    });
    expect(edited.status).toBe(200);
    expect((await search("vortexing")).connections.map((c: { _id: string }) => c._id)).toEqual([id]);
    expect((await search("Before the edit")).totalCount).toBe(0);
    expect((await search("Bram Thistle")).connections.map((c: { _id: string }) => c._id)).toEqual([id]);
    expect((await search("Ada Quill")).totalCount).toBe(0);
  });
});
