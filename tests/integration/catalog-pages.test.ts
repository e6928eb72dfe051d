import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionView } from "../../worker/core/connections/index.ts";
import { users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

/**
 * The search, movie and book pages as a browser without JavaScript gets them: server-rendered HTML with the
 * right status, content, privacy and metadata. Content is created through the JSON API.
 */
let app: TestApp;
let author: Awaited<ReturnType<typeof registerUser>>;
let recluse: Awaited<ReturnType<typeof registerUser>>;

const MOVIE_SYNOPSIS =
  `A linguist is recruited when twelve mysterious craft touch down around the world. ${"Her work with the visitors' language slowly rewrites how she experiences time itself. ".repeat(3)}`.slice(
    0,
    200,
  );
const BOOK_SYNOPSIS =
  `Louise Banks learns an alien written language and, with it, a way of seeing past and future at once. ${"The novella braids first contact with a mother's grief. ".repeat(3)}`.slice(
    0,
    200,
  );
const EXACT_SYNOPSIS = "x".repeat(120);
const SPECIAL_CONTEXT = 'Marked down 50% "off" (a sale) in the bookshop scene, price_tag visible.';
const PRIVATE_CONTEXT = "A private thought about xyzzy and the heptapods.";

/** A connection these tests posted: each names a movie and a book. */
type Pair = ConnectionView & {
  movieRef: NonNullable<ConnectionView["movieRef"]>;
  bookRef: NonNullable<ConnectionView["bookRef"]>;
};

let arrival: Pair; // the first public Arrival connection (movie with poster, book without cover)
let hidden: Pair; // the private member's connection on the same movie
let hiddenOnly: Pair; // a movie and book that only the private member has posted
let exact: Pair; // a movie whose synopsis is exactly 120 characters

beforeAll(async () => {
  app = await startTestApp();
  [author, recluse] = await Promise.all([registerUser(app), registerUser(app)]);
  const post = async (token: string, body: Record<string, string> | FormData) => {
    const response = await api<Pair>(app, "POST", "/connections", { token, body });
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  const withPoster = new FormData();
  for (const [name, value] of Object.entries({
    movieTitle: "Arrival",
    bookTitle: "Story of Your Life",
    context: "Language shapes how time is felt.",
    tags: "adaptation",
    movieDirector: "Denis Villeneuve",
    movieGenres: "Science Fiction, Drama",
    movieActors: "Amy Adams, Jeremy Renner",
    movieYear: "2016",
    movieSynopsis: MOVIE_SYNOPSIS,
    bookAuthor: "Ted Chiang",
    bookGenres: "Novella",
    bookPublicationYear: "1998",
    bookIsbn: "9781101972120",
    bookSynopsis: BOOK_SYNOPSIS,
  })) {
    withPoster.set(name, value);
  }
  const poster = testPng("Arrival poster");
  withPoster.set("moviePoster", new File([poster as BlobPart], "poster.png", { type: "image/png" }));
  arrival = await post(author.token, withPoster);
  // A later public connection for the same movie, with another book.
  await post(author.token, {
    movieTitle: "Arrival",
    bookTitle: "Stories of Your Life and Others",
    context: "The whole collection is worth it.",
    bookAuthor: "Ted Chiang",
  });
  hidden = await post(recluse.token, {
    movieTitle: "Arrival",
    bookTitle: "Embassytown",
    context: PRIVATE_CONTEXT,
    bookAuthor: "China Miéville",
  });
  hiddenOnly = await post(recluse.token, {
    movieTitle: "Hidden Reel",
    bookTitle: "Hidden Pages",
    context: "Only mine.",
  });
  exact = await post(author.token, {
    movieTitle: "Exact Film",
    bookTitle: "Exact Book",
    context: "Boundary.",
    movieSynopsis: EXACT_SYNOPSIS,
  });
  await post(author.token, { movieTitle: "Sale Film", bookTitle: "Sale Book", context: SPECIAL_CONTEXT });
  // Twelve matches for "lighthouse", posted one after another: two pages of results.
  for (let index = 1; index <= 12; index += 1) {
    await post(author.token, {
      movieTitle: `Beacon ${index}`,
      bookTitle: `Keeper ${index}`,
      context: `Lighthouse number ${index}.`,
    });
  }
  await app.db.update(users).set({ isPrivate: true }).where(eq(users.id, recluse._id));
});
afterAll(() => app?.close());

async function get(path: string, cookie?: string) {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page's rendered text (what a reader sees), without scripts or the hydration data. */
function visibleText(html: string) {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<head>[\s\S]*?<\/head>/, "");
  return decode(
    body
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );
}

function metaContent(html: string, attribute: "name" | "property", key: string) {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match ? decode(match[1]!) : undefined;
}

const title = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
const canonical = (html: string) => decode(html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? "");
const cardCount = (html: string) => html.match(/<article\b[^>]*\sclass="card(?: [^"]*)?"/g)?.length ?? 0;
const h1s = (html: string) => html.match(/<h1[\s>]/g)?.length ?? 0;
/** An attribute of the page's image with this alt text (attributes in any order). */
const imageAttribute = (html: string, alt: string, attribute: string) => {
  const tag = html.match(new RegExp(`<img\\b[^>]*\\balt="${alt}"[^>]*>`))?.[0] ?? "";
  return decode(tag.match(new RegExp(`\\b${attribute}="([^"]*)"`))?.[1] ?? "");
};

describe("/search", () => {
  it("asks for a term when there is none, without running a query", async () => {
    const page = await get("/search");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Enter a search term in the header to find connections.");
    expect(page.text).not.toContain("Results for");
    expect(cardCount(page.html)).toBe(0);
    expect(title(page.html)).toBe("Search | MovieBooks");
    expect(canonical(page.html)).toBe(`${app.url}/search`);
  });

  it("sends a blank term back to the page it came from, as the header's rules say (decision 035)", async () => {
    const from = (referer?: string) => (path: string) =>
      fetch(app.url + path, { headers: referer ? { Referer: referer } : {}, redirect: "manual" });
    for (const path of ["/search?q=", "/search?q=%20%20%20", "/search?q=%09&page=2"]) {
      const back = await from(`${app.url}/about?x=1`)(path);
      expect(back.status, path).toBe(302);
      expect(back.headers.get("location"), path).toBe("/about?x=1");
      // From nowhere, from another site, or from a blank search itself: the page that asks for a term.
      for (const referer of [undefined, "https://elsewhere.example/about", `${app.url}/search?q=%20`]) {
        const bare = await from(referer)(path);
        expect(bare.headers.get("location"), `${path} from ${referer}`).toBe("/search");
      }
    }
  });

  it("lists the matches with their total, ten to a page, and paginates", async () => {
    const first = await get("/search?q=lighthouse");
    expect(first.status).toBe(200);
    expect(first.text).toContain("Results for “lighthouse”");
    expect(first.text).toContain("12 connections found · page 1 of 2");
    expect(cardCount(first.html)).toBe(10);
    expect(h1s(first.html)).toBe(1);
    // Newest first: the twelfth post leads the first page.
    expect(first.text).toContain("Beacon 12 & Keeper 12");
    expect(first.text).not.toContain("Beacon 2 & Keeper 2");
    expect(first.html).toContain('href="/search?q=lighthouse&amp;page=2"');
    expect(title(first.html)).toBe("Search: lighthouse | MovieBooks");
    expect(canonical(first.html)).toBe(`${app.url}/search?q=lighthouse`);
    expect(metaContent(first.html, "name", "description")).toContain('"lighthouse"');

    const second = await get("/search?q=lighthouse&page=2");
    expect(cardCount(second.html)).toBe(2);
    expect(second.text).toContain("Beacon 1 & Keeper 1");
    expect(second.text).toContain("Beacon 2 & Keeper 2");
    expect(second.html).toMatch(/<span aria-current="page">2<\/span>/);
    // A later page is a page of its own (issue 15, decision 023), not a copy of the first.
    expect(canonical(second.html)).toBe(`${app.url}/search?q=lighthouse&page=2`);
  });

  it("trims the term (a padded one is redirected to its trimmed address) and matches movie, director, book and author fields", async () => {
    const padded = await fetch(`${app.url}/search?q=%20%20LightHouse%20&page=2`, { redirect: "manual" });
    expect(padded.status).toBe(302);
    expect(padded.headers.get("location")).toBe("/search?q=LightHouse&page=2");
    const trimmed = await get("/search?q=LightHouse");
    expect(trimmed.text).toContain("Results for “LightHouse”");
    expect(trimmed.text).toContain("12 connections found");

    const director = await get(`/search?q=${encodeURIComponent("villeneuve")}`);
    expect(director.text).toContain("2 connections found");
    expect(director.text).toContain("Arrival & Story of Your Life");
    expect(director.text).toContain("Arrival & Stories of Your Life and Others");

    const single = await get("/search?q=Embassytown");
    expect(single.text).toContain("0 connections found");
  });

  it("says so when nothing matches, and past the last page", async () => {
    const none = await get("/search?q=nothing-matches-this");
    expect(none.status).toBe(200);
    expect(none.text).toContain("No connections found matching your search.");
    expect(none.text).toContain("0 connections found");
    expect(cardCount(none.html)).toBe(0);

    const past = await get("/search?q=lighthouse&page=9");
    expect(cardCount(past.html)).toBe(0);
    expect(past.text).not.toContain("No connections found matching your search.");
    expect(past.text).toContain("There are no results on page 9.");
  });

  it.each(["%", '"', "(", "_", '50% "off" (a sale)'])(
    "treats %j as text, not as a pattern or query syntax",
    async (term) => {
      const page = await get(`/search?q=${encodeURIComponent(term)}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Results for “${term}”`);
      expect(page.text).toContain("1 connection found");
      expect(page.text).toContain("Sale Film & Sale Book");
      expect(title(page.html)).toBe(`Search: ${term} | MovieBooks`);
      expect(canonical(page.html)).toBe(`${app.url}/search?q=${encodeURIComponent(term)}`);
    },
  );

  it("never shows a private member's connection to visitors", async () => {
    const page = await get("/search?q=xyzzy");
    expect(page.text).toContain("No connections found matching your search.");
    expect(page.html).not.toContain("xyzzy and the heptapods");
  });
});

describe("/movies/:movieId", () => {
  it("shows the movie and the public connections featuring it, newest first", async () => {
    const movie = arrival.movieRef;
    const page = await get(`/movies/${movie._id}`);
    expect(page.status).toBe(200);
    expect(h1s(page.html)).toBe(1);
    expect(page.html).toMatch(/<h1[^>]*>Arrival<span class="catalog__year"> \(2016\)<\/span><\/h1>/);
    expect(page.text).toContain("Directed by Denis Villeneuve");
    expect(page.text).toContain("Science Fiction Drama");
    // The actors in order, each a link to their page (decision 021).
    expect(page.html).toMatch(
      /<dt>Starring<\/dt><dd><a [^>]*href="\/people\/amy-adams"[^>]*>Amy Adams<\/a>, <a [^>]*href="\/people\/jeremy-renner"[^>]*>Jeremy Renner<\/a><\/dd>/,
    );
    expect(page.text).toContain(MOVIE_SYNOPSIS.trim());
    // The poster's WebP copies (decision 036), the middle one as the fallback source.
    expect(imageAttribute(page.html, "Poster for Arrival", "src")).toBe(`${movie.posterPath}/400.webp`);
    expect(imageAttribute(page.html, "Poster for Arrival", "srcSet")).toBe(
      [200, 400, 800].map((width) => `${movie.posterPath}/${width}.webp ${width}w`).join(", "),
    );
    expect(page.text).toContain("Connections featuring this movie 2 connections");
    expect(cardCount(page.html)).toBe(2);
    const later = page.text.indexOf("Arrival & Stories of Your Life and Others");
    const earlier = page.text.indexOf("Arrival & Story of Your Life");
    expect(later).toBeGreaterThan(-1);
    expect(earlier).toBeGreaterThan(later);
    // The private member's connection is absent everywhere, hydration data included.
    expect(page.html).not.toContain(hidden._id);
    expect(page.html).not.toContain("Embassytown");
  });

  it("sets the title, a 120-character description, the poster as preview image and the canonical link", async () => {
    const movie = arrival.movieRef;
    const { html } = await get(`/movies/${movie._id}`);
    expect(MOVIE_SYNOPSIS).toHaveLength(200);
    const description = `${MOVIE_SYNOPSIS.slice(0, 120)}...`;
    expect(title(html)).toBe("Arrival (2016) | MovieBooks");
    expect(metaContent(html, "name", "description")).toBe(description);
    expect(metaContent(html, "property", "og:description")).toBe(description);
    expect(metaContent(html, "property", "og:image")).toBe(movie.posterPath);
    expect(canonical(html)).toBe(`${app.url}/movies/${movie._id}`);
  });

  it("keeps a synopsis of exactly 120 characters whole", async () => {
    const { html, text } = await get(`/movies/${exact.movieRef._id}`);
    expect(metaContent(html, "name", "description")).toBe(EXACT_SYNOPSIS);
    expect(title(html)).toBe("Exact Film | MovieBooks");
    expect(html).toContain('src="/placeholder-poster.png"');
    expect(html).not.toContain("og:image");
    expect(text).toContain("Connections featuring this movie 1 connection");
  });

  it("shows the empty state when every connection is hidden, and the owner still sees theirs", async () => {
    const visitor = await get(`/movies/${hiddenOnly.movieRef._id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain("No connections feature this movie yet.");
    expect(cardCount(visitor.html)).toBe(0);

    const cookie = cookieFrom(await postForm(app, "/login", { email: recluse.email, password: recluse.password }));
    const owner = await get(`/movies/${arrival.movieRef._id}`, cookie);
    expect(owner.text).toContain(PRIVATE_CONTEXT);
    expect(cardCount(owner.html)).toBe(3);
  });

  it.each([
    ["a malformed id", "not-an-id"],
    ["an unknown id", "0123456789abcdef01234567"],
  ])("answers 404 with the spec's message for %s", async (_label, id) => {
    const page = await get(`/movies/${id}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain(`Movie with ID ${id} not found.`);
    expect(page.html).toMatch(/<a class="button" href="\/"[^>]*>Go back home<\/a>/);
    expect(title(page.html)).toBe("Movie not found | MovieBooks");
    expect(h1s(page.html)).toBe(1);
  });

  it("does not mistake a book id for a movie id", async () => {
    const page = await get(`/movies/${arrival.bookRef._id}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain(`Movie with ID ${arrival.bookRef._id} not found.`);
  });
});

describe("/books/:bookId", () => {
  it("shows the book and the public connections featuring it", async () => {
    const book = arrival.bookRef;
    const page = await get(`/books/${book._id}`);
    expect(page.status).toBe(200);
    expect(h1s(page.html)).toBe(1);
    expect(page.html).toMatch(/<h1[^>]*>Story of Your Life<span class="catalog__year"> \(1998\)<\/span><\/h1>/);
    expect(page.text).toContain("by Ted Chiang");
    expect(page.text).toContain("Novella");
    expect(page.text).toContain("ISBN 9781101972120");
    expect(page.text).toContain("Published 1998");
    expect(page.text).toContain(BOOK_SYNOPSIS.trim());
    // No cover was uploaded: the placeholder, with alt text.
    expect(imageAttribute(page.html, "Cover of Story of Your Life", "src")).toBe("/placeholder-cover.png");
    expect(page.text).toContain("Connections featuring this book 1 connection");
    expect(cardCount(page.html)).toBe(1);
    expect(page.text).toContain("Arrival & Story of Your Life");
    expect(page.text).not.toContain("Stories of Your Life and Others");
  });

  it("sets the title, a 110-character description and the canonical link", async () => {
    const book = arrival.bookRef;
    const { html } = await get(`/books/${book._id}`);
    expect(title(html)).toBe("Story of Your Life (1998) | MovieBooks");
    expect(metaContent(html, "name", "description")).toBe(`${BOOK_SYNOPSIS.slice(0, 110)}...`);
    expect(canonical(html)).toBe(`${app.url}/books/${book._id}`);
  });

  it("hides a private member's book connections from visitors", async () => {
    const page = await get(`/books/${hidden.bookRef._id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Embassytown");
    expect(page.text).toContain("No connections feature this book yet.");
    expect(page.html).not.toContain(PRIVATE_CONTEXT);
  });

  it.each([
    ["a malformed id", "123"],
    ["an unknown id", "fedcba9876543210fedcba98"],
  ])("answers 404 with the spec's message for %s", async (_label, id) => {
    const page = await get(`/books/${id}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain(`Book with ID ${id} not found.`);
    expect(page.html).toMatch(/<a class="button" href="\/"[^>]*>Go back home<\/a>/);
    expect(title(page.html)).toBe("Book not found | MovieBooks");
  });
});
