import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { blocks, comments, favorites, follows, likes, reports, verdictVotes } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

// Issue 15: visitors browse freely. The feed, profiles and their lists, movie, book and connection pages are
// readable without an account, as the privacy rule shows them to a null viewer; every action a visitor cannot
// take leads to /login and back to the same place (without JavaScript here; tests/e2e/visitors.test.ts with).

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };
let author: Member;
let fan: Member;
let recluse: Member; // private, followed by `fan`
let banned: Member; // suspended
const post: Record<"main" | "adaptation" | "private" | "banned", { _id: string; movieRef: { _id: string } | null }> =
  {} as never;
let commentId: string;

async function member(): Promise<Member> {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

const connect = async (who: Member, body: Record<string, string>) =>
  (await api(app, "POST", "/connections", { token: who.token, body })).body;

beforeAll(async () => {
  app = await startTestApp();
  [author, fan, recluse, banned] = [await member(), await member(), await member(), await member()];
  for (let n = 0; n < 11; n++) await connect(author, { context: `Pager post ${n}`, tags: "visitor-pager" });
  post.adaptation = await connect(author, {
    movieTitle: "Visitor Film",
    bookTitle: "Visitor Novel",
    kind: "adaptation",
    tags: "visitor-adapted",
  });
  post.main = await connect(author, {
    movieTitle: "Open Film",
    bookTitle: "Open Book",
    context: "Anyone may read this.",
    tags: "visitor-tag",
  });
  commentId = (
    await api(app, "POST", `/connections/${post.main._id}/comments`, { token: fan.token, body: { text: "Nice one." } })
  ).body._id;
  await api(app, "POST", `/follows/${author._id}`, { token: fan.token });
  await api(app, "POST", `/follows/${recluse._id}`, { token: fan.token });
  post.private = await connect(recluse, { context: "Recluse's private words", tags: "visitor-tag" });
  await api(app, "PUT", "/users/profile", { token: recluse.token, body: { isPrivate: true, bio: "Quiet reader" } });
  post.banned = await connect(banned, { context: "Banned member's words" });
  const moderator = await registerModerator(app);
  await api(app, "POST", "/reports", {
    token: fan.token,
    body: { targetType: "user", targetId: banned._id, reason: "spam" },
  });
  const caseId = await openCaseOf(app, banned._id);
  await api(app, "POST", `/moderation/reports/${caseId}/resolve`, {
    token: moderator.token,
    body: { action: "suspend" },
  });
});
afterAll(() => app?.close());

async function get(path: string, cookie?: string) {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = (await response.text()).replaceAll("<!-- -->", "");
  // The page's own content, without the header and the hydration data (which repeats the loader's answer).
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  return { status: response.status, location: response.headers.get("location"), html, main };
}

const cards = (html: string) => html.match(/<article\b[^>]*\sclass="card(?: [^"]*)?"/g)?.length ?? 0;
/** The login page's address that brings one back to `back`, as it appears in an href. */
const loginHref = (back: string) =>
  `href="/login?${new URLSearchParams({ redirectTo: back }).toString().replaceAll("&", "&amp;")}"`;

describe("the home page for visitors", () => {
  it("welcomes them, then shows the public feed with filters, popular tags and pages", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.main).toContain("Where movies and books meet.");
    expect(home.main).toMatch(/<h2 id="feed-title">Latest connections<\/h2>/);
    expect(home.main).toMatch(/<form class="filters__form"[^>]*method="get"/);
    expect(cards(home.main)).toBe(10);
    expect(home.main).toContain('href="/?page=2"');
    expect(home.main).toMatch(/Popular Tags[\s\S]*href="\/\?tags=visitor-pager"[^>]*>#visitor-pager <span[^>]*>11</);
    expect(home.main).not.toContain("Recluse&#x27;s private words");
    expect(home.main).not.toContain("Banned member");

    const second = await get("/?page=2");
    expect(cards(second.main)).toBe(3);
    expect(second.main).toContain("Pager post 0");
  });

  it("follows tag links and filters, with pages of their own", async () => {
    const tagged = await get("/?tags=visitor-pager");
    expect(tagged.main).toContain("Showing connections tagged <strong>#visitor-pager</strong>");
    expect(cards(tagged.main)).toBe(10);
    expect(tagged.main).toContain('href="/?tags=visitor-pager&amp;page=2"');
    expect(cards((await get("/?tags=visitor-pager&page=2")).main)).toBe(1);
    // The private member's post carries the tag too; only followers see it.
    const shared = await get("/?tags=visitor-tag");
    expect(cards(shared.main)).toBe(1);
    expect(cards((await get("/?tags=visitor-tag", fan.cookie)).main)).toBe(2);
    const kind = await get("/?kind=adaptation");
    expect(cards(kind.main)).toBe(1);
    expect(kind.main).toContain("Visitor Film &amp; Visitor Novel");
    expect((await get("/?director=Nobody%20At%20All")).main).toContain("No connections found matching your filter(s).");
  });

  it("keeps the members' home as it was: their feed, no welcome", async () => {
    const home = await get("/", fan.cookie);
    expect(home.main).toMatch(/<h1 id="feed-title">Your feed<\/h1>/);
    expect(home.main).not.toContain("Where movies and books meet.");
  });
});

