import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liftSuspension } from "../../worker/core/moderation/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { driftedCounts } from "../support/counts.ts";
import { api, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

// The feed's page counts and the sidebar's popular tags read counts that triggers keep (migrations/0003),
// and the filters walk copied rows newest first (tags in 0005, movie and book fields in 0006).
// Random sequences of the writes that can change them go through the API; afterwards every maintained
// number must equal a count made from scratch, and what each viewer is shown must equal the privacy rule
// applied by hand. Suspensions are in the mix (a private member's too: owner_private goes 1 to 3 and must be
// uncounted once), and a moderator is among the viewers. Eight runs, so the mix reaches every state below.

const MOVIES = [
  {
    movieTitle: "Count Film A",
    movieDirector: "Dir One",
    movieGenres: ["Drama", "Noir"],
    movieActors: ["Ana Lead", "Bo Second"],
  },
  { movieTitle: "Count Film B", movieDirector: "Dir One", movieGenres: ["Drama"], movieActors: ["Ana Lead"] },
  { movieTitle: "Count Film C", movieDirector: "Dir Two", movieGenres: ["Comedy"] },
  // The same movie bare and in full: whichever is posted first, a later full post fills in its director,
  // genres and actors, which must reach the connections already posted about it.
  { movieTitle: "Count Film D" },
  { movieTitle: "Count Film D", movieDirector: "Dir One", movieGenres: ["Noir"], movieActors: ["Ana Lead"] },
];
const BOOKS = [
  { bookTitle: "Count Book A", bookAuthor: "Author One", bookGenres: ["Fiction", "Noir"] },
  { bookTitle: "Count Book B", bookAuthor: "Author Two" },
];
const TAGS = ["rain", "heist", "grief", "space"];
const MEMBERS = 4;

let app: TestApp;
let members: Array<{ _id: string; token: string; password: string; username: string; email: string }>;
/** Suspends and sees suspended members' content (outside the cast, so it never suspends itself). */
let moderator: { _id: string; token: string };
/** Cast members under a suspension: their tokens stopped working, so they act again only once it is lifted. */
const suspended = new Set<string>();
const posted: string[] = [];
/** Account deletions that took connections with them (the test must have exercised some). */
let departuresWithConnections = 0;

beforeAll(async () => {
  app = await startTestApp();
  members = [];
  for (let index = 0; index < MEMBERS; index += 1) members.push(await registerUser(app));
  moderator = await registerModerator(app);
});

afterAll(async () => {
  await app?.close();
});

const member = fc.nat({ max: MEMBERS - 1 });
const tags = fc.subarray(TAGS);
const operation = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      by: member,
      movie: fc.nat({ max: MOVIES.length - 1 }),
      book: fc.nat({ max: BOOKS.length - 1 }),
      tags,
      textOnly: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant("retag" as const), pick: fc.nat(), tags }),
  fc.record({
    kind: fc.constant("reauthor" as const),
    pick: fc.nat(),
    author: fc.constantFrom("Author One", "Author Two", "Author Three"),
  }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  // Weighted so that private owners with connections are common at check time among all the other writes.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("privacy" as const), by: member, isPrivate: fc.boolean() }) },
  // Twice as likely as the others, so follows and pending requests outlast the blocks and answers that remove them.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("follow" as const), by: member, of: member }) },
  fc.record({ kind: fc.constant("answer" as const), by: member, of: member, accept: fc.boolean() }),
  // A block hides each member's connections from the other, without touching the kept numbers.
  fc.record({ kind: fc.constant("block" as const), by: member, of: member, lift: fc.boolean() }),
  // A member deletes their account (taking their connections, likes, comments and follows) and a newcomer
  // takes their place in the cast.
  fc.record({ kind: fc.constant("leave" as const), by: member }),
  // A moderator suspends a member (on a report by a passer-by); the operator lifts it and they log in again.
  fc.record({ kind: fc.constant("suspend" as const), by: member }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("unsuspend" as const), by: member }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/**
 * Runs one write as the connection's owner would; refusals (a repeated follow, say) are part of the mix. A
 * suspended member cannot act (their sessions are gone), so their own writes wait until the suspension is lifted.
 */
async function run(op: Operation) {
  if (op.kind === "suspend" || op.kind === "unsuspend") return suspension(op.kind, members[op.by]!);
  if ("by" in op && suspended.has(members[op.by]!._id)) return;
  if (op.kind === "create") {
    const body = op.textOnly
      ? { context: `Text-only ${posted.length}`, tags: op.tags }
      : { ...MOVIES[op.movie], ...BOOKS[op.book], context: `Post ${posted.length}`, tags: op.tags };
    const response = await api(app, "POST", "/connections", { token: members[op.by]!.token, body });
    expect(response.status).toBe(201);
    posted.push(response.body._id);
    return;
  }
  if (op.kind === "privacy") {
    expect(
      (await api(app, "PUT", "/users/profile", { token: members[op.by]!.token, body: { isPrivate: op.isPrivate } }))
        .status,
    ).toBe(200);
    return;
  }
  if (op.kind === "leave") {
    const leaving = members[op.by]!;
    const owned = await app.db.all<{ id: string }>(sql`select id from connections where user_id = ${leaving._id}`);
    if (owned.length) departuresWithConnections += 1;
    suspended.delete(leaving._id);
    const response = await api(app, "DELETE", "/users/me", {
      token: leaving.token,
      body: { password: leaving.password },
    });
    expect(response.status).toBe(200);
    for (const { id } of owned) posted.splice(posted.indexOf(id), 1);
    members[op.by] = await registerUser(app);
    return;
  }
  if (op.kind === "follow") {
    // A private member gets a request, which changes nothing anyone sees until it is accepted.
    if (op.by !== op.of) await api(app, "POST", `/follows/${members[op.of]!._id}`, { token: members[op.by]!.token });
    return;
  }
  if (op.kind === "block") {
    if (op.by === op.of) return;
    const response = await api(app, op.lift ? "DELETE" : "POST", `/blocks/${members[op.of]!._id}`, {
      token: members[op.by]!.token,
    });
    expect([200, 201, 404]).toContain(response.status);
    return;
  }
  if (op.kind === "answer") {
    const path = `/follows/requests/${members[op.of]!._id}/${op.accept ? "accept" : "decline"}`;
    expect([200, 404]).toContain((await api(app, "POST", path, { token: members[op.by]!.token })).status);
    return;
  }
  if (!posted.length) return;
  const id = posted[op.pick % posted.length]!;
  const owner = await ownerOf(id);
  if (!owner || suspended.has(owner)) return;
  const token = members.find((candidate) => candidate._id === owner)!.token;
  if (op.kind === "delete") {
    expect((await api(app, "DELETE", `/connections/${id}`, { token })).status).toBe(200);
    posted.splice(posted.indexOf(id), 1);
  } else {
    const body = op.kind === "retag" ? { tags: op.tags } : { bookAuthor: op.author };
    const response = await api(app, "PUT", `/connections/${id}`, { token, body });
    expect([200, 400]).toContain(response.status); // a text-only post has no book to re-author
  }
}

async function suspension(kind: "suspend" | "unsuspend", target: (typeof members)[number]) {
  if (kind === "suspend") {
    if (suspended.has(target._id)) return;
    const reporter = await registerUser(app);
    const body = { targetType: "user", targetId: target._id, reason: "other" };
    expect((await api(app, "POST", "/reports", { token: reporter.token, body })).status).toBe(201);
    const caseId = await openCaseOf(app, target._id);
    const resolved = await api(app, "POST", `/moderation/reports/${caseId}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    expect(resolved.status).toBe(200);
    suspended.add(target._id);
    return;
  }
  if (!suspended.has(target._id)) return;
  const lifted = await liftSuspension(app.db, {
    ...target,
    id: target._id,
    displayName: "",
    role: "member",
    suspendedAt: 1,
  });
  expect(lifted.changed).toBe(true);
  suspended.delete(target._id);
  const login = await api(app, "POST", "/auth/login", { body: { email: target.email, password: target.password } });
  expect(login.status).toBe(200);
  target.token = login.body.token;
}

async function ownerOf(id: string) {
  const row = await app.db.get<{ user_id: string } | undefined>(sql`select user_id from connections where id = ${id}`);
  return row?.user_id;
}

/**
 * The privacy rule by hand, for one viewer (null for a visitor): privacy, no block either way, and suspended
 * owners' rows for moderators only.
 */
function visibleRows(viewer: string | null, isModerator = false) {
  return sql`select c.* from connections c join users u on u.id = c.user_id
    where (u.suspended_at is null or ${isModerator ? 1 : 0})
      and (u.is_private = 0 or c.user_id = ${viewer}
        or exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = c.user_id))
      and not exists (select 1 from blocks b where (b.blocker_id = ${viewer} and b.blocked_id = c.user_id)
        or (b.blocker_id = c.user_id and b.blocked_id = ${viewer}))`;
}

async function expectViewsMatch(viewer: { _id: string; token: string } | null, isModerator = false) {
  const id = viewer?._id ?? null;
  const token = viewer?.token;
  const expectedTags = await app.db.all<{ tag: string; count: number }>(sql`
    select ct.tag as tag, count(*) as count from connection_tags ct join (${visibleRows(id, isModerator)}) v on v.id = ct.connection_id
    group by ct.tag order by count desc, ct.tag limit 15`);
  const popular = await api(app, "GET", "/connections/popular-tags", { token });
  expect(popular.body).toEqual(expectedTags.map((row) => ({ tag: row.tag, count: Number(row.count) })));

  const filters: Array<[string, ReturnType<typeof sql>]> = [
    ["", sql`1`],
    ["director=dir%20one", sql`v.movie_id in (select id from movies where director = 'Dir One')`],
    ["author=AUTHOR%20ONE", sql`v.book_id in (select id from books where author = 'Author One')`],
    [
      "movieGenre=drama",
      sql`exists (select 1 from movie_genres g where g.movie_id = v.movie_id and g.name_lower = 'drama')`,
    ],
    ["bookGenre=none", sql`0`],
    [
      "bookGenre=FICTION",
      sql`exists (select 1 from book_genres g where g.book_id = v.book_id and g.name_lower = 'fiction')`,
    ],
    [
      "movieGenre=noir&tags=rain",
      sql`exists (select 1 from movie_genres g where g.movie_id = v.movie_id and g.name_lower = 'noir') and exists (select 1 from connection_tags t where t.connection_id = v.id and t.tag = 'rain')`,
    ],
    ["actor=nobody", sql`0`],
    [
      "actor=ANA%20LEAD",
      sql`exists (select 1 from movie_actors a where a.movie_id = v.movie_id and a.name_lower = 'ana lead')`,
    ],
    [
      "actor=ana%20lead&movieGenre=noir",
      sql`exists (select 1 from movie_actors a where a.movie_id = v.movie_id and a.name_lower = 'ana lead') and exists (select 1 from movie_genres g where g.movie_id = v.movie_id and g.name_lower = 'noir')`,
    ],
    ["tags=rain", sql`exists (select 1 from connection_tags t where t.connection_id = v.id and t.tag = 'rain')`],
    [
      "tags=rain,heist",
      sql`exists (select 1 from connection_tags t where t.connection_id = v.id and t.tag in ('rain', 'heist'))`,
    ],
    [
      "director=Dir%20One&tags=grief",
      sql`v.movie_id in (select id from movies where director = 'Dir One') and exists (select 1 from connection_tags t where t.connection_id = v.id and t.tag = 'grief')`,
    ],
  ];
  // A member's Following feed too, walked by member or by the filter's index, whichever its kept counts say is
  // shorter: unfiltered, one facet, one tag, two facets, and two tags (no index).
  const followed = sql`(v.user_id = ${id} or exists (select 1 from follows f where f.follower_id = ${id} and f.followee_id = v.user_id))`;
  const followingFilters = new Set([
    "",
    "movieGenre=drama",
    "tags=rain",
    "actor=ana%20lead&movieGenre=noir",
    "tags=rain,heist",
  ]);
  const views = [
    { feed: "", scope: sql`1`, filters },
    ...(id
      ? [
          {
            feed: "feed=following&",
            scope: followed,
            filters: filters.filter(([query]) => followingFilters.has(query)),
          },
        ]
      : []),
  ];
  for (const { feed, scope, filters: viewFilters } of views) {
    for (const [filter, condition] of viewFilters) {
      const query = feed + filter;
      const expected = await app.db.all<{ id: string }>(
        sql`select v.id as id from (${visibleRows(id, isModerator)}) v where ${condition} and ${scope} order by v.created_at desc, v.id desc`,
      );
      const pages = Math.ceil(expected.length / 10);
      const first = await api(app, "GET", `/connections?${query}`, { token });
      expect(first.body.pages, `pages for "${query}"`).toBe(pages);
      // Every page's content, in order: the plain feed counts pages past the middle from the oldest end, and
      // tags and genres read their own indexes.
      const shown: string[] = [];
      for (let page = 1; page <= pages + 1; page += 1) {
        const response =
          page === 1 ? first : await api(app, "GET", `/connections?${query}&pageNumber=${page}`, { token });
        shown.push(...response.body.connections.map((connection: { _id: string }) => connection._id));
      }
      expect(shown, `every page of "${query}"`).toEqual(expected.map((row) => row.id));
    }
  }
}

describe("maintained counts", () => {
  it("equal counts made from scratch after random writes, and every viewer sees the privacy rule's numbers", async () => {
    // What the checks ran against, so the test shows it exercised private owners, followers and tags.
    const seen = {
      privateRows: 0,
      follows: 0,
      requests: 0,
      blocks: 0,
      tags: 0,
      suspendedRows: 0,
      suspendedPrivateRows: 0,
    };
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 30 }), async (operations) => {
        for (const op of operations) await run(op);
        expect(await driftedCounts(app.db)).toEqual([]);
        for (const viewer of [null, ...members.filter((m) => !suspended.has(m._id))]) await expectViewsMatch(viewer);
        await expectViewsMatch(moderator, true);
        const mix = await app.db.get<Record<keyof typeof seen, number>>(sql`select
          (select count(*) from connections where owner_private = 1) as privateRows,
          (select count(*) from follows) as follows, (select count(*) from follow_requests) as requests,
          (select count(*) from blocks) as blocks,
          (select count(*) from connection_tags) as tags,
          (select count(*) from connections where owner_private = 2) as suspendedRows,
          (select count(*) from connections where owner_private = 3) as suspendedPrivateRows`);
        for (const key of Object.keys(seen) as Array<keyof typeof seen>)
          seen[key] = Math.max(seen[key], Number(mix![key]));
      }),
      { numRuns: 12, seed: 2, endOnFailure: true },
    );
    expect(seen.privateRows).toBeGreaterThan(0);
    expect(seen.follows).toBeGreaterThan(0);
    expect(seen.requests).toBeGreaterThan(0);
    expect(seen.blocks).toBeGreaterThan(0);
    expect(seen.tags).toBeGreaterThan(10);
    expect(seen.suspendedRows).toBeGreaterThan(0);
    expect(seen.suspendedPrivateRows).toBeGreaterThan(0);
    expect(departuresWithConnections).toBeGreaterThan(0);
  }, 240_000);
});
