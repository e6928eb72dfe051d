import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_DESCRIPTION } from "../../app/site.ts";
import { personPath, personSlug } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postConnectionWithImages } from "../support/connections.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";
import { canonicalOf, jsonLdBlocks, jsonLdOf, metaContent, metaContents } from "../support/page-meta.ts";

// Issue 15, previews: what a shared link and a search engine see of a page. Connection pages are articles with
// their date, author and tags; detail pages carry schema.org JSON-LD; every listed page names one canonical URL.
// None of it exists for a page the viewer may not see.

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };
let author: Member;
let reader: Member;
type Posted = {
  _id: string;
  context: string;
  createdAt: string;
  updatedAt: string;
  screenshotUrl: string;
  moviePosterUrl: string;
};
let wide: Posted & { movieRef: { _id: string }; bookRef: { _id: string } };
let portrait: Posted;
let textOnly: Posted;
let hostile: Posted & { movieRef: { _id: string } };

/** The page of the director every preview post names. */
const ADA = personPath(personSlug("Ada Director"));

const HOSTILE_CONTEXT = 'Ends here </script><script>alert("context")</script> <!-- \u2028 & <b>bold</b>';
const HOSTILE_TITLE = "Film </SCRIPT><img src=x onerror=alert(1)>";

/** A connection's share image URL (tests/integration/share-images.test.ts covers the image itself). */
const shareImageOf = (id: string) => new RegExp(`^${app.url}/images/share/${id}-[0-9a-f]{8}\\.png$`);

async function member(): Promise<Member> {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

const connect = (who: Member, fields: Record<string, string>, files: Record<string, Uint8Array> = {}) =>
  postConnectionWithImages(app, who.token, fields, files);

beforeAll(async () => {
  app = await startTestApp();
  [author, reader] = [await member(), await member()];
  wide = await connect(
    author,
    {
      movieTitle: "Preview Film",
      bookTitle: "Preview Novel",
      // Control characters are refused (text-and-size-rules.test.ts); tabs and line breaks are kept.
      context: "  First line.\n\n\tSecond line.  ",
      tags: "Preview-Tag, second tag",
      movieDirector: "Ada Director",
      movieActors: "Ann Actor, Bo Actor",
      movieGenres: "Drama",
      bookAuthor: "Nora Novelist",
      bookGenres: "Fiction",
      kind: "adaptation",
    },
    {
      screenshot: testPng("preview-still", { width: 64, height: 36 }),
      moviePoster: testPng("preview-poster"),
    },
  );
  portrait = await connect(
    author,
    { movieTitle: "Poster Only", bookTitle: "Coverless", context: "Only a poster." },
    { moviePoster: testPng("poster-only") },
  );
  textOnly = await connect(author, { context: "Just words, no pictures." });
  hostile = await connect(author, {
    movieTitle: HOSTILE_TITLE,
    bookTitle: "Book <!-- <script>",
    context: HOSTILE_CONTEXT,
    tags: "</script>",
  });
  await api(app, "POST", `/connections/${wide._id}/like`, { token: reader.token });
  await api(app, "POST", `/connections/${wide._id}/comments`, { token: reader.token, body: { text: "Seen it." } });
});
afterAll(() => app?.close());

async function page(path: string, cookie?: string) {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, html: await response.text() };
}

