import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postConnectionWithImages } from "../support/connections.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

/**
 * Private members' images (issue 18, decision 028): once a member turns private, their connections' images answer
 * only to viewers who may see the connection, checked on every request and never cached by shared caches. Pictures
 * that are catalog data (a movie's poster, a book's cover) and profile pictures (basic info) stay public.
 */

type Member = Awaited<ReturnType<typeof registerUser>>;
let app: TestApp;
let owner: Member;
let follower: Member;
let stranger: Member;
let followerCookie: string;
let strangerCookie: string;
let ownerCookie: string;
let own: { screenshot: string; poster: string; cover: string };
let catalogPoster: string;
let avatar: string;

const login = async (member: Member) =>
  cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));

beforeAll(async () => {
  app = await startTestApp();
  [owner, follower, stranger] = await Promise.all([registerUser(app), registerUser(app), registerUser(app)]);
  [followerCookie, strangerCookie, ownerCookie] = await Promise.all([login(follower), login(stranger), login(owner)]);
  // Someone else's post gives the movie and the book their pictures: the catalog's, public whoever posts after.
  const first = await postConnectionWithImages(
    app,
    stranger.token,
    { movieTitle: "Rebecca", movieYear: "1940", bookTitle: "Rebecca", bookAuthor: "Daphne du Maurier" },
    { moviePoster: testPng("catalog poster"), bookCover: testPng("catalog cover") },
  );
  catalogPoster = first.moviePosterUrl;
  const posted = await postConnectionWithImages(
    app,
    owner.token,
    { movieTitle: "Rebecca", movieYear: "1940", bookTitle: "Rebecca", bookAuthor: "Daphne du Maurier" },
    { moviePoster: testPng("own poster"), bookCover: testPng("own cover"), screenshot: testPng("own still") },
  );
  own = { screenshot: posted.screenshotUrl, poster: posted.moviePosterUrl, cover: posted.bookCoverUrl };
  const picture = new FormData();
  picture.set("profilePicture", new File([testPng("face") as BlobPart], "face.png", { type: "image/png" }));
  avatar = (await api(app, "PUT", "/users/profile/picture", { token: owner.token, body: picture })).body
    .profilePictureUrl;
  expect((await api(app, "POST", `/follows/${owner._id}`, { token: follower.token })).status).toBe(201);
});
afterAll(() => app?.close());

const fetchImage = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { "CF-Connecting-IP": nextClientAddress(), ...headers } });

const maxAge = (response: Response) => Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);

describe("a public member's connection images", () => {
  it("answer everyone, cached briefly (immutable while fresh: a key's bytes never change), never for a year", async () => {
    for (const url of [own.screenshot, own.poster, own.cover]) {
      const response = await fetchImage(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe("public, max-age=300, immutable");
      expect(maxAge(response), url).toBeLessThanOrEqual(300);
    }
  });
});

describe("after the member turns private", () => {
  beforeAll(async () => {
    const response = await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    expect(response.status).toBe(200);
  });

  it.each([
    ["a visitor", () => ({})],
    ["another member's cookie", () => ({ Cookie: strangerCookie })],
    ["another member's token", () => ({ Authorization: `Bearer ${stranger.token}` })],
  ])("their connection images are not found by %s", async (_case, headers) => {
    for (const url of [own.screenshot, own.poster, own.cover]) {
      const response = await fetchImage(url, headers());
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe("Image not found");
    }
  });

  it.each([
    ["a follower's cookie", () => ({ Cookie: followerCookie })],
    ["a follower's token", () => ({ Authorization: `Bearer ${follower.token}` })],
    ["the member's own cookie", () => ({ Cookie: ownerCookie })],
  ])("they answer %s, privately", async (_case, headers) => {
    for (const url of [own.screenshot, own.poster, own.cover]) {
      const response = await fetchImage(url, headers());
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toMatch(/^private\b/);
      expect(maxAge(response)).toBeLessThanOrEqual(300);
    }
  });

  it("the catalog's pictures and their profile picture stay public", async () => {
    for (const url of [catalogPoster, avatar]) {
      const response = await fetchImage(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^public\b/);
    }
  });

  it("a follower removed loses them at once", async () => {
    await api(app, "DELETE", `/follows/followers/${follower._id}`, { token: owner.token });
    expect((await fetchImage(own.screenshot, { Cookie: followerCookie })).status).toBe(404);
  });

  it("an unknown key or one no row shows is not found", async () => {
    const unknown = own.screenshot.replace(/[0-9a-f]{24}/, "0".repeat(24));
    expect((await fetchImage(unknown)).status).toBe(404);
  });
});

describe("what stays visible of a private member (decision 028)", () => {
  it("their likes and comments on public connections, and their place in a public member's followers", async () => {
    const quiet = await registerUser(app);
    const target = await api(app, "POST", "/connections", {
      token: stranger.token,
      body: { movieTitle: "Persona", bookTitle: "The Bell Jar", context: "Masks." },
    });
    await api(app, "POST", `/connections/${target.body._id}/like`, { token: quiet.token });
    await api(app, "POST", `/connections/${target.body._id}/comments`, { token: quiet.token, body: { text: "Yes." } });
    await api(app, "POST", `/follows/${stranger._id}`, { token: quiet.token });
    await api(app, "PUT", "/users/profile", { token: quiet.token, body: { isPrivate: true } });

    const seen = await api(app, "GET", `/connections/${target.body._id}`);
    expect(seen.body.likes).toContain(quiet._id);
    const thread = await api(app, "GET", `/connections/${target.body._id}/comments`);
    expect(thread.body.map((comment: { user: { _id: string } }) => comment.user._id)).toContain(quiet._id);
    const followers = await api(app, "GET", `/follows/followers/${stranger._id}`);
    expect(followers.body.map((user: { _id: string }) => user._id)).toContain(quiet._id);
  });

  it("the create form says movies and books are shared catalog data", async () => {
    const page = await fetch(`${app.url}/create`, { headers: { Cookie: ownerCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      "Movies and books are shared: what you enter about them is public, even if your profile is private.",
    );
  });
});
