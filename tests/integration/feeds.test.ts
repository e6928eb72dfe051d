import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../worker/core/ids.ts";
import { FEED_VIEW_MESSAGES, TRENDING_WINDOW_MS } from "../../worker/core/rules/index.ts";
import { comments, connections, connectionTags, likes, trendingWindow, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { driftedCounts } from "../support/counts.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

// API.md "Feeds for members" (issue 16, decision 031): Following and Everyone, newest / top this week / most
// discussed, with the filters and pages, on the API and the home page; Following never shows what the viewer
// may not see, and an empty one suggests public, unsuspended, unblocked members to follow.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };

async function member(): Promise<Member> {
  const user = await registerUser(app);
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

async function post(by: Member, context: string, tags = ""): Promise<string> {
  const response = await api(app, "POST", "/connections", { token: by.token, body: { context, tags } });
  expect(response.status).toBe(201);
  return response.body._id;
}

const follow = async (who: Member, whom: Member) =>
  expect((await api(app, "POST", `/follows/${whom._id}`, { token: who.token })).status).toBeLessThan(300);

/** Every connection of a feed view, page after page, as the API lists them. */
async function allPages(query: string, token?: string): Promise<string[]> {
  const first = await api(app, "GET", `/connections?${query}`, { token });
  expect(first.status).toBe(200);
  const ids: string[] = first.body.connections.map((c: { _id: string }) => c._id);
  for (let page = 2; page <= first.body.pages; page++) {
    const next = await api(app, "GET", `/connections?${query}&pageNumber=${page}`, { token });
    expect(next.body.pages).toBe(first.body.pages);
    ids.push(...next.body.connections.map((c: { _id: string }) => c._id));
  }
  expect(first.body.pages).toBe(Math.ceil(ids.length / 10));
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

const html = async (path: string, cookie?: string) => {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
};

/** The card ids a page of the home feed shows, in order. */
const cardIds = (page: string) => [...page.matchAll(/<article id="card-([0-9a-f]{24})"/g)].map((match) => match[1]);

describe("GET /api/connections: feed and sort", () => {
  let reader: Member;
  let followed: Member;
  let privateFollowed: Member;
  let stranger: Member;
  let privateStranger: Member;
  const posts: Record<string, string[]> = {};
  /** Every post of this block, in the order posted: newest first is its reverse. */
  const created: string[] = [];
  const newestFirst = (wanted: string[]) => created.filter((id) => wanted.includes(id)).reverse();

  beforeAll(async () => {
    [reader, followed, privateFollowed, stranger, privateStranger] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
    ]);
    for (const who of [privateFollowed, privateStranger]) {
      await api(app, "PUT", "/users/profile", { token: who.token, body: { isPrivate: true } });
    }
    await follow(reader, followed);
    await follow(reader, privateFollowed); // a request, accepted below
    await api(app, "POST", `/follows/requests/${reader._id}/accept`, { token: privateFollowed.token });
    // Interleaved, so Following must pick its rows out of everyone's. 24 of theirs: three pages.
    for (let round = 0; round < 8; round++) {
      for (const [name, who] of Object.entries({ reader, followed, privateFollowed, stranger, privateStranger })) {
        const id = await post(who, `${name} post ${round}`, round % 2 ? "odd-round" : "even-round");
        posts[name] = [...(posts[name] ?? []), id];
        created.push(id);
      }
    }
  });

  it("without feed or sort answers as before: everyone's visible connections, newest first", async () => {
    const ids = await allPages("");
    const everyone = await allPages("feed=everyone&sort=newest");
    expect(everyone).toEqual(ids);
    expect(ids).toEqual(newestFirst([...posts.reader!, ...posts.followed!, ...posts.stranger!]));
  });

  it("Following lists the member's own and their followed members' connections, newest first, over pages", async () => {
    const ids = await allPages("feed=following", reader.token);
    expect(ids).toEqual(newestFirst([...posts.reader!, ...posts.followed!, ...posts.privateFollowed!]));
    // A member following nobody sees their own.
    expect(await allPages("feed=following", stranger.token)).toEqual(newestFirst(posts.stranger!));
  });

  it("Following combines with the filters (a tag) and counts what it lists", async () => {
    const odd = (list: string[]) => list.filter((_, round) => round % 2 === 1);
    expect(await allPages("feed=following&tags=odd-round", reader.token)).toEqual(
      newestFirst([...odd(posts.reader!), ...odd(posts.followed!), ...odd(posts.privateFollowed!)]),
    );
  });

  it("sorts Following by this week's likes, among its own rows only", async () => {
    const [liked, strangers] = [posts.followed![2]!, posts.stranger![7]!];
    await api(app, "POST", `/connections/${liked}/like`, { token: stranger.token });
    await api(app, "POST", `/connections/${strangers}/like`, { token: reader.token });
    const ids = await allPages("feed=following&sort=top", reader.token);
    const mine = [...posts.reader!, ...posts.followed!, ...posts.privateFollowed!];
    expect(ids).toEqual([liked, ...newestFirst(mine).filter((id) => id !== liked)]);
  });

  it("a visitor asking for Following gets 401, a bad token too; unknown values are 400", async () => {
    expect(await api(app, "GET", "/connections?feed=following")).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
    expect(await api(app, "GET", "/connections?feed=following", { token: "not-a-token" })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, token failed" },
    });
    expect(await api(app, "GET", "/connections?feed=friends", { token: reader.token })).toMatchObject({
      status: 400,
      body: { message: FEED_VIEW_MESSAGES.unknownFeed },
    });
    expect(await api(app, "GET", "/connections?sort=best")).toMatchObject({
      status: 400,
      body: { message: FEED_VIEW_MESSAGES.unknownSort },
    });
  });

  it("Following drops a followed member who is suspended, and counts without them; a moderator's keeps them", async () => {
    const suspendedOne = await member();
    const theirs = await post(suspendedOne, "soon hidden", "soon-hidden");
    await follow(reader, suspendedOne);
    expect(await allPages("feed=following", reader.token)).toContain(theirs);
    // Filtered by a tag rarer than the followed members' rows, the page and its count are read off the tag's index.
    expect(await allPages("feed=following&tags=soon-hidden", reader.token)).toEqual([theirs]);
    const moderator = await registerModerator(app);
    expect((await api(app, "POST", `/follows/${suspendedOne._id}`, { token: moderator.token })).status).toBe(201);
    await api(app, "POST", "/reports", {
      token: stranger.token,
      body: { targetType: "user", targetId: suspendedOne._id, reason: "spam" },
    });
    const caseId = await openCaseOf(app, suspendedOne._id);
    const resolved = await api(app, "POST", `/moderation/reports/${caseId}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    expect(resolved.status).toBe(200);
    const after = await allPages("feed=following", reader.token);
    expect(after).not.toContain(theirs);
    expect(after).toHaveLength(24);
    expect(await allPages("feed=following&tags=soon-hidden", reader.token)).toEqual([]);
    // Moderators see suspended members' content (decision 017); their count reads every followed member's row.
    expect(await allPages("feed=following", moderator.token)).toEqual([theirs]);
    expect(await allPages("feed=following&tags=soon-hidden", moderator.token)).toEqual([theirs]);
  });

  it("Following drops a member the viewer blocks (the block removes the follow)", async () => {
    const blockedOne = await member();
    const theirs = await post(blockedOne, "blocked soon");
    await follow(reader, blockedOne);
    expect(await allPages("feed=following", reader.token)).toContain(theirs);
    expect((await api(app, "POST", `/blocks/${blockedOne._id}`, { token: reader.token })).status).toBe(201);
    expect(await allPages("feed=following", reader.token)).not.toContain(theirs);
    // And the other way: blocked by someone they follow.
    const blocker = await member();
    const blockers = await post(blocker, "blocker's post");
    await follow(reader, blocker);
    expect((await api(app, "POST", `/blocks/${reader._id}`, { token: blocker.token })).status).toBe(201);
    expect(await allPages("feed=following", reader.token)).not.toContain(blockers);
  });

  it("counts a filter's index by the followed members' entries alone, not a stranger's beside them", async () => {
    // Ten of a followed member's, one of a stranger's: read off the tag's index (11 public entries, fewer than the
    // followed members' rows), the count is one page; a stranger's entry counted would make it two.
    const prolific = await member();
    await follow(reader, prolific);
    const theirs: string[] = [];
    for (let round = 0; round < 10; round++) theirs.push(await post(prolific, `page edge ${round}`, "page-edge"));
    await post(stranger, "a stranger's page edge", "page-edge");
    expect(await allPages("feed=following&tags=page-edge", reader.token)).toEqual(theirs.reverse());
  });
});

describe("sort=top and sort=discussed", () => {
  let author: Member;
  let fans: Member[];
  let ids: string[];
  // The views are read as a member who takes no part: these tests write straight to the database, a write the
  // Worker learns of only after a few seconds, so a visitor's answer could come from the edge cache (decision 039);
  // a member's never does, and the privacy rule is the same.
  let onlooker: Member;
  // Only these posts carry the tag, so each view's order can be written out in full.
  const tag = "sorting";

  beforeAll(async () => {
    author = await member();
    fans = await Promise.all(Array.from({ length: 5 }, () => member()));
    onlooker = await member();
    ids = [];
    for (let index = 0; index < 25; index++)
      ids.push(await post(author, `post ${index}`, `${tag}, ${index % 3 ? "x" : "y"}`));
  });

  const like = (who: Member, id: string) => api(app, "POST", `/connections/${id}/like`, { token: who.token });
  const comment = (who: Member, id: string) =>
    api(app, "POST", `/connections/${id}/comments`, { token: who.token, body: { text: "Nice one" } });
  const lastMonth = () => Date.now() - TRENDING_WINDOW_MS - 60_000;

  it("top: most likes in the last 7 days first, then the rest newest first, over pages; older likes count for nothing", async () => {
    const [a, b, c, d, old] = [ids[3]!, ids[10]!, ids[17]!, ids[0]!, ids[24]!];
    for (const fan of fans.slice(0, 3)) await like(fan, a);
    for (const fan of fans.slice(0, 2)) await like(fan, b);
    for (const fan of fans.slice(0, 2)) await like(fan, c);
    await like(fans[0]!, d);
    for (const fan of fans) await like(fan, old);
    // `old`'s likes are from last month: they no longer count this week.
    await app.db.update(likes).set({ createdAt: lastMonth() }).where(eq(likes.connectionId, old));
    const rest = ids.filter((id) => ![a, b, c, d].includes(id)).reverse();
    // b and c tie on likes: the newer first.
    const expected = [a, c, b, d, ...rest];
    expect(await allPages(`sort=top&tags=${tag}`, onlooker.token)).toEqual(expected);
    // A visitor's view ranks the same (its first read since the likes, so no kept answer stands in for it).
    expect(await allPages(`sort=top&tags=${tag}`)).toEqual(expected);
    // A second filter keeps the same order among what it matches; the whole feed puts them in the same order.
    expect(await allPages("sort=top&tags=y", onlooker.token)).toEqual(
      expected.filter((id) => ids.indexOf(id) % 3 === 0),
    );
    const everything = await allPages("sort=top", onlooker.token);
    expect(everything.filter((id) => ids.includes(id))).toEqual(expected);
    expect(everything.slice(0, 4)).toEqual([a, c, b, d]);
  });

  it("discussed: most comments in the last 7 days first", async () => {
    const [a, b] = [ids[20]!, ids[5]!];
    await comment(fans[0]!, a);
    for (const fan of fans.slice(0, 3)) await comment(fan, b);
    await comment(fans[0]!, b); // a second comment by the same member counts too
    const listed = await allPages(`sort=discussed&tags=${tag}`, onlooker.token);
    expect(listed.slice(0, 2)).toEqual([b, a]);
    expect(listed.slice(2)).toEqual(ids.filter((id) => id !== a && id !== b).reverse());
    await app.db.update(comments).set({ createdAt: lastMonth() }).where(eq(comments.connectionId, b));
    const after = await allPages(`sort=discussed&tags=${tag}`, onlooker.token);
    expect(after).toEqual([a, ...ids.filter((id) => id !== a).reverse()]);
  });

  it("likes of a suspended member, or of someone a block stands between, do not lift a connection", async () => {
    const [target, rival] = [ids[12]!, ids[13]!];
    const troll = await member();
    for (const who of [troll, fans[2]!, fans[3]!]) await like(who, target);
    for (const who of [fans[4]!, fans[1]!]) await like(who, rival);
    const order = async (token = onlooker.token) => {
      const listed = await allPages(`sort=top&tags=${tag}`, token);
      return listed.indexOf(target) < listed.indexOf(rival) ? "target first" : "rival first";
    };
    // 3 likes against 2.
    expect(await order()).toBe("target first");
    // The troll blocks a viewer: to them the troll's like does not exist, 2 against 2, and the newer (rival) wins.
    const viewer = await member();
    expect((await api(app, "POST", `/blocks/${viewer._id}`, { token: troll.token })).status).toBe(201);
    expect(await order(viewer.token)).toBe("rival first");
    expect(await order()).toBe("target first");
    // Suspended: nobody but moderators counts it.
    await app.db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, troll._id));
    expect(await order()).toBe("rival first");
    await app.db.update(users).set({ suspendedAt: null }).where(eq(users.id, troll._id));
  });

  it("the home page orders its cards the same way, and keeps the view in its pagination and filter form", async () => {
    const viewer = await member();
    const apiOrder = await allPages(`sort=top&tags=${tag}`, viewer.token);
    const page1 = await html(`/?feed=everyone&sort=top&tags=${tag}`, viewer.cookie);
    expect(cardIds(page1.text)).toEqual(apiOrder.slice(0, 10));
    const page2 = await html(`/?feed=everyone&sort=top&tags=${tag}&page=2`, viewer.cookie);
    expect(cardIds(page2.text)).toEqual(apiOrder.slice(10, 20));
    expect(page1.text).toContain(`href="/?feed=everyone&amp;sort=top&amp;tags=${tag}&amp;page=2"`);
    expect(page1.text).toMatch(/<input type="hidden" name="sort" value="top"\/>/);
    expect(page1.text).toMatch(/<input type="hidden" name="feed" value="everyone"\/>/);
    expect(page1.text).toMatch(/<a[^>]*aria-current="page"[^>]*>Top this week<\/a>/);
  });
});

describe("the ranked sorts' kept week counts (decision 031's addendum)", () => {
  const day = 86_400_000;
  const tag = "kept-week";

  /** As if the cron last ran `days` ago: the window starts further back and the kept numbers count from there. */
  async function rewindCountedWindow(days: number) {
    const countedFrom = Date.now() - days * day;
    await app.db.batch([
      app.db.update(trendingWindow).set({ countedFrom }),
      app.db.update(connections).set({
        weekLikes: sql`(select count(*) from likes l where l.connection_id = "connections"."id" and l.created_at >= ${countedFrom})`,
        weekComments: sql`(select count(*) from comments m where m.connection_id = "connections"."id" and m.created_at >= ${countedFrom})`,
      }),
    ]);
  }

  it("rank exactly from kept numbers: what the week left behind and what hidden members did are taken off, before and after the cron ages them", async () => {
    const [author, viewer, blocker, troll, ...fans] = await Promise.all(Array.from({ length: 12 }, () => member()));
    const moderator = await registerModerator(app);
    const p: string[] = [];
    // More ranked posts than a first page and its corrections, so page 1's walk stops short of the ranked rows.
    for (let index = 0; index < 24; index++) p.push(await post(author!, `kept ${index}`, tag));
    await rewindCountedWindow(10);
    const at = (daysAgo: number) => Date.now() - daysAgo * day;
    const like = (id: string, who: Member, daysAgo = 1) =>
      app.db.insert(likes).values({ connectionId: id, userId: who._id, createdAt: at(daysAgo) });
    // p[0]: five likes from 8 days ago, counted until the cron ages them, and one this week.
    for (const fan of fans.slice(0, 5)) await like(p[0]!, fan, 8);
    await like(p[0]!, fans[5]!);
    // p[1]: a suspended member's like, a like by someone who blocked the viewer, and one more.
    for (const who of [troll!, blocker!, fans[0]!]) await like(p[1]!, who);
    for (const fan of fans.slice(0, 4)) await like(p[2]!, fan);
    for (const fan of fans.slice(0, 3)) await like(p[3]!, fan);
    for (const fan of fans.slice(0, 2)) await like(p[4]!, fan);
    for (const id of p.slice(5, 23)) await like(id, fans[6]!);
    // p[23]: one before the window, counted nowhere; one 8 days ago, kept until the cron ages it but worth 0 this week;
    // and the suspended member's, which only a moderator counts.
    await like(p[23]!, fans[7]!, 30);
    await like(p[23]!, fans[5]!, 8);
    await like(p[23]!, troll!);
    await app.db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, troll!._id));
    expect((await api(app, "POST", `/blocks/${viewer!._id}`, { token: blocker!.token })).status).toBe(201);

    const newestOf = (ids: string[]) => [...ids].reverse();
    const ones = newestOf(p.slice(5, 23));
    // p[1] counts 1 for the viewer (the troll and the blocker hidden), 2 for a visitor, 3 for a moderator.
    const forViewer = [p[2], p[3], p[4], ...ones, p[1], p[0], p[23]];
    const forVisitor = [p[2], p[3], p[4], p[1], ...ones, p[0], p[23]];
    const forModerator = [p[2], p[3], p[1], p[4], p[23], ...ones, p[0]];
    expect(await allPages(`sort=top&tags=${tag}`, viewer!.token)).toEqual(forViewer);
    expect(await allPages(`sort=top&tags=${tag}`)).toEqual(forVisitor);
    expect(await allPages(`sort=top&tags=${tag}`, moderator.token)).toEqual(forModerator);
    // The whole feed ranks them alike. Its rest is read off the kept numbers' index: the connections at 0, and those
    // whose kept number the corrections take to 0 (p[23]: its aged like and the suspended member's before the cron
    // runs, the suspended member's after; decision 031's second addendum).
    const inWholeFeed = async (token: string) => (await allPages("sort=top", token)).filter((id) => p.includes(id));
    expect(await inWholeFeed(viewer!.token)).toEqual(forViewer);
    expect(await inWholeFeed(moderator.token)).toEqual(forModerator);

    // The discussion's numbers age the same way.
    const comment = (id: string, who: Member, daysAgo: number) =>
      app.db
        .insert(comments)
        .values({ id: newId(), connectionId: id, userId: who._id, text: "Nice one", createdAt: at(daysAgo) });
    for (const fan of fans.slice(0, 3)) await comment(p[5]!, fan, 9);
    await comment(p[5]!, fans[3]!, 2);
    for (const fan of fans.slice(0, 2)) await comment(p[6]!, fan, 2);
    // The suspended troll's two comments lift nothing but for a moderator.
    for (const daysAgo of [1, 2]) await comment(p[7]!, troll!, daysAgo);
    const discussed = [p[6], p[5], ...newestOf(p).filter((id) => id !== p[5] && id !== p[6])];
    expect((await allPages(`sort=discussed&tags=${tag}`, moderator.token)).slice(0, 3)).toEqual([p[7], p[6], p[5]]);
    expect(await allPages(`sort=discussed&tags=${tag}`, viewer!.token)).toEqual(discussed);

    // The cron takes the week's leftovers off: the kept numbers are the week's now, and the order is unchanged.
    const weekLikesOf = async (id: string) =>
      (await app.db.select({ n: connections.weekLikes }).from(connections).where(eq(connections.id, id)))[0]?.n;
    expect(await weekLikesOf(p[0]!)).toBe(6);
    expect(await weekLikesOf(p[23]!)).toBe(2);
    expect((await app.scheduled()).outcome).toBe("ok");
    expect(await weekLikesOf(p[0]!)).toBe(1);
    expect(await weekLikesOf(p[23]!)).toBe(1);
    const [window] = await app.db.select().from(trendingWindow);
    expect(window!.countedFrom).toBeGreaterThan(at(7) - 60_000);
    expect(await driftedCounts(app.db)).toEqual([]);
    expect(await allPages(`sort=top&tags=${tag}`, viewer!.token)).toEqual(forViewer);
    expect(await allPages(`sort=top&tags=${tag}`, moderator.token)).toEqual(forModerator);
    expect(await inWholeFeed(viewer!.token)).toEqual(forViewer);
    expect(await inWholeFeed(moderator.token)).toEqual(forModerator);
    expect(await allPages(`sort=discussed&tags=${tag}`, viewer!.token)).toEqual(discussed);

    // Unliking, deleting a comment and deleting a connection take their rows off the kept numbers.
    const unliked = await api(app, "POST", `/connections/${p[2]}/like`, { token: fans[0]!.token });
    expect(unliked.status).toBe(200);
    const [discussion] = await app.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.connectionId, p[6]!), eq(comments.userId, fans[0]!._id)));
    expect((await api(app, "DELETE", `/comments/${discussion!.id}`, { token: fans[0]!.token })).status).toBe(200);
    expect((await api(app, "DELETE", `/connections/${p[4]}`, { token: author!.token })).status).toBe(200);
    expect(await driftedCounts(app.db)).toEqual([]);
    // p[2] now ties p[3] at 3 likes, and the newer goes first; p[4] is gone.
    const afterWrites = [p[3], p[2], ...forViewer.slice(3)];
    expect(await allPages(`sort=top&tags=${tag}`, viewer!.token)).toEqual(afterWrites);

    // An event claiming a later time (the image sweep's tests send one) ages only up to the real clock.
    expect((await app.scheduled(new Date(Date.now() + 3 * day))).outcome).toBe("ok");
    const [later] = await app.db.select().from(trendingWindow);
    expect(later!.countedFrom).toBeLessThanOrEqual(Date.now() - 7 * day);
    expect(await driftedCounts(app.db)).toEqual([]);
    expect(await allPages(`sort=top&tags=${tag}`, viewer!.token)).toEqual(afterWrites);
    await app.db.update(users).set({ suspendedAt: null }).where(eq(users.id, troll!._id));
  });
});

describe("the home page's tabs", () => {
  it("shows an empty page, not page 1, for a page number too large to hold exactly", async () => {
    const huge = "9".repeat(400);
    const member1 = await member();
    await post(member1, "quillfeather on page one");
    for (const cookie of [undefined, member1.cookie]) {
      const page = await html(`/?feed=everyone&page=${huge}`, cookie);
      expect(page.status).toBe(200);
      expect(cardIds(page.text)).toEqual([]);
      expect(cardIds((await html("/?feed=everyone", cookie)).text).length).toBeGreaterThan(0);
    }
    const search = await html(`/search?q=quillfeather&page=${huge}`);
    expect(search.status).toBe(200);
    // React marks where its text parts join with empty comments.
    expect(search.text.replaceAll("<!-- -->", "")).toContain("There are no results on page 9007199254740991.");
  });

  it("opens on Everyone until the member follows someone, then on Following", async () => {
    const [newcomer, poster, other] = await Promise.all([member(), member(), member()]);
    const theirs = await post(poster, "followed member's post");
    const others = await post(other, "someone else's post");
    let page = await html("/", newcomer.cookie);
    expect(page.text).toMatch(/<a[^>]*aria-current="page"[^>]*>Everyone<\/a>/);
    expect(cardIds(page.text)).toContain(others);
    await follow(newcomer, poster);
    page = await html("/", newcomer.cookie);
    expect(page.text).toMatch(/<a[^>]*aria-current="page"[^>]*>Following<\/a>/);
    expect(cardIds(page.text)).toEqual([theirs]);
    expect(page.text).toContain(`<link rel="canonical" href="${app.url}/?feed=following"/>`);
    // Everyone is one link away, and stays chosen in the URL.
    page = await html("/?feed=everyone", newcomer.cookie);
    expect(cardIds(page.text)).toContain(others);
  });

  it("asks a visitor to log in for Following, and shows them no tabs; an unknown sort is newest", async () => {
    const page = await html("/?feed=following&sort=top");
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/?feed=following&sort=top" })}`);
    const home = await html("/?sort=whatever");
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('aria-label="Feeds"');
    expect(home.text).toMatch(/<a[^>]*aria-current="page"[^>]*>Newest<\/a>/);
  });
});