describe("a connection's preview", () => {
  it("is an article with its date, author, tags, plain description and its wide screenshot", async () => {
    const { html } = await page(`/connections/${wide._id}?utm_source=newsletter&fbclid=abc`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:title")).toBe("Preview Film & Preview Novel | MovieBooks");
    expect(metaContent(html, "property", "og:description")).toBe("First line. Second line.");
    expect(metaContent(html, "name", "description")).toBe("First line. Second line.");
    expect(metaContent(html, "property", "article:published_time")).toBe(wide.createdAt);
    expect(metaContent(html, "property", "article:modified_time")).toBe(wide.updatedAt);
    expect(metaContent(html, "property", "article:author")).toBe(`${app.url}/users/${author._id}`);
    expect(metaContents(html, "property", "article:tag")).toEqual(["preview-tag", "second tag"]);
    expect(metaContent(html, "property", "og:image")).toMatch(shareImageOf(wide._id));
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "property", "og:image:height")).toBe("630");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(canonicalOf(html)).toBe(`${app.url}/connections/${wide._id}`);
    expect(metaContent(html, "property", "og:url")).toBe(`${app.url}/connections/${wide._id}`);
  });

  it("shows the share image whatever artwork the post has, a text-only post's too", async () => {
    const withPoster = (await page(`/connections/${portrait._id}`)).html;
    expect(metaContent(withPoster, "property", "og:image")).toMatch(shareImageOf(portrait._id));
    expect(metaContent(withPoster, "name", "twitter:card")).toBe("summary_large_image");
    const words = (await page(`/connections/${textOnly._id}`)).html;
    expect(metaContent(words, "property", "og:image")).toMatch(shareImageOf(textOnly._id));
    expect(metaContent(words, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(words, "property", "og:description")).toBe("Just words, no pictures.");
    expect(metaContents(words, "property", "article:tag")).toEqual([]);
  });
});

describe("JSON-LD on detail pages", () => {
  it("describes a connection as a SocialMediaPosting about its movie and book", async () => {
    const data = jsonLdOf((await page(`/connections/${wide._id}`)).html);
    const url = `${app.url}/connections/${wide._id}`;
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("SocialMediaPosting");
    expect(data).toMatchObject({ "@id": url, url, mainEntityOfPage: url, headline: "Preview Film & Preview Novel" });
    expect(data.text).toBe(wide.context);
    expect(wide.context).toContain("\n\tSecond line.");
    expect(data.datePublished).toBe(wide.createdAt);
    expect(data.dateModified).toBe(wide.updatedAt);
    expect(data.author).toEqual({ "@type": "Person", name: author.username, url: `${app.url}/users/${author._id}` });
    expect(data.about.map((thing: { "@type": string }) => thing["@type"])).toEqual(["Movie", "Book"]);
    expect(data.about[0]).toMatchObject({
      name: "Preview Film",
      url: `${app.url}/movies/${wide.movieRef._id}`,
      director: { "@type": "Person", name: "Ada Director" },
    });
    expect(data.about[1]).toMatchObject({
      name: "Preview Novel",
      author: { "@type": "Person", name: "Nora Novelist" },
    });
    expect(data.keywords).toBe("preview-tag, second tag");
    expect(data.image).toBe(wide.screenshotUrl);
    expect(data.commentCount).toBe(1);
    expect(data.interactionStatistic).toEqual([
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: 1 },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: 1 },
    ]);
  });

  it("describes a movie page as a Movie and a book page as a Book", async () => {
    const movie = jsonLdOf((await page(`/movies/${wide.movieRef._id}`)).html);
    expect(movie).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Movie",
      url: `${app.url}/movies/${wide.movieRef._id}`,
      name: "Preview Film",
      director: { "@type": "Person", name: "Ada Director" },
      actor: [
        { "@type": "Person", name: "Ann Actor" },
        { "@type": "Person", name: "Bo Actor" },
      ],
      genre: ["Drama"],
    });
    expect(movie.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/posters\//);
    const book = jsonLdOf((await page(`/books/${wide.bookRef._id}`)).html);
    expect(book).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Book",
      url: `${app.url}/books/${wide.bookRef._id}`,
      name: "Preview Novel",
      author: { "@type": "Person", name: "Nora Novelist" },
      genre: ["Fiction"],
    });
    // Facts nobody entered are absent, not empty.
    expect(book).not.toHaveProperty("isbn");
    expect(book).not.toHaveProperty("datePublished");
  });

  it("keeps hostile text inside its script: nothing a member wrote can end it", async () => {
    for (const path of [`/connections/${hostile._id}`, `/movies/${hostile.movieRef._id}`]) {
      const { html } = await page(path);
      const blocks = jsonLdBlocks(html);
      expect(blocks, path).toHaveLength(1);
      expect(blocks[0], path).not.toMatch(/[<>]/);
      expect(html, path).not.toContain("<script>alert");
      expect(html, path).not.toContain("<img src=x");
    }
    const posting = jsonLdOf((await page(`/connections/${hostile._id}`)).html);
    expect(posting.text).toBe(HOSTILE_CONTEXT);
    expect(posting.keywords).toBe("</script>");
    expect(posting.about[0].name).toBe(HOSTILE_TITLE);
    expect(jsonLdOf((await page(`/movies/${hostile.movieRef._id}`)).html).name).toBe(HOSTILE_TITLE);
  });
});

