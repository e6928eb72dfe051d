import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMember, liftSuspension } from "../../worker/core/moderation/index.ts";
import { GROUP_MESSAGES } from "../../worker/core/notifications/index.ts";
import { notifications } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator, report } from "../support/moderation.ts";

// Issue 16, decision 033: repeated events on one connection are one entry ("Ana and 4 others liked your
// connection.") on the page and, when asked with ?group=connection, in the API; without it the API lists one
// notification per event as API.md says. Marking an entry read marks its whole group.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>> & { cookie: string };

async function member(displayName?: string): Promise<Member> {
  const user = await registerUser(app);
  if (displayName) await api(app, "PUT", "/users/profile", { token: user.token, body: { displayName } });
  const cookie = cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
  return { ...user, cookie };
}

async function post(by: Member, context: string): Promise<string> {
  const response = await api(app, "POST", "/connections", { token: by.token, body: { context } });
  return response.body._id;
}

const like = (who: Member, id: string) => api(app, "POST", `/connections/${id}/like`, { token: who.token });
const comment = (who: Member, id: string) =>
  api(app, "POST", `/connections/${id}/comments`, { token: who.token, body: { text: "Lovely" } });

/** The notifications page as rendered (its hydration data, which repeats the texts, left out). */
const pageOf = async (who: Member) =>
  (await (await fetch(`${app.url}/notifications`, { headers: { Cookie: who.cookie } })).text()).replace(
    /<script\b[^>]*>[\s\S]*?<\/script>/g,
    "",
  );
const badge = (html: string) => Number(/, (\d+) unread/.exec(html.replaceAll("<!-- -->", ""))?.[1] ?? 0);

interface Group {
  _id: string;
  type: string;
  read: boolean;
  message: string;
  link: string;
  senderRef: { _id: string };
  connectionRef: { _id: string } | null;
  group: { count: number; senders: number; unread: number };
}

describe("notification groups", () => {
  let owner: Member;
  let fans: Member[];
  let liked: string;
  let discussed: string;

  beforeAll(async () => {
    owner = await member("Olive");
    fans = [await member("Ana"), await member("Ben"), await member("Cleo"), await member("Dev"), await member("Eli")];
    liked = await post(owner, "Liked by five");
    discussed = await post(owner, "Talked about");
    for (const fan of fans) await like(fan, liked);
    await comment(fans[1]!, discussed);
    await comment(fans[1]!, discussed);
    await comment(fans[2]!, discussed);
    await api(app, "POST", `/follows/${owner._id}`, { token: fans[3]!.token });
    await api(app, "POST", `/follows/${owner._id}`, { token: fans[4]!.token });
  });

  it("the API's list is unchanged without ?group: one notification per event, API.md's texts", async () => {
    const response = await api(app, "GET", "/notifications", { token: owner.token });
    expect(response.status).toBe(200);
    const messages = (response.body as Group[]).map((n) => n.message);
    expect(messages).toEqual([
      "Eli started following you.",
      "Dev started following you.",
      "Cleo commented on your connection.",
      "Ben commented on your connection.",
      "Ben commented on your connection.",
      "Eli liked your connection.",
      "Dev liked your connection.",
      "Cleo liked your connection.",
      "Ben liked your connection.",
      "Ana liked your connection.",
    ]);
    expect(response.body[0]).not.toHaveProperty("group");
  });

  it("?group=connection makes one entry per connection and kind, named after its newest member", async () => {
    const response = await api(app, "GET", "/notifications?group=connection", { token: owner.token });
    expect(response.status).toBe(200);
    const groups = response.body as Group[];
    expect(groups.map((n) => n.message)).toEqual([
      "Eli started following you.",
      "Dev started following you.",
      "Cleo and Ben commented on your connection.",
      "Eli and 4 others liked your connection.",
    ]);
    const [, , talk, likes] = groups;
    expect(talk).toMatchObject({
      type: "comment",
      read: false,
      link: `/connections/${discussed}#comments`,
      senderRef: { _id: fans[2]!._id },
      connectionRef: { _id: discussed },
      group: { count: 3, senders: 2, unread: 3 },
    });
    expect(likes).toMatchObject({
      type: "like",
      read: false,
      senderRef: { _id: fans[4]!._id },
      group: { count: 5, senders: 5, unread: 5 },
    });
    // The entry is its newest notification, in API.md's shape.
    const single = (await api(app, "GET", "/notifications", { token: owner.token })).body as Group[];
    expect(likes!._id).toBe(single.find((n) => n.message === "Eli liked your connection.")!._id);
    expect(await api(app, "GET", "/notifications?group=sender", { token: owner.token })).toMatchObject({
      status: 400,
      body: { message: GROUP_MESSAGES.unknownGrouping },
    });
  });

  it("two members are named both", async () => {
    const pair = await post(owner, "Liked by two");
    await like(fans[0]!, pair);
    await like(fans[1]!, pair);
    const groups = (await api(app, "GET", "/notifications?group=connection", { token: owner.token })).body as Group[];
    expect(groups[0]!.message).toBe("Ben and Ana liked your connection.");
  });

  it("marking a group read marks every notification in it; without ?group only the one", async () => {
    const groups = (await api(app, "GET", "/notifications?group=connection", { token: owner.token })).body as Group[];
    const likes = groups.find((n) => n.connectionRef?._id === liked)!;
    const single = await api(app, "PATCH", `/notifications/${likes._id}/read`, { token: owner.token });
    expect(single.body).toMatchObject({ count: 1, updatedIds: [likes._id] });
    // Someone else cannot mark the owner's group.
    const byOther = await api(app, "PATCH", `/notifications/${likes._id}/read?group=connection`, {
      token: fans[0]!.token,
    });
    expect(byOther.body).toMatchObject({ count: 0, updatedIds: [] });
    const all = await api(app, "PATCH", `/notifications/${likes._id}/read?group=connection`, { token: owner.token });
    expect(all).toMatchObject({ status: 200, body: { message: "Notifications marked as read", count: 4 } });
    const rows = await app.db.select().from(notifications).where(eq(notifications.connectionId, liked));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.read)).toBe(true);
    expect(new Set(all.body.updatedIds)).toEqual(new Set(rows.map((row) => row.id).filter((id) => id !== likes._id)));
    // The comments' group was not touched.
    const after = (await api(app, "GET", "/notifications?group=connection", { token: owner.token })).body as Group[];
    expect(after.find((n) => n.connectionRef?._id === liked)).toMatchObject({ read: true, group: { unread: 0 } });
    expect(after.find((n) => n.connectionRef?._id === discussed)).toMatchObject({ read: false, group: { unread: 3 } });
  });

  it("the page shows the groups, its badge counts them, and reading one by form marks the group", async () => {
    const viewer = await member("Pia");
    const theirs = await post(viewer, "Pia's post");
    for (const fan of fans.slice(0, 3)) await like(fan, theirs);
    await comment(fans[3]!, theirs);
    let html = await pageOf(viewer);
    expect(html).toContain("Cleo and 2 others liked your connection.");
    expect(html).toContain("Dev commented on your connection.");
    expect(html.match(/liked your connection\./g)).toHaveLength(1);
    expect(badge(html)).toBe(2);
    const groups = (await api(app, "GET", "/notifications?group=connection", { token: viewer.token })).body as Group[];
    const likes = groups.find((n) => n.type === "like")!;
    // Without JavaScript the form post comes back to the list (a fresh badge), with its flash message.
    const read = await postForm(app, "/notifications", { intent: "read", id: likes._id }, { cookie: viewer.cookie });
    expect(read.status).toBe(302);
    expect(read.headers.get("location")).toBe("/notifications");
    html = await pageOf(viewer);
    expect(badge(html)).toBe(1);
    const rows = await app.db.select().from(notifications).where(eq(notifications.connectionId, theirs));
    expect(rows.filter((row) => row.type === "like").every((row) => row.read)).toBe(true);
    expect(rows.find((row) => row.type === "comment")?.read).toBe(false);
    // A new like makes the group unread again, and counts in it.
    await like(fans[4]!, theirs);
    html = await pageOf(viewer);
    expect(html).toContain("Eli and 3 others liked your connection.");
    expect(badge(html)).toBe(2);
    // Opening an entry reads its group and goes to the connection.
    const open = await postForm(
      app,
      "/notifications",
      { intent: "open", id: groups.find((n) => n.type === "comment")!._id },
      {
        cookie: viewer.cookie,
      },
    );
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`/connections/${theirs}#comments`);
    expect(badge(await pageOf(viewer))).toBe(1);
  });
});