describe("profiles and their lists for visitors", () => {
  it("shows a public member's profile, connections and follow lists; names lead there", async () => {
    const connection = await get(`/connections/${post.main._id}`);
    expect(connection.main).toContain(`href="/users/${author._id}"`);
    expect(connection.main).toContain(`href="/profile/${fan._id}"`);
    const viaComment = await get(`/profile/${fan._id}`);
    expect(viaComment.status).toBe(301);
    expect(viaComment.location).toBe(`/users/${fan._id}`);

    const profile = await get(`/users/${author._id}`);
    expect(profile.status).toBe(200);
    expect(profile.main).toContain(`@${author.username}`);
    expect(profile.main).toContain(`Connections by ${author.username}`);
    expect(cards(profile.main)).toBe(10);
    expect(profile.main).toContain(`href="/users/${author._id}?page=2"`);
    expect(profile.main).toContain("<strong>1</strong> follower");
    expect(profile.main).not.toContain("My Favorites");

    const followers = await get(`/users/${author._id}/followers`);
    expect(followers.status).toBe(200);
    expect(followers.main).toContain(`@${fan.username}`);
    expect(followers.main).not.toContain(">Remove<");
    const following = await get(`/users/${fan._id}/following`);
    expect(following.main).toContain(`@${author.username}`);
    expect(following.main).toContain(`@${recluse.username}`);
  });

  it("shows a private member's basic info only: no connections, no lists", async () => {
    const profile = await get(`/users/${recluse._id}`);
    expect(profile.status).toBe(200);
    expect(profile.main).toContain(`@${recluse.username}`);
    expect(profile.main).toContain("Quiet reader");
    expect(profile.main).toContain(PROFILE_MESSAGES.hidden);
    expect(cards(profile.main)).toBe(0);
    expect(profile.html).not.toContain("private words");
    for (const list of ["followers", "following"]) {
      const page = await get(`/users/${recluse._id}/${list}`);
      expect(page.status, list).toBe(404);
      expect(page.main).toContain(PROFILE_MESSAGES.userNotFound);
    }
    expect((await get(`/connections/${post.private._id}`)).status).toBe(404);
    // Their follower sees all of it.
    expect((await get(`/users/${recluse._id}`, fan.cookie)).html).toContain("Recluse&#x27;s private words");
  });

  it("does not show a suspended member's profile, lists or connections", async () => {
    for (const path of [`/users/${banned._id}`, `/users/${banned._id}/followers`, `/connections/${post.banned._id}`]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).not.toContain("Banned member");
    }
  });

  it("keeps /users, one's own profile, for members, and comes back to it after login", async () => {
    const own = await get("/users");
    expect(own.status).toBe(302);
    expect(own.location).toBe("/login?redirectTo=%2Fusers");
    // Navigating there with JavaScript is a data request (`/users.data`); login must come back to the page itself.
    for (const path of ["/users", "/notifications", `/report/user/${author._id}`]) {
      const data = await get(`${path}.data`);
      expect(data.html, path).toContain(`"/login?redirectTo=${encodeURIComponent(path)}"`);
    }
  });
});

