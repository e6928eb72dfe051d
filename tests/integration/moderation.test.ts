import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liftSuspension, listAuditLog } from "../../worker/core/moderation/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";
import { openCaseOf, registerModerator, report } from "../support/moderation.ts";

// API.md "Reports and moderation": a test per row, with exact bodies.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Member = Awaited<ReturnType<typeof registerUser>>;

async function post(author: Member, body: Record<string, unknown> = {}) {
  const response = await api(app, "POST", "/connections", {
    token: author.token,
    body: { context: `A post by ${author.username}`, tags: "reported", ...body },
  });
  expect(response.status).toBe(201);
  return response.body as { _id: string; screenshotUrl: string };
}

async function comment(author: Member, connectionId: string, text = "A comment") {
  const response = await api(app, "POST", `/connections/${connectionId}/comments`, {
    token: author.token,
    body: { text },
  });
  expect(response.status).toBe(201);
  return response.body as { _id: string };
}

const resolve = (token: string | undefined, caseId: string, body: unknown) =>
  api(app, "POST", `/moderation/reports/${caseId}/resolve`, { token, body });

const counted = async (query: ReturnType<typeof sql>) => Number((await app.db.get<{ n: number }>(query))!.n);

describe("POST /reports", () => {
  it("answers 201 with the report's id and an open status, for a connection, a comment and a member", async () => {
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const connection = await post(author);
    const reply = await comment(author, connection._id);
    for (const [targetType, targetId] of [
      ["connection", connection._id],
      ["comment", reply._id],
      ["user", author._id],
    ] as const) {
      const response = await report(app, reporter.token, { targetType, targetId }, "harassment", "  Not okay.  ");
      expect(response.status, targetType).toBe(201);
      expect(response.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), status: "open" });
    }
    const stored = await app.db.all<{ note: string }>(
      sql`select note from reports where reporter_id = ${reporter._id}`,
    );
    expect(stored.map((row) => row.note)).toEqual(["Not okay.", "Not okay.", "Not okay."]);
  });

  it("gathers every member's report of one target in one case, counting the reasons", async () => {
    const moderator = await registerModerator(app);
    const author = await registerUser(app);
    const connection = await post(author, { movieTitle: "Gathered Film", bookTitle: "Gathered Book", context: "" });
    const reasons = ["spoilers", "spoilers", "other"];
    const reporters = await Promise.all(reasons.map(() => registerUser(app)));
    const filed = await Promise.all(
      reporters.map((reporter, index) =>
        report(
          app,
          reporter.token,
          { targetType: "connection", targetId: connection._id },
          reasons[index],
          index === 2 ? "The ending, in the first line." : undefined,
        ),
      ),
    );
    expect(filed.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(await counted(sql`select count(*) as n from report_cases where target_id = ${connection._id}`)).toBe(1);

    const queue = await api(app, "GET", "/moderation/reports?status=open", { token: moderator.token });
    expect(queue.status).toBe(200);
    const entry = queue.body.find((c: { target: { _id: string } }) => c.target._id === connection._id);
    expect(entry).toEqual({
      _id: await openCaseOf(app, connection._id),
      target: {
        type: "connection",
        _id: connection._id,
        summary: "Gathered Film & Gathered Book",
        url: `/connections/${connection._id}`,
      },
      reasons: { spoilers: 2, other: 1 },
      reportCount: 3,
      firstReportedAt: expect.any(String),
      status: "open",
      notes: [{ reason: "other", note: "The ending, in the first line.", createdAt: expect.any(String) }],
      resolution: null,
    });
    // The most reported open case comes first.
    expect(queue.body[0].reportCount).toBeGreaterThanOrEqual(3);
  });

  it("refuses a bad type, reason, note or id with the contract's messages", async () => {
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const connection = await post(author);
    const cases: Array<[unknown, number, string]> = [
      [
        { targetType: "movie", targetId: connection._id, reason: "spam" },
        400,
        "Report target must be a connection, comment or user.",
      ],
      [{ targetId: connection._id, reason: "spam" }, 400, "Report target must be a connection, comment or user."],
      // Not a report at all: every JSON route answers a body that is not an object the same way.
      [[], 400, "Request body must be a JSON object."],
      [{ targetType: "connection", targetId: connection._id }, 400, "Please choose a reason."],
      [{ targetType: "connection", targetId: connection._id, reason: "rude" }, 400, "Please choose a reason."],
      [
        { targetType: "connection", targetId: connection._id, reason: "other", note: "x".repeat(501) },
        400,
        "Note cannot be more than 500 characters.",
      ],
      [{ targetType: "connection", targetId: "nope", reason: "spam" }, 400, "Invalid Connection ID format"],
      [{ targetType: "comment", targetId: "nope", reason: "spam" }, 400, "Invalid Comment ID format"],
      [{ targetType: "user", targetId: "nope", reason: "spam" }, 400, "Invalid User ID format"],
      [{ targetType: "connection", targetId: "0".repeat(24), reason: "spam" }, 404, "Connection not found"],
      [{ targetType: "comment", targetId: "0".repeat(24), reason: "spam" }, 404, "Comment not found."],
      [{ targetType: "user", targetId: "0".repeat(24), reason: "spam" }, 404, "User not found."],
    ];
    for (const [body, status, message] of cases) {
      const response = await api(app, "POST", "/reports", { token: reporter.token, body });
      expect(response, JSON.stringify(body)).toMatchObject({ status, body: { message } });
    }
    const longest = { targetType: "connection", targetId: connection._id, reason: "other", note: "x".repeat(500) };
    expect((await api(app, "POST", "/reports", { token: reporter.token, body: longest })).status).toBe(201);
    expect(await api(app, "POST", "/reports", { body: longest })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
  });

  it("answers 404 for what the member may not see, and 400 for their own content", async () => {
    const [owner, stranger] = [await registerUser(app), await registerUser(app)];
    const connection = await post(owner);
    const reply = await comment(owner, connection._id);
    await api(app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    expect(await report(app, stranger.token, { targetType: "connection", targetId: connection._id })).toMatchObject({
      status: 404,
      body: { message: "Connection not found" },
    });
    expect(await report(app, stranger.token, { targetType: "comment", targetId: reply._id })).toMatchObject({
      status: 404,
      body: { message: "Comment not found." },
    });
    for (const [targetType, targetId] of [
      ["connection", connection._id],
      ["comment", reply._id],
      ["user", owner._id],
    ] as const) {
      expect(await report(app, owner.token, { targetType, targetId }), targetType).toMatchObject({
        status: 400,
        body: { message: "You cannot report your own content." },
      });
    }
    // A private member's profile is basic info anyone sees, so the member can be reported.
    expect((await report(app, stranger.token, { targetType: "user", targetId: owner._id })).status).toBe(201);
  });

  it("answers 409 to a second report of the same open case, and opens a new case once it is resolved", async () => {
    const moderator = await registerModerator(app);
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const connection = await post(author);
    const target = { targetType: "connection", targetId: connection._id } as const;
    const racing = await Promise.all([1, 2, 3].map(() => report(app, reporter.token, target)));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(racing.find((response) => response.status === 409)!.body).toEqual({
      message: "You have already reported this.",
    });
    const first = await openCaseOf(app, connection._id);
    expect((await resolve(moderator.token, first!, { action: "dismiss" })).status).toBe(200);
    expect((await report(app, reporter.token, target, "other")).status).toBe(201);
    const second = await openCaseOf(app, connection._id);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it("answers 429 past ten reports a minute from one member", async () => {
    const reporter = await registerUser(app);
    const targets = await Promise.all(Array.from({ length: 11 }, () => registerUser(app)));
    const statuses: number[] = [];
    for (const target of targets) {
      statuses.push((await report(app, reporter.token, { targetType: "user", targetId: target._id })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const limited = await report(app, reporter.token, { targetType: "user", targetId: targets[10]!._id });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: "Too many attempts. Please wait a minute and try again." },
    });
  });
});

describe("GET /moderation/reports", () => {
  it("is for moderators: 401 for visitors, 403 for members", async () => {
    const member = await registerUser(app);
    expect(await api(app, "GET", "/moderation/reports")).toMatchObject({
      status: 401,
      body: { message: "Not authorized, no token" },
    });
    expect(await api(app, "GET", "/moderation/reports", { token: member.token })).toMatchObject({
      status: 403,
      body: { message: "Moderators only." },
    });
    expect(await resolve(member.token, "0".repeat(24), { action: "dismiss" })).toMatchObject({
      status: 403,
      body: { message: "Moderators only." },
    });
  });

  it("lists resolved cases with their resolution, and refuses an unknown status", async () => {
    const moderator = await registerModerator(app);
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    await report(app, reporter.token, { targetType: "user", targetId: author._id }, "hateful");
    const caseId = await openCaseOf(app, author._id);
    expect(await resolve(moderator.token, caseId!, { action: "dismiss", note: "Not hateful, just grumpy." })).toEqual(
      expect.objectContaining({ status: 200, body: { status: "resolved", action: "dismiss" } }),
    );
    const resolved = await api(app, "GET", "/moderation/reports?status=resolved", { token: moderator.token });
    expect(resolved.body[0]).toMatchObject({
      _id: caseId,
      target: { type: "user", _id: author._id, summary: `@${author.username}`, url: `/users/${author._id}` },
      reasons: { hateful: 1 },
      reportCount: 1,
      status: "resolved",
      resolution: {
        action: "dismiss",
        note: "Not hateful, just grumpy.",
        moderator: moderator.username,
        resolvedAt: expect.any(String),
      },
    });
    const open = await api(app, "GET", "/moderation/reports", { token: moderator.token });
    expect(open.body.some((c: { _id: string }) => c._id === caseId)).toBe(false);
    expect(await api(app, "GET", "/moderation/reports?status=closed", { token: moderator.token })).toMatchObject({
      status: 400,
      body: { message: "Status must be open or resolved." },
    });
  });
});

describe("a reporter who leaves", () => {
  it("withdraws an open case they alone reported, from the queue and its count, and leaves resolved ones in the history", async () => {
    const moderator = await registerModerator(app);
    const moderatorCookie = cookieFrom(
      await postForm(app, "/login", { email: moderator.email, password: "password123" }),
    );
    const openReports = async () => {
      const page = await (await fetch(`${app.url}/moderation`, { headers: { Cookie: moderatorCookie } })).text();
      return Number(/, (\d+) open reports/.exec(page)?.[1] ?? 0);
    };
    const author = await registerUser(app);
    const [resolvedPost, openPost] = [await post(author), await post(author)];
    const [early, late] = [await registerUser(app), await registerUser(app)];
    await report(app, early.token, { targetType: "connection", targetId: resolvedPost._id }, "spam");
    const resolvedCase = (await openCaseOf(app, resolvedPost._id))!;
    expect((await resolve(moderator.token, resolvedCase, { action: "dismiss" })).status).toBe(200);
    await report(app, late.token, { targetType: "connection", targetId: openPost._id }, "spam");
    const openCase = (await openCaseOf(app, openPost._id))!;
    const before = await openReports();
    const listedOpen = async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const cases = (await api(app, "GET", `/moderation/reports?page=${page}`, { token: moderator.token })).body;
        if (!cases.length) return ids;
        ids.push(...cases.map((c: { _id: string }) => c._id));
      }
    };
    expect(await listedOpen()).toContain(openCase);

    for (const member of [early, late]) {
      const deleted = await api(app, "DELETE", "/users/me", { token: member.token, body: { password: "password123" } });
      expect(deleted.status).toBe(200);
    }
    expect(await listedOpen()).not.toContain(openCase);
    expect(await openReports()).toBe(before - 1);
    const resolved = await api(app, "GET", "/moderation/reports?status=resolved", { token: moderator.token });
    expect(resolved.body.find((c: { _id: string }) => c._id === resolvedCase)).toMatchObject({
      reportCount: 0,
      reasons: {},
      resolution: { action: "dismiss", moderator: moderator.username },
    });
  });
});

describe("POST /moderation/reports/:id/resolve", () => {
  it("refuses bad ids, actions and notes, unknown or resolved cases, removing a member and suspending oneself", async () => {
    const moderator = await registerModerator(app);
    const reporter = await registerUser(app);
    await report(app, reporter.token, { targetType: "user", targetId: moderator._id }, "other");
    const aboutModerator = (await openCaseOf(app, moderator._id))!;
    const cases: Array<[string, unknown, number, string]> = [
      ["nope", { action: "dismiss" }, 400, "Invalid Report ID format"],
      [aboutModerator, {}, 400, "Action must be dismiss, remove or suspend."],
      [aboutModerator, { action: "ban" }, 400, "Action must be dismiss, remove or suspend."],
      [aboutModerator, { action: "dismiss", note: "x".repeat(501) }, 400, "Note cannot be more than 500 characters."],
      ["0".repeat(24), { action: "dismiss" }, 404, "Report not found."],
      [aboutModerator, { action: "remove" }, 400, "Only connections and comments can be removed."],
      [aboutModerator, { action: "suspend" }, 400, "You cannot suspend yourself."],
    ];
    for (const [caseId, body, status, message] of cases) {
      expect(await resolve(moderator.token, caseId, body), JSON.stringify(body)).toMatchObject({
        status,
        body: { message },
      });
    }
    expect((await resolve(moderator.token, aboutModerator, { action: "dismiss" })).status).toBe(200);
    expect(await resolve(moderator.token, aboutModerator, { action: "dismiss" })).toMatchObject({
      status: 404,
      body: { message: "Report not found." },
    });
  });

  it("dismiss changes only the case", async () => {
    const moderator = await registerModerator(app);
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const connection = await post(author);
    await report(app, reporter.token, { targetType: "connection", targetId: connection._id });
    const caseId = (await openCaseOf(app, connection._id))!;
    expect((await resolve(moderator.token, caseId, { action: "dismiss" })).body).toEqual({
      status: "resolved",
      action: "dismiss",
    });
    expect((await api(app, "GET", `/connections/${connection._id}`)).status).toBe(200);
    expect((await api(app, "GET", "/users/me", { token: author.token })).status).toBe(200);
    expect((await api(app, "GET", "/notifications", { token: author.token })).body).toEqual([]);
  });

  it("remove deletes a connection as its author's delete would (images included) and notifies the author", async () => {
    const moderator = await registerModerator(app);
    const [author, reporter, commenter] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const form = new FormData();
    form.set("context", "Screenshots of the last page, spoilers and all");
    form.set("tags", "removed-by-moderator");
    const png = testPng("removed");
    form.set("screenshot", new File([png as BlobPart], "still.png", { type: "image/png" }));
    const connection = await post(author, {});
    const withImage = (await api(app, "POST", "/connections", { token: author.token, body: form })).body;
    await comment(commenter, withImage._id, "The ending!");
    await api(app, "POST", `/connections/${withImage._id}/like`, { token: commenter.token });
    const imageKey = new URL(withImage.screenshotUrl).pathname.slice("/images/".length);
    const publicBefore = await counted(sql`select value as n from counters where name = 'public_connections'`);

    await report(app, reporter.token, { targetType: "connection", targetId: withImage._id }, "spoilers");
    const caseId = (await openCaseOf(app, withImage._id))!;
    const response = await resolve(moderator.token, caseId, { action: "remove", note: "Spoiler screenshot." });
    expect(response).toMatchObject({ status: 200, body: { status: "resolved", action: "remove" } });

    expect((await api(app, "GET", `/connections/${withImage._id}`)).status).toBe(404);
    expect((await fetch(`${app.url}/images/${imageKey}`)).status).toBe(404);
    const traces = await app.db.get<Record<string, number>>(sql`select
      (select count(*) from comments where connection_id = ${withImage._id}) as comments,
      (select count(*) from likes where connection_id = ${withImage._id}) as likes,
      (select count(*) from connection_tags where connection_id = ${withImage._id}) as tags,
      (select count(*) from connection_search where connection_id = ${withImage._id}) as search`);
    expect(Object.values(traces!).map(Number)).toEqual([0, 0, 0, 0]);
    expect(await counted(sql`select value as n from counters where name = 'public_connections'`)).toBe(
      publicBefore - 1,
    );
    expect(
      await counted(
        sql`select count(*) as n from tag_counts where tag = 'removed-by-moderator' and public_connections > 0`,
      ),
    ).toBe(0);
    expect((await api(app, "GET", `/connections/${connection._id}`)).status).toBe(200);

    const notices = (await api(app, "GET", "/notifications", { token: author.token })).body;
    expect(notices).toEqual([
      {
        _id: expect.any(String),
        type: "moderation",
        read: false,
        createdAt: expect.any(String),
        link: "/help#community-guidelines",
        message: 'A moderator removed your connection "Screenshots of the last page, spoilers and all".',
        senderRef: { _id: "", username: "moderators", profilePictureUrl: "", profileImageUrl: "" },
        connectionRef: null,
      },
    ]);
    expect((await api(app, "GET", "/users/me", { token: author.token })).status).toBe(200);
  });

  it("keeps a removal notice when its member blocks the moderator who acted, which would otherwise name them", async () => {
    const [acting, other] = [await registerModerator(app), await registerModerator(app)];
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const connection = await post(author);
    await report(app, reporter.token, { targetType: "connection", targetId: connection._id }, "spam");
    expect((await resolve(acting.token, (await openCaseOf(app, connection._id))!, { action: "remove" })).status).toBe(
      200,
    );
    const notices = async () =>
      ((await api(app, "GET", "/notifications", { token: author.token })).body as { type: string }[]).map(
        (notice) => notice.type,
      );
    expect(await notices()).toEqual(["moderation"]);
    for (const moderator of [other, acting]) {
      expect((await api(app, "POST", `/blocks/${moderator._id}`, { token: author.token })).status).toBe(201);
      expect(await notices()).toEqual(["moderation"]);
    }
  });

  it("remove deletes a comment and notifies its author", async () => {
    const moderator = await registerModerator(app);
    const [author, commenter, reporter] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const connection = await post(author);
    const reply = await comment(commenter, connection._id, "Buy cheap watches at example dot com");
    await report(app, reporter.token, { targetType: "comment", targetId: reply._id }, "spam");
    const caseId = (await openCaseOf(app, reply._id))!;
    expect((await resolve(moderator.token, caseId, { action: "remove" })).status).toBe(200);
    expect((await api(app, "GET", `/connections/${connection._id}/comments`)).body).toEqual([]);
    expect((await api(app, "GET", `/connections/${connection._id}`)).body.commentCount).toBe(0);
    const [notice] = (await api(app, "GET", "/notifications", { token: commenter.token })).body;
    expect(notice).toMatchObject({
      type: "moderation",
      message: 'A moderator removed your comment "Buy cheap watches at example dot com".',
      link: "/help#community-guidelines",
    });
    const unread = await api(app, "GET", "/notifications", { token: commenter.token });
    expect(unread.body.filter((n: { read: boolean }) => !n.read)).toHaveLength(1);
  });

  it("suspend signs the member out everywhere, refuses their login, and hides their content from all but moderators", async () => {
    const moderator = await registerModerator(app);
    const [suspended, reporter, other] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const connection = await post(suspended, { tags: "suspended-tag", context: "Words only a suspended member wrote" });
    const onOthers = await post(other);
    const reply = await comment(suspended, onOthers._id, "A suspended member's comment");
    await api(app, "POST", `/connections/${onOthers._id}/like`, { token: suspended.token });
    const publicBefore = await counted(sql`select value as n from counters where name = 'public_connections'`);

    await report(app, reporter.token, { targetType: "user", targetId: suspended._id }, "harassment");
    const caseId = (await openCaseOf(app, suspended._id))!;
    expect((await resolve(moderator.token, caseId, { action: "suspend", note: "Repeated abuse." })).body).toEqual({
      status: "resolved",
      action: "suspend",
    });

    expect(await api(app, "GET", "/users/me", { token: suspended.token })).toMatchObject({
      status: 401,
      body: { message: "Not authorized, token failed" },
    });
    const login = (password: string) => api(app, "POST", "/auth/login", { body: { email: suspended.email, password } });
    expect(await login(suspended.password)).toMatchObject({
      status: 403,
      body: { message: "This account is suspended." },
    });
    expect(await login("wrong-password")).toMatchObject({
      status: 401,
      body: { message: "Invalid email or password" },
    });
    expect(await counted(sql`select count(*) as n from sessions where user_id = ${suspended._id}`)).toBe(0);
    expect(await counted(sql`select value as n from counters where name = 'public_connections'`)).toBe(
      publicBefore - 1,
    );

    for (const [who, token] of [
      ["visitor", undefined],
      ["member", other.token],
    ] as const) {
      expect((await api(app, "GET", `/connections/${connection._id}`, { token })).status, who).toBe(404);
      expect((await api(app, "GET", `/users/${suspended._id}`, { token })).status, who).toBe(404);
      const onOthersView = (await api(app, "GET", `/connections/${onOthers._id}`, { token })).body;
      expect(onOthersView, who).toMatchObject({ likes: [], commentCount: 0 });
      expect((await api(app, "GET", `/connections/${onOthers._id}/comments`, { token })).body, who).toEqual([]);
      const search = await api(app, "GET", "/connections/search?q=only%20a%20suspended", { token });
      expect(search.body.totalCount, who).toBe(0);
    }
    expect((await api(app, "GET", `/connections/${connection._id}`, { token: moderator.token })).status).toBe(200);
    expect((await api(app, "GET", `/users/${suspended._id}`, { token: moderator.token })).status).toBe(200);
    const seenByModerator = (await api(app, "GET", `/connections/${onOthers._id}`, { token: moderator.token })).body;
    expect(seenByModerator).toMatchObject({ likes: [suspended._id], commentCount: 1 });
    expect(
      (await api(app, "GET", "/connections/search?q=only%20a%20suspended", { token: moderator.token })).body.totalCount,
    ).toBe(1);
    expect(
      (await api(app, "POST", `/connections/${onOthers._id}/comments`, { token: other.token, body: { text: "Hi" } }))
        .status,
    ).toBe(201);
    const moderatorComments = await api(app, "GET", `/connections/${onOthers._id}/comments`, {
      token: moderator.token,
    });
    expect(moderatorComments.body.map((c: { _id: string }) => c._id)).toContain(reply._id);

    // The operator lifts it from the command line: the member logs in again and everyone sees their content.
    const lifted = await liftSuspension(app.db, {
      id: suspended._id,
      username: suspended.username,
      email: suspended.email,
      displayName: "",
      role: "member",
      suspendedAt: Date.now(),
    });
    expect(lifted.changed).toBe(true);
    expect((await login(suspended.password)).status).toBe(200);
    expect((await api(app, "GET", `/connections/${connection._id}`)).status).toBe(200);
    expect(await counted(sql`select value as n from counters where name = 'public_connections'`)).toBe(publicBefore);
  });

  it("lets exactly one of two moderators resolve a case, with one audit entry", async () => {
    const [first, second] = [await registerModerator(app), await registerModerator(app)];
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    for (let round = 0; round < 3; round += 1) {
      const connection = await post(author);
      await report(app, reporter.token, { targetType: "connection", targetId: connection._id });
      const caseId = (await openCaseOf(app, connection._id))!;
      const answers = await Promise.all([
        resolve(first.token, caseId, { action: "remove", note: "first" }),
        resolve(second.token, caseId, { action: "dismiss", note: "second" }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
      const winner = answers.findIndex((answer) => answer.status === 200);
      const entries = await app.db.all<{ action: string; note: string }>(
        sql`select action, note from moderation_actions where case_id = ${caseId}`,
      );
      expect(entries).toEqual([
        winner === 0 ? { action: "remove", note: "first" } : { action: "dismiss", note: "second" },
      ]);
      expect((await api(app, "GET", `/connections/${connection._id}`)).status).toBe(winner === 0 ? 404 : 200);
      const notices = (await api(app, "GET", "/notifications", { token: author.token })).body as Array<{
        type: string;
      }>;
      expect(notices.filter((notice) => notice.type === "moderation").length).toBeLessThanOrEqual(round + 1);
    }
  });

  it("keeps every action in the audit log: who, what, when and the note", async () => {
    const moderator = await registerModerator(app);
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    await report(app, reporter.token, { targetType: "user", targetId: author._id });
    const caseId = (await openCaseOf(app, author._id))!;
    await resolve(moderator.token, caseId, { action: "dismiss", note: "Looked fine to me." });
    const { entries } = await listAuditLog(app, 1);
    expect(entries.find((entry) => entry.caseId === caseId)).toEqual({
      _id: expect.any(String),
      moderator: moderator.username,
      action: "dismiss",
      caseId,
      target: { type: "user", _id: author._id, summary: `@${author.username}`, url: `/users/${author._id}` },
      note: "Looked fine to me.",
      createdAt: expect.any(String),
    });
  });
});