describe("a suspended member's notifications", () => {
  it("are hidden from the list, the groups and the badge while the suspension lasts, and come back after", async () => {
    const [owner, kept, suspended, reporter] = [
      await member("Owner"),
      await member("Kept Fan"),
      await member("Soon Suspended"),
      await member(),
    ];
    const moderator = await registerModerator(app);
    const id = await post(owner, "A post two members like");
    await like(kept, id);
    await like(suspended, id);
    await comment(suspended, id);
    expect((await api(app, "POST", `/follows/${owner._id}`, { token: suspended.token })).status).toBe(201);
    const senders = async () => {
      const listed = await api(app, "GET", "/notifications", { token: owner.token });
      return new Set(listed.body.map((n: { senderRef: { _id: string } }) => n.senderRef._id));
    };
    const groups = async () =>
      (await api(app, "GET", "/notifications?group=connection", { token: owner.token })).body as Group[];
    expect(await senders()).toEqual(new Set([kept._id, suspended._id]));
    expect(badge(await pageOf(owner))).toBe(3); // the likes' group, the comment, the follow

    await report(app, reporter.token, { targetType: "user", targetId: suspended._id }, "spam");
    const caseId = (await openCaseOf(app, suspended._id))!;
    const resolved = await api(app, "POST", `/moderation/reports/${caseId}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    expect(resolved.status).toBe(200);
    expect(await senders()).toEqual(new Set([kept._id]));
    const [likes] = await groups();
    expect(likes).toMatchObject({ type: "like", message: "Kept Fan liked your connection.", group: { senders: 1 } });
    expect(await groups()).toHaveLength(1);
    const page = await pageOf(owner);
    expect(page).not.toContain("Soon Suspended");
    expect(badge(page)).toBe(1);

    const found = await findMember(app.db, suspended.username);
    expect((await liftSuspension(app.db, found!)).changed).toBe(true);
    expect(await senders()).toEqual(new Set([kept._id, suspended._id]));
    expect(badge(await pageOf(owner))).toBe(3);
  });
});