describe("actions a visitor cannot take", () => {
  it("are links to log in that come back to the item", async () => {
    const path = `/connections/${post.main._id}`;
    const page = (await get(path)).main;
    const atCard = loginHref(`${path}#card-${post.main._id}`);
    // The words are hidden on narrow screens (the icons stand in) but stay in each control's name.
    expect(page).toMatch(
      new RegExp(
        `<a[^>]+${asPattern(atCard)}[^>]*>♡ 0<span class="action-button__word"> likes</span><span class="visually-hidden"> \\(log in to like this\\)`,
      ),
    );
    expect(page).toMatch(
      new RegExp(`<a[^>]+${asPattern(atCard)}[^>]*>☆<span class="action-button__word"> Favorite</span>`),
    );
    expect(page).toMatch(
      new RegExp(
        `<a[^>]+${asPattern(atCard)}[^>]*><svg[^>]*>.*?</svg><span class="action-button__word">Report</span><span class="visually-hidden"> this connection`,
      ),
    );
    expect(page).toMatch(
      new RegExp(`<a[^>]+${asPattern(loginHref(`${path}#comments`))}[^>]*>Log in</a> to leave a comment.`),
    );
    expect(page).toContain(loginHref(`${path}#comment-${commentId}`));
    expect(page).not.toMatch(/<form[^>]+method="post"/);

    const feed = (await get("/?kind=adaptation")).main;
    expect(feed).toMatch(
      new RegExp(
        // The way back names the Everyone tab the visitor saw (a member's home may open on Following, decision 031).
        `<a[^>]+${asPattern(loginHref(`/?kind=adaptation&feed=everyone#card-${post.adaptation._id}`))}[^>]*>Log in to vote</a>`,
      ),
    );

    const profile = (await get(`/users/${author._id}`)).main;
    const atProfile = loginHref(`/users/${author._id}#profile`);
    for (const label of ["Follow", "Block", "Report"]) {
      expect(profile, label).toMatch(new RegExp(`<a[^>]+${asPattern(atProfile)}[^>]*>${label}<`));
    }
  });

  it.each([
    {
      name: "like",
      path: () => `/connections/${post.main._id}/like`,
      fields: () => ({ via: "form", redirectTo: "/?tags=visitor-tag" }),
      back: () => `/?tags=visitor-tag#card-${post.main._id}`,
    },
    {
      name: "favorite",
      path: () => `/connections/${post.main._id}/favorite`,
      fields: () => ({ via: "form", redirectTo: `/users/${author._id}?page=2` }),
      back: () => `/users/${author._id}?page=2#card-${post.main._id}`,
    },
    {
      name: "vote",
      path: () => `/connections/${post.adaptation._id}/verdict`,
      fields: () => ({ via: "form", choice: "book", redirectTo: `/movies/${post.adaptation.movieRef!._id}` }),
      back: () => `/movies/${post.adaptation.movieRef!._id}#card-${post.adaptation._id}`,
    },
    {
      name: "comment",
      path: () => `/connections/${post.main._id}`,
      fields: () => ({ intent: "add-comment", text: "Let me in", redirectTo: `/connections/${post.main._id}` }),
      back: () => `/connections/${post.main._id}#comments`,
    },
    {
      name: "follow",
      path: () => `/users/${author._id}/follow`,
      fields: () => ({ via: "form", intent: "follow", redirectTo: `/users/${author._id}` }),
      back: () => `/users/${author._id}#profile`,
    },
    {
      name: "block",
      path: () => `/users/${author._id}/block`,
      fields: () => ({ intent: "block", redirectTo: `/users/${author._id}` }),
      back: () => `/users/${author._id}#profile`,
    },
    {
      name: "report",
      path: () => `/report/connection/${post.main._id}`,
      fields: () => ({ reason: "spam", redirectTo: `/connections/${post.main._id}` }),
      back: () =>
        `/report/connection/${post.main._id}?redirectTo=${encodeURIComponent(`/connections/${post.main._id}`)}`,
    },
  ])("$name: a visitor's post goes to log in, writes nothing, and login comes back", async ({ path, fields, back }) => {
    const before = await writes();
    const posted = await postForm(app, path(), fields());
    expect(posted.status).toBe(302);
    const login = posted.headers.get("location")!;
    expect(login).toBe(`/login?${new URLSearchParams({ redirectTo: back() })}`);
    expect(await writes()).toEqual(before);

    const form = await get(login);
    expect(form.status).toBe(200);
    expect(form.main).toContain(`name="redirectTo" value="${back().replaceAll("&", "&amp;")}"`);
    const someone = await registerUser(app);
    const loggedIn = await postForm(app, "/login", {
      email: someone.email,
      password: someone.password,
      redirectTo: back(),
    });
    expect(loggedIn.status).toBe(302);
    expect(loggedIn.headers.get("location")).toBe(back());
    expect((await get(back().split("#")[0]!, cookieFrom(loggedIn))).status).toBe(200);
  });

  it("never send a visitor back off the site", async () => {
    const posted = await postForm(app, `/connections/${post.main._id}/like`, { redirectTo: "//evil.example/x" });
    expect(posted.headers.get("location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: `/connections/${post.main._id}#card-${post.main._id}` })}`,
    );
  });
});

/** Rows every visitor action would write, counted: none may appear. */
async function writes() {
  const tables = { likes, favorites, comments, follows, blocks, reports, verdictVotes };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await app.db.select({ n: count() }).from(table))[0]!.n;
  }
  return counts;
}

function asPattern(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