describe("canonical URLs", () => {
  it("name the home feed with its filters in one order, without tracking parameters or page 1", async () => {
    const cases: Array<[string, string]> = [
      ["/", "/"],
      ["/?page=1&utm_source=x", "/"],
      ["/?page=oops", "/"],
      [
        "/?utm_medium=social&page=2&tags=%20Preview-Tag%20&director=%20Ada%20Director%20",
        "/?director=Ada%20Director&tags=preview-tag&page=2",
      ],
      ["/?kind=adaptation&movieGenre=Drama", "/?movieGenre=Drama&kind=adaptation"],
    ];
    for (const [path, expected] of cases) {
      expect(canonicalOf((await page(path)).html), path).toBe(app.url + expected);
      expect(canonicalOf((await page(path, reader.cookie)).html), path).toBe(app.url + expected);
    }
  });

  it("name search results by term and page, and detail pages by their id alone", async () => {
    const cases: Array<[string, string]> = [
      ["/search?utm_campaign=x&page=2&q=%20preview%20", "/search?q=preview&page=2"],
      ["/search?q=preview&page=1", "/search?q=preview"],
      [`/movies/${wide.movieRef._id}?ref=share`, `/movies/${wide.movieRef._id}`],
      [`/books/${wide.bookRef._id}?ref=share`, `/books/${wide.bookRef._id}`],
      [`/users/${author._id}?page=1&ref=share`, `/users/${author._id}`],
      [`/users/${author._id}?page=2`, `/users/${author._id}?page=2`],
      [`${ADA}?page=1`, ADA],
      [`${ADA}?page=2&ref=share`, `${ADA}?page=2`],
    ];
    for (const [path, expected] of cases) {
      expect(canonicalOf((await page(path)).html), path).toBe(app.url + expected);
    }
  });
});

describe("pages that list nothing", () => {
  const feedLinks = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1],
    );

  it("stay out of search engines, and offer no feed that would be empty", async () => {
    for (const path of ["/?tags=a-tag-nobody-used", "/?page=99", `/users/${author._id}?page=9`, `${ADA}?page=9`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(metaContent(html, "name", "robots"), path).toBe("noindex");
    }
    expect(feedLinks((await page("/?tags=a-tag-nobody-used")).html)).toEqual([`${app.url}/feed.xml`]);
  });

  it("while the same pages with something to list are indexed, a tag's with its feed", async () => {
    for (const path of ["/?tags=preview-tag", "/", `/users/${author._id}`, ADA]) {
      expect(metaContent((await page(path)).html, "name", "robots"), path).toBeUndefined();
    }
    expect(feedLinks((await page("/?tags=preview-tag")).html)).toEqual([
      `${app.url}/feed.xml`,
      `${app.url}/tags/preview-tag/feed.xml`,
    ]);
  });

  it("name the tags in their title as the feed reads them, not as the address spelled them", async () => {
    const { html } = await page("/?tags=%20PREVIEW-Tag%20,%20Second%20%20Tag,preview-tag");
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe("Connections tagged #preview-tag, #second tag | MovieBooks");
  });
});

