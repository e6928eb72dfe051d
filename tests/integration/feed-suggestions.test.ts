import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../../worker/context.ts";
import { suggestedMembersRead } from "../../worker/core/people/index.ts";
import { SUGGESTED_MEMBERS } from "../../worker/core/rules/index.ts";
import { users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

// An empty Following feed suggests members to follow (issue 16, decision 031): the most active public members,
// never the viewer, whom they follow, private or suspended members, or anyone a block stands between.

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

async function posts(by: Member, count: number) {
  for (let index = 0; index < count; index++) {
    const response = await api(app, "POST", "/connections", { token: by.token, body: { context: `post ${index}` } });
    expect(response.status).toBe(201);
  }
}

const html = async (path: string, cookie: string) =>
  (await fetch(app.url + path, { headers: { Cookie: cookie } })).text();
const cardCount = (page: string) => [...page.matchAll(/<article id="card-/g)].length;
const suggestedIds = (page: string) =>
  [...page.matchAll(/<li class="user-list__row"><a[^>]*href="\/users\/([0-9a-f]{24})"/g)].map((match) => match[1]);

describe("members to follow", () => {
  let viewer: Member;
  const named: Record<string, Member> = {};

  beforeAll(async () => {
    viewer = await member();
    for (const name of ["busiest", "busy", "quiet", "followed", "private", "suspended", "blocked", "blocker", "idle"]) {
      named[name] = await member();
    }
    await posts(named.busiest!, 6);
    await posts(named.followed!, 5);
    await posts(named.private!, 5);
    await posts(named.suspended!, 5);
    await posts(named.blocked!, 5);
    await posts(named.blocker!, 5);
    await posts(named.busy!, 3);
    await posts(named.quiet!, 1);
    await api(app, "PUT", "/users/profile", { token: named.private!.token, body: { isPrivate: true } });
    await app.db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, named.suspended!._id));
    await api(app, "POST", `/blocks/${named.blocked!._id}`, { token: viewer.token });
    await api(app, "POST", `/blocks/${viewer._id}`, { token: named.blocker!.token });
  });

  it("an empty Following feed lists the most active public members, most active first, with a way to follow them", async () => {
    // The viewer follows someone who has posted nothing: Following is their tab, and it is empty.
    await api(app, "POST", `/follows/${named.idle!._id}`, { token: viewer.token });
    const page = await html("/", viewer.cookie);
    expect(page).toMatch(/<a[^>]*aria-current="page"[^>]*>Following<\/a>/);
    expect(cardCount(page)).toBe(0);
    expect(page).toContain("Members to follow");
    expect(suggestedIds(page)).toEqual(
      [named.busiest!, named.followed!, named.busy!, named.quiet!].map((m) => m._id).slice(0, SUGGESTED_MEMBERS),
    );
    expect(page).toContain(`action="/users/${named.busiest!._id}/follow"`);
  });

  it("leaves out whom the viewer follows, and the viewer", async () => {
    // Following a suggested member fills the feed (no suggestions shown then); the read itself leaves them out.
    const followed = await postForm(
      app,
      `/users/${named.followed!._id}/follow`,
      { intent: "follow", redirectTo: "/?feed=following", via: "form" },
      { cookie: viewer.cookie },
    );
    expect(followed.status).toBe(302);
    const page = await html("/?feed=following", viewer.cookie);
    expect(cardCount(page)).toBe(5);
    expect(page).not.toContain("Members to follow");
    await posts(viewer, 7);
    const rows = await suggestedMembersRead({ db: app.db }, viewerOf(viewer));
    expect(rows.map((row) => row.id)).toEqual([named.busiest!._id, named.busy!._id, named.quiet!._id]);
  });
});

/** The viewer as a request's reads see it before the session check answers (decision 040): who, and their role. */
function viewerOf(who: Member): Viewer {
  return {
    id: who._id,
    username: who.username,
    displayName: "",
    pictureKey: null,
    isPrivate: false,
    sessionId: "",
    unreadNotifications: 0,
    favoriteIds: [],
    pendingFollowRequests: 0,
    followsAnyone: true,
    role: "member",
    openReportCases: 0,
  };
}
