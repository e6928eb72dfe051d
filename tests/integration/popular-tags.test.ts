import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { registerModerator } from "../support/moderation.ts";

// The popular tags a member sees are bounded before they are counted (decision 042's addenda): the 15 most used
// public tags, counted for the viewer, give a floor, and only the tags whose public count is within reach of it,
// by the sum of each private member's largest count of any other tag, are counted. These connections give the site
// 18 public tags with distinct counts, so that line is above 0, and members whose private rows, blocks and own
// posts move tags across it: each list must equal the privacy rule applied by hand.

type Member = Awaited<ReturnType<typeof registerUser>>;

let app: TestApp;
const tag = (n: number) => `t${String(n).padStart(2, "0")}`;

async function post(by: Member, tags: string[]) {
  const response = await api(app, "POST", "/connections", {
    token: by.token,
    body: { context: `Tagged ${tags.length}`, tags: tags.join(", ") },
  });
  expect(response.status).toBe(201);
}

async function setPrivate(who: Member) {
  expect((await api(app, "PUT", "/users/profile", { token: who.token, body: { isPrivate: true } })).status).toBe(200);
}

async function follow(who: Member, whom: Member) {
  expect((await api(app, "POST", `/follows/${whom._id}`, { token: who.token })).status).toBeLessThan(300);
  const accepted = await api(app, "POST", `/follows/requests/${who._id}/accept`, { token: whom.token });
  expect(accepted.status).toBe(200);
}

/** The tags the viewer may see, counted from the tag rows with the privacy rule written out. */
function expectedFor(viewer: string | null, isModerator = false) {
  return app.db.all<{ tag: string; count: number }>(sql`
    select ct.tag as tag, count(*) as count from connection_tags ct
    join connections c on c.id = ct.connection_id join users u on u.id = c.user_id
    where (u.suspended_at is null or ${isModerator ? 1 : 0})
      and (u.is_private = 0 or c.user_id = ${viewer}
        or exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = c.user_id))
      and not exists (select 1 from blocks b where (b.blocker_id = ${viewer} and b.blocked_id = c.user_id)
        or (b.blocker_id = c.user_id and b.blocked_id = ${viewer}))
    group by ct.tag order by count desc, ct.tag limit 15`);
}

async function popularFor(viewer: Member | null) {
  const response = await api(app, "GET", "/connections/popular-tags", { token: viewer?.token });
  expect(response.status).toBe(200);
  return response.body as Array<{ tag: string; count: number }>;
}

let poster: Member;
let privateFriend: Member;
let otherFriend: Member;
let neighbour: Member;
let follower: Member;
let blocker: Member;
let moderator: Member;

beforeAll(async () => {
  app = await startTestApp();
  poster = await registerUser(app);
  privateFriend = await registerUser(app);
  otherFriend = await registerUser(app);
  neighbour = await registerUser(app);
  follower = await registerUser(app);
  blocker = await registerUser(app);
  moderator = await registerModerator(app);
  // t01–t10 on all 30, then t11 on 29 down to t16 on 24; t17 on 20, t18 on 10. The 15th most used is t15 (25).
  const lastOf = (n: number) => (n <= 10 ? 30 : n <= 16 ? 40 - n : n === 17 ? 20 : 10);
  for (let k = 1; k <= 30; k++) {
    await post(
      poster,
      Array.from({ length: 18 }, (_, i) => i + 1)
        .filter((n) => k <= lastOf(n))
        .map(tag),
    );
  }
  // Two private members, each with three posts tagged t17 (20), lift it to 26, past t15 (25), for the member who
  // follows both. Each one's largest count is 3, so the line is 25 - (3 + 3) = 19 and t17 must be counted; with
  // either member's count alone (a maximum instead of a sum) the line would be 22 and t17 missed.
  for (const friend of [privateFriend, otherFriend]) {
    await setPrivate(friend);
    for (let k = 0; k < 3; k++) await post(friend, friend === privateFriend ? [tag(17), "only-friends"] : [tag(17)]);
    await follow(follower, friend);
  }
  // A public neighbour's posts, which a block hides: t01–t05 at 33 for others, 30 for the one who blocks.
  for (let k = 0; k < 3; k++) await post(neighbour, [1, 2, 3, 4, 5].map(tag));
  expect((await api(app, "POST", `/blocks/${neighbour._id}`, { token: blocker.token })).status).toBeLessThan(300);
});

afterAll(async () => {
  await app?.close();
});

describe("popular tags, bounded before they are counted", () => {
  it("lists what a visitor, a follower, the private member, a blocker and a moderator may each see", async () => {
    const viewers: Array<[Member | null, boolean]> = [
      [null, false],
      [follower, false],
      [privateFriend, false],
      [otherFriend, false],
      [blocker, false],
      [poster, false],
      [moderator, true],
    ];
    for (const [viewer, isModerator] of viewers) {
      const expected = await expectedFor(viewer?._id ?? null, isModerator);
      expect(await popularFor(viewer)).toEqual(expected.map((row) => ({ tag: row.tag, count: Number(row.count) })));
    }
  });

  it("counts a tag below the 15th that the private members someone follows lift past it", async () => {
    const visitor = await popularFor(null);
    expect(visitor.map((row) => row.tag)).toContain(tag(15));
    expect(visitor.map((row) => row.tag)).not.toContain(tag(17));

    const theirs = await popularFor(follower);
    expect(theirs).toContainEqual({ tag: tag(17), count: 26 });
    expect(theirs.map((row) => row.tag)).not.toContain(tag(15));
    // Each private member alone sees t17 at 23, below t15.
    expect((await popularFor(privateFriend)).map((row) => row.tag)).not.toContain(tag(17));
  });

  it("are the same list in the pages' sidebar, read in the page's own batch", async () => {
    const cookie = cookieFrom(await postForm(app, "/login", { email: follower.email, password: follower.password }));
    const html = await (await fetch(`${app.url}/?feed=everyone`, { headers: { cookie } })).text();
    const list = html.match(/<ul class="tag-counts">([\s\S]*?)<\/ul>/)?.[1] ?? "";
    const shown = [
      ...list.matchAll(/#(?:<!-- -->)?([^<]+?)\s*(?:<!-- -->)?\s*<span class="tag-counts__count">(\d+)<\/span>/g),
    ].map(([, tag, count]) => ({ tag, count: Number(count) }));
    expect(shown).toContainEqual({ tag: tag(17), count: 26 });
    expect(shown).toEqual(await popularFor(follower));
  });

  it("takes a blocked member's rows off the most used tags", async () => {
    expect((await popularFor(null)).slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((n) => ({ tag: tag(n), count: 33 })));
    expect((await popularFor(blocker)).slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ tag: tag(i + 1), count: 30 })),
    );
  });
});
