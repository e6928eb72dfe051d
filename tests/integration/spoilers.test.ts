import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPOILER_TEXT } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postConnectionWithImages } from "../support/connections.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { jsonLdOf, metaContent } from "../support/page-meta.ts";

// Issue 16, decision 032: a connection's context and a comment can be spoilers. Pages keep them closed behind
// "Show spoiler" (a <details>, so without JavaScript too); previews, JSON-LD, share text and images, Atom feeds
// never carry the text.

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };
let author: Member;
let reader: Member;

const SECRET = "Rosebud was the sled all along";
const COMMENT_SECRET = "The butler did it, in the library";

async function member(): Promise<Member> {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

const page = async (path: string, cookie?: string) =>
  (await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {} })).text();

/** The page without its hydration data (the loader's JSON the browser needs), i.e. what it renders. */
const rendered = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

/** The text inside each closed spoiler on a page. */
const spoilers = (html: string) =>
  [
    ...rendered(html).matchAll(/<details class="spoiler[^"]*"><summary class="spoiler__toggle">([\s\S]*?)<\/details>/g),
  ].map((match) => match[1]!);

/** The checkbox named `name` on a rendered page: whether it is ticked, and its label's text. */
function checkbox(html: string, name: string) {
  const match = new RegExp(
    `<label class="checkbox[^"]*"><input ([^>]*name="${name}"[^>]*)/>([^<]*(?:<!-- -->[^<]*)*)</label>`,
  ).exec(rendered(html));
  if (!match) return null;
  return { checked: match[1]!.includes('checked=""'), label: match[2]!.replaceAll("<!-- -->", "").trim() };
}

let pair: { _id: string; contextSpoiler: boolean };
let textOnly: { _id: string; contextSpoiler: boolean };

beforeAll(async () => {
  app = await startTestApp();
  [author, reader] = [await member(), await member()];
  pair = await postConnectionWithImages(app, author.token, {
    movieTitle: "Citizen Kane",
    bookTitle: "The Spoiled Ending",
    context: SECRET,
    contextSpoiler: "on",
    tags: "spoilers-test",
  });
  textOnly = (
    await api(app, "POST", "/connections", {
      token: author.token,
      body: { context: `${SECRET}, text only`, contextSpoiler: true },
    })
  ).body;
});
afterAll(() => app?.close());

describe("spoiler flags through the API", () => {
  it("a connection carries contextSpoiler, from multipart or JSON; absent is false; an edit keeps or changes it", async () => {
    expect(pair.contextSpoiler).toBe(true);
    expect(textOnly.contextSpoiler).toBe(true);
    const plain = await api(app, "POST", "/connections", { token: author.token, body: { context: "Nothing to hide" } });
    expect(plain.body.contextSpoiler).toBe(false);
    const kept = await api(app, "PUT", `/connections/${plain.body._id}`, { token: author.token, body: { tags: "x" } });
    expect(kept.body.contextSpoiler).toBe(false);
    const marked = await api(app, "PUT", `/connections/${plain.body._id}`, {
      token: author.token,
      body: { contextSpoiler: "true" },
    });
    expect(marked.body.contextSpoiler).toBe(true);
    const stillMarked = await api(app, "PUT", `/connections/${plain.body._id}`, {
      token: author.token,
      body: { context: "Still hidden" },
    });
    expect(stillMarked.body.contextSpoiler).toBe(true);
    const cleared = await api(app, "PUT", `/connections/${plain.body._id}`, {
      token: author.token,
      body: { contextSpoiler: false },
    });
    expect(cleared.body.contextSpoiler).toBe(false);
    expect((await api(app, "GET", `/connections/${pair._id}`)).body).toMatchObject({ contextSpoiler: true });
  });

  it("a comment carries spoiler; an edit without it keeps it", async () => {
    const added = await api(app, "POST", `/connections/${pair._id}/comments`, {
      token: reader.token,
      body: { text: COMMENT_SECRET, spoiler: true },
    });
    expect(added).toMatchObject({ status: 201, body: { text: COMMENT_SECRET, spoiler: true } });
    const plain = await api(app, "POST", `/connections/${pair._id}/comments`, {
      token: reader.token,
      body: { text: "No secrets here" },
    });
    expect(plain.body.spoiler).toBe(false);
    const edited = await api(app, "PUT", `/comments/${added.body._id}`, {
      token: reader.token,
      body: { text: `${COMMENT_SECRET}!` },
    });
    expect(edited.body).toMatchObject({ text: `${COMMENT_SECRET}!`, spoiler: true });
    const listed = await api(app, "GET", `/connections/${pair._id}/comments`);
    expect(listed.body.map((comment: { spoiler: boolean }) => comment.spoiler)).toEqual([true, false]);
    // The member's export says which of their own are spoilers.
    const exported = await api(app, "GET", "/users/me/export", { token: reader.token });
    expect(exported.body.comments.map((comment: { spoiler: boolean }) => comment.spoiler)).toEqual([true, false]);
  });
});