describe("a filtered Following feed past a thousand matches", () => {
  it("counts up to 1,000 (100 pages, decision 042) and still lists the rows past them; Everyone counts them all", async () => {
    const [reader, prolific] = [await member(), await member()];
    await follow(reader, prolific);
    // Posted as posts write them (the row, then its tag, whose trigger copies the owner and date), without a
    // thousand requests.
    const many = 1005;
    const start = Date.now() - many * 1000;
    const rows = Array.from({ length: many }, (_, index) => ({
      id: newId(start + index * 1000),
      userId: prolific._id,
      context: `Plenty ${index}`,
      createdAt: start + index * 1000,
    }));
    for (let from = 0; from < many; from += 200) {
      const slice = rows.slice(from, from + 200);
      await app.db.insert(connections).values(slice);
      await app.db.insert(connectionTags).values(slice.map((row) => ({ connectionId: row.id, tag: "plenty" })));
    }
    const newest = rows.map((row) => row.id).reverse();

    const first = await api(app, "GET", "/connections?feed=following&tags=plenty", { token: reader.token });
    expect(first.body.pages).toBe(100);
    expect(first.body.connections.map((c: { _id: string }) => c._id)).toEqual(newest.slice(0, 10));
    const past = await api(app, "GET", "/connections?feed=following&tags=plenty&pageNumber=101", {
      token: reader.token,
    });
    expect(past.body.connections.map((c: { _id: string }) => c._id)).toEqual(newest.slice(1000, 1005));

    expect((await api(app, "GET", "/connections?tags=plenty", { token: reader.token })).body.pages).toBe(101);
    // Unfiltered, Following counts from the members' kept counts: exact.
    expect((await api(app, "GET", "/connections?feed=following", { token: reader.token })).body.pages).toBe(101);

    // The home page reads the same core: its pagination ends at 100, and page 101 still shows its cards.
    const hundredth = await html("/?feed=following&tags=plenty&page=100", reader.cookie);
    expect(hundredth.status).toBe(200);
    expect(cardIds(hundredth.text)).toEqual(newest.slice(990, 1000));
    expect(hundredth.text).toContain('<span aria-current="page">100</span>');
    expect(hundredth.text).not.toContain('rel="next"');
    const beyond = await html("/?feed=following&tags=plenty&page=101", reader.cookie);
    expect(cardIds(beyond.text)).toEqual(newest.slice(1000, 1005));
  });
});