describe("the home page's preview", () => {
  it("has its own description and the site's share image", async () => {
    const { html } = await page("/");
    expect(metaContent(html, "name", "description")).toBe(HOME_DESCRIPTION);
    expect(metaContent(html, "property", "og:description")).toBe(HOME_DESCRIPTION);
    expect(metaContent(html, "property", "og:type")).toBe("website");
    expect(metaContent(html, "property", "og:image")).toBe(`${app.url}/share.png`);
    expect((await fetch(`${app.url}/share.png`)).headers.get("content-type")).toContain("image/png");
  });
});

describe("previews keep privacy", () => {
  let privateMember: Member;
  let follower: Member;
  let suspended: Member;
  let blocker: Member;
  const hidden: Record<string, string> = {};

  beforeAll(async () => {
    [privateMember, follower, suspended, blocker] = [await member(), await member(), await member(), await member()];
    await api(app, "POST", `/follows/${privateMember._id}`, { token: follower.token });
    hidden.private = (
      await connect(privateMember, {
        movieTitle: "Secret Film",
        bookTitle: "Secret Book",
        context: "Private preview text",
      })
    )._id;
    await api(app, "PUT", "/users/profile", { token: privateMember.token, body: { isPrivate: true } });
    hidden.suspended = (
      await connect(suspended, {
        movieTitle: "Banned Film",
        bookTitle: "Banned Book",
        context: "Suspended preview text",
      })
    )._id;
    const moderator = await registerModerator(app);
    await api(app, "POST", "/reports", {
      token: reader.token,
      body: { targetType: "user", targetId: suspended._id, reason: "spam" },
    });
    await api(app, "POST", `/moderation/reports/${await openCaseOf(app, suspended._id)}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    hidden.blocker = (
      await connect(blocker, { movieTitle: "Blocker Film", bookTitle: "Blocker Book", context: "Blocker preview text" })
    )._id;
    await api(app, "POST", `/blocks/${reader._id}`, { token: blocker.token });
  });

  /** A 404 page with nothing of the hidden connection in it: no preview tags, no JSON-LD, not indexed. */
  function expectNothingOf(html: string, words: string) {
    expect(jsonLdBlocks(html)).toEqual([]);
    expect(html).not.toContain(words);
    expect(metaContent(html, "property", "og:type")).toBeUndefined();
    expect(metaContents(html, "property", "article:author")).toEqual([]);
    expect(metaContent(html, "name", "robots")).toBe("noindex");
  }

  it("show a private member's connection to followers only", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const { status, html } = await page(`/connections/${hidden.private}`, cookie);
      expect(status).toBe(404);
      expectNothingOf(html, "Private preview text");
    }
    const seen = await page(`/connections/${hidden.private}`, follower.cookie);
    expect(seen.status).toBe(200);
    expect(jsonLdOf(seen.html).text).toBe("Private preview text");
    expect(metaContent(seen.html, "property", "og:description")).toBe("Private preview text");
  });

  it("show a suspended member's connection to no one but moderators", async () => {
    for (const cookie of [undefined, reader.cookie, follower.cookie]) {
      const { status, html } = await page(`/connections/${hidden.suspended}`, cookie);
      expect(status).toBe(404);
      expectNothingOf(html, "Suspended preview text");
    }
  });

  it("show a blocker's connection to everyone but the member they blocked", async () => {
    const blocked = await page(`/connections/${hidden.blocker}`, reader.cookie);
    expect(blocked.status).toBe(404);
    expectNothingOf(blocked.html, "Blocker preview text");
    expect((await page(`/connections/${hidden.blocker}`)).status).toBe(200);
  });

  it("give a private member's profile its basic info only", async () => {
    const { status, html } = await page(`/users/${privateMember._id}`);
    expect(status).toBe(200);
    expect(metaContent(html, "property", "og:title")).toBe(`${privateMember.username} | MovieBooks`);
    expect(html).not.toContain("Private preview text");
    expect(html).not.toContain("Secret Film");
    expect(jsonLdBlocks(html)).toEqual([]);
  });
});