describe("spoilers on pages", () => {
  it("the detail page keeps the context and the comment closed behind Show spoiler", async () => {
    const html = await page(`/connections/${pair._id}`, reader.cookie);
    const closed = spoilers(html);
    expect(closed).toHaveLength(2);
    expect(closed[0]).toContain(`<span class="spoiler__show">${SPOILER_TEXT.show}</span>`);
    expect(closed[0]).toContain(SECRET);
    expect(closed[1]).toContain(COMMENT_SECRET);
    // Nowhere else on the rendered page: not open, not in the share links.
    const outside = rendered(html).replace(/<details class="spoiler[\s\S]*?<\/details>/g, "");
    expect(outside).not.toContain("Rosebud");
    expect(outside).not.toContain("butler");
    expect(html).not.toMatch(/<details class="spoiler[^"]*" open/);
  });

  it("previews, JSON-LD and the share text never carry it", async () => {
    const html = await page(`/connections/${pair._id}`);
    for (const [attribute, key] of [
      ["name", "description"],
      ["property", "og:description"],
      ["name", "twitter:description"],
    ] as const) {
      const description = metaContent(html, attribute, key) ?? "";
      expect(description, key).not.toContain("Rosebud");
      expect(description, key).toContain("Contains spoilers.");
    }
    const posting = jsonLdOf(html);
    expect(posting["@type"]).toBe("SocialMediaPosting");
    expect(JSON.stringify(posting)).not.toContain("Rosebud");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("Rosebud");
  });

  it("cards in the feed keep it closed, and the comment form and edit form tick the box", async () => {
    const feed = await page("/?feed=everyone&tags=spoilers-test", reader.cookie);
    expect(spoilers(feed)).toHaveLength(1);
    expect(spoilers(feed)[0]).toContain(SECRET);
    const detail = await page(`/connections/${pair._id}`, reader.cookie);
    expect(checkbox(detail, "spoiler")).toEqual({ checked: false, label: SPOILER_TEXT.field });
    // Without JavaScript: a ticked box makes a spoiler comment, an unticked edit box clears it.
    const posted = await postForm(
      app,
      `/connections/${pair._id}`,
      { intent: "add-comment", text: "Another secret", spoiler: "true" },
      { cookie: reader.cookie },
    );
    expect(posted.status).toBe(302);
    const comments = (await api(app, "GET", `/connections/${pair._id}/comments`)).body as Array<{
      _id: string;
      text: string;
      spoiler: boolean;
    }>;
    const secret = comments.find((comment) => comment.text === "Another secret")!;
    expect(secret.spoiler).toBe(true);
    await postForm(
      app,
      `/connections/${pair._id}`,
      { intent: "update-comment", commentId: secret._id, text: "Another secret" },
      { cookie: reader.cookie },
    );
    const after = (await api(app, "GET", `/connections/${pair._id}/comments`)).body as typeof comments;
    expect(after.find((comment) => comment._id === secret._id)?.spoiler).toBe(false);
    // The edit page shows the box ticked, and saving it unticked clears the flag.
    const edit = await page(`/connections/${pair._id}/edit`, author.cookie);
    expect(checkbox(edit, "contextSpoiler")).toEqual({ checked: true, label: SPOILER_TEXT.field });
    const create = await page("/create", author.cookie);
    expect(checkbox(create, "contextSpoiler")).toEqual({ checked: false, label: SPOILER_TEXT.field });
  });

  it("Atom feeds say the context is hidden instead of quoting it", async () => {
    for (const path of ["/feed.xml", `/users/${author._id}/feed.xml`, "/tags/spoilers-test/feed.xml"]) {
      const xml = await (await fetch(app.url + path)).text();
      expect(xml, path).not.toContain("Rosebud");
      const parsed = parseFeed(xml);
      const entry = parsed.items.find((item) => item.url?.endsWith(pair._id));
      expect(entry?.content, path).toBe(SPOILER_TEXT.hidden);
      expect(entry?.title, path).toBe("Citizen Kane & The Spoiled Ending");
    }
    const site = parseFeed(await (await fetch(`${app.url}/feed.xml`)).text());
    const text = site.items.find((item) => item.url?.endsWith(textOnly._id));
    expect(text?.title).toBe("A text-only post");
    expect(text?.content).toBe(SPOILER_TEXT.hidden);
  });

  it("a text-only spoiler's share image draws that it is hidden, not the text", async () => {
    // The same card as a post whose context is the hidden notice itself: the image cannot hold the spoiler.
    const twin = await api(app, "POST", "/connections", {
      token: author.token,
      body: { context: SPOILER_TEXT.hidden },
    });
    const imageOf = async (id: string) => {
      const html = await page(`/connections/${id}`);
      const url = metaContent(html, "property", "og:image")!;
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return new Uint8Array(await response.arrayBuffer());
    };
    expect(Buffer.from(await imageOf(textOnly._id)).equals(Buffer.from(await imageOf(twin.body._id)))).toBe(true);
  });

  it("editing the context's flag on the edit page, unticked, clears it", async () => {
    const form = new FormData();
    form.set("context", SECRET);
    form.set("tags", "spoilers-test");
    const saved = await fetch(`${app.url}/connections/${pair._id}/edit`, {
      method: "POST",
      body: form,
      headers: { Cookie: author.cookie, Origin: app.url },
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    expect((await api(app, "GET", `/connections/${pair._id}`)).body.contextSpoiler).toBe(false);
    const html = await page(`/connections/${pair._id}`);
    expect(metaContent(html, "property", "og:description")).toContain("Rosebud");
  });
});
