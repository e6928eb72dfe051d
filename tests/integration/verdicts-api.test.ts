import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verdicts, verdictVotes } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, nextClientAddress, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator, report } from "../support/moderation.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let voter: Awaited<ReturnType<typeof registerUser>>;
let adaptation: { _id: string; movieRef: { _id: string }; bookRef: { _id: string } };
let remake: string;
let theme: string;
beforeAll(async () => {
  app = await startTestApp();
  [owner, voter] = await Promise.all([registerUser(app), registerUser(app)]);
  const post = (body: Record<string, string>) => api(app, "POST", "/connections", { token: owner.token, body });
  adaptation = (await post({ movieTitle: "Jaws", bookTitle: "Jaws", bookAuthor: "Peter Benchley", kind: "adaptation" }))
    .body;
  remake = (await post({ movieTitle: "Jaws", bookTitle: "Jaws", bookAuthor: "Peter Benchley", kind: "adaptation" }))
    .body._id;
  theme = (await post({ movieTitle: "Jaws", bookTitle: "Moby-Dick", kind: "theme" })).body._id;
});
afterAll(() => app?.close());

const vote = (id: string, choice: unknown, token = voter.token) =>
  api(app, "PUT", `/connections/${id}/verdict`, { token, body: { choice } });

describe("connection kinds", () => {
  it("stores the kind given, `other` by default and for text-only posts", async () => {
    expect((await api(app, "GET", `/connections/${theme}`)).body.kind).toBe("theme");
    const plain = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { movieTitle: "Heat", bookTitle: "Heat" },
    });
    expect(plain.body).toMatchObject({ kind: "other", verdict: null });
    const text = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { context: "Just a thought", kind: "adaptation" },
    });
    expect(text.body.kind).toBe("other");
  });

  it("rejects an unknown kind with a 400 and stores nothing", async () => {
    const response = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { movieTitle: "Alien", bookTitle: "Alien", kind: "sequel" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Kind must be adaptation, theme, cameo or other." });
  });

  it("changes on edit and filters the feed", async () => {
    const created = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { movieTitle: "Psycho", bookTitle: "Psycho" },
    });
    const edited = await api(app, "PUT", `/connections/${created.body._id}`, {
      token: owner.token,
      body: { kind: "cameo" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.kind).toBe("cameo");
    const cameos = await api(app, "GET", "/connections?kind=cameo");
    expect(cameos.body.connections.map((c: { _id: string }) => c._id)).toEqual([created.body._id]);
    const adaptations = await api(app, "GET", "/connections?kind=adaptation");
    expect(adaptations.body.connections.every((c: { kind: string }) => c.kind === "adaptation")).toBe(true);
    expect(adaptations.body.connections).toHaveLength(2);
    expect((await api(app, "GET", "/connections?kind=nonsense")).body.connections).toEqual([]);
  });
});

describe("Book or film?", () => {
  it("answers the tally with the caller's vote, shared by every connection of the pair", async () => {
    const cast = await vote(adaptation._id, "book");
    expect(cast.status).toBe(200);
    expect(cast.body).toEqual({ book: 1, film: 0, tie: 0, total: 1, mine: "book" });
    const sibling = await api(app, "GET", `/connections/${remake}`, { token: voter.token });
    expect(sibling.body.verdict).toEqual({ book: 1, film: 0, tie: 0, total: 1, mine: "book" });
    const visitor = await api(app, "GET", `/connections/${remake}`);
    expect(visitor.body.verdict).toEqual({ book: 1, film: 0, tie: 0, total: 1, mine: null });
  });

  it("changes and withdraws the one vote a member has per pair", async () => {
    expect((await vote(remake, "film")).body).toEqual({ book: 0, film: 1, tie: 0, total: 1, mine: "film" });
    const withdrawn = await api(app, "DELETE", `/connections/${adaptation._id}/verdict`, { token: voter.token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ book: 0, film: 0, tie: 0, total: 0, mine: null });
    const again = await api(app, "DELETE", `/connections/${adaptation._id}/verdict`, { token: voter.token });
    expect(again.body).toEqual({ book: 0, film: 0, tie: 0, total: 0, mine: null });
  });

  it("shows each pair's tally on the movie and the book", async () => {
    await vote(adaptation._id, "tie");
    const movie = await api(app, "GET", `/movies/${adaptation.movieRef._id}`);
    expect(movie.body.verdicts).toEqual([
      { pairWith: { _id: adaptation.bookRef._id, title: "Jaws" }, book: 0, film: 0, tie: 1, total: 1 },
    ]);
    const book = await api(app, "GET", `/books/${adaptation.bookRef._id}`);
    expect(book.body.verdicts).toEqual([
      { pairWith: { _id: adaptation.movieRef._id, title: "Jaws" }, book: 0, film: 0, tie: 1, total: 1 },
    ]);
  });

  it("answers 400 for a non-adaptation, an unknown choice and a bad id; 401 for visitors; 404 when unknown", async () => {
    expect(await vote(theme, "book")).toMatchObject({
      status: 400,
      body: { message: "Only adaptations have a verdict." },
    });
    const withdrawTheme = await api(app, "DELETE", `/connections/${theme}/verdict`, { token: voter.token });
    expect(withdrawTheme).toMatchObject({ status: 400, body: { message: "Only adaptations have a verdict." } });
    for (const choice of ["movie", "", null, 3]) {
      expect(await vote(adaptation._id, choice)).toMatchObject({
        status: 400,
        body: { message: "Choice must be book, film or tie." },
      });
    }
    expect((await vote("bad", "book")).body).toEqual({ message: "Invalid Connection ID format" });
    expect((await vote("0123456789abcdef01234567", "book")).status).toBe(404);
    const visitor = await api(app, "PUT", `/connections/${adaptation._id}/verdict`, { body: { choice: "book" } });
    expect(visitor.status).toBe(401);
    expect((await api(app, "DELETE", `/connections/${adaptation._id}/verdict`)).status).toBe(401);
  });

  it("counts every racing vote exactly once, and changes racing with votes", async () => {
    const created = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { movieTitle: "Carrie", bookTitle: "Carrie", kind: "adaptation" },
    });
    const id = created.body._id;
    const members = await Promise.all(Array.from({ length: 30 }, () => registerUser(app)));
    const choices = ["book", "film", "tie"] as const;
    const first = await Promise.all(members.map((member, i) => vote(id, choices[i % 3], member.token)));
    expect(first.every((response) => response.status === 200)).toBe(true);
    // Everyone changes to "book" while the same members race to vote again: still one vote each.
    await Promise.all([
      ...members.map((member) => vote(id, "book", member.token)),
      ...members.slice(0, 10).map((member) => vote(id, "book", member.token)),
    ]);
    const tally = (await api(app, "GET", `/connections/${id}`)).body.verdict;
    expect(tally).toEqual({ book: 30, film: 0, tie: 0, total: 30, mine: null });
    await Promise.all(
      members.slice(0, 12).map((member) => api(app, "DELETE", `/connections/${id}/verdict`, { token: member.token })),
    );
    const [kept] = await app.db.select().from(verdicts).where(eq(verdicts.bookId, created.body.bookRef._id));
    expect(kept).toMatchObject({ book: 18, film: 0, tie: 0, total: 18 });
  });

  it("refuses votes on connections the member may not see: private owners and blocks", async () => {
    const hidden = await registerUser(app);
    const post = await api(app, "POST", "/connections", {
      token: hidden.token,
      body: { movieTitle: "Rebecca", bookTitle: "Rebecca", kind: "adaptation" },
    });
    await app.db.update(users).set({ isPrivate: true }).where(eq(users.id, hidden._id));
    expect((await vote(post.body._id, "book")).status).toBe(404);
    await app.db.update(users).set({ isPrivate: false }).where(eq(users.id, hidden._id));
    expect((await api(app, "POST", `/blocks/${voter._id}`, { token: hidden.token })).status).toBe(201);
    expect((await vote(post.body._id, "book")).status).toBe(404);
    expect((await api(app, "DELETE", `/connections/${post.body._id}/verdict`, { token: voter.token })).status).toBe(
      404,
    );
    const stored = await app.db
      .select()
      .from(verdictVotes)
      .where(and(eq(verdictVotes.userId, voter._id), eq(verdictVotes.bookId, post.body.bookRef._id)));
    expect(stored).toEqual([]);
  });

  it("shows a pair's tally only where one of its adaptations is visible: not for a private owner's, nor a deleted one", async () => {
    const poster = await registerUser(app);
    const post = await api(app, "POST", "/connections", {
      token: poster.token,
      body: { movieTitle: "The Birds", bookTitle: "The Birds", bookAuthor: "Daphne du Maurier", kind: "adaptation" },
    });
    const { _id: id, movieRef, bookRef } = post.body;
    const fan = await registerUser(app);
    expect((await vote(id, "film", fan.token)).status).toBe(200);
    // A follower from before the owner turns private keeps seeing the pair.
    expect((await api(app, "POST", `/follows/${poster._id}`, { token: fan.token })).status).toBe(201);
    const pairs = async (token?: string) => {
      const movie = await api(app, "GET", `/movies/${movieRef._id}`, { token });
      const book = await api(app, "GET", `/books/${bookRef._id}`, { token });
      return [...movie.body.verdicts, ...book.body.verdicts].map(
        (pair: { pairWith: { _id: string } }) => pair.pairWith._id,
      );
    };
    const ranked = async () => {
      const page = await fetch(`${app.url}/verdicts`, { headers: { "CF-Connecting-IP": nextClientAddress() } });
      return (await page.text()).includes("The Birds");
    };
    expect(await pairs()).toEqual([bookRef._id, movieRef._id]);
    expect(await ranked()).toBe(true);

    await api(app, "PUT", "/users/profile", { token: poster.token, body: { isPrivate: true } });
    expect(await pairs()).toEqual([]);
    expect(await pairs(voter.token)).toEqual([]);
    expect(await ranked()).toBe(false);
    expect(await pairs(poster.token)).toEqual([bookRef._id, movieRef._id]);
    expect(await pairs(fan.token)).toEqual([bookRef._id, movieRef._id]);

    await api(app, "PUT", "/users/profile", { token: poster.token, body: { isPrivate: false } });
    expect(await pairs()).toEqual([bookRef._id, movieRef._id]);
    // A block hides the pair both ways, as it hides the connection.
    const blocked = await registerUser(app);
    expect((await api(app, "POST", `/blocks/${blocked._id}`, { token: poster.token })).status).toBe(201);
    expect(await pairs(blocked.token)).toEqual([]);

    expect((await api(app, "DELETE", `/connections/${id}`, { token: poster.token })).status).toBe(200);
    expect(await pairs()).toEqual([]);
    expect(await ranked()).toBe(false);
    // The votes stay with the pair, and count again once an adaptation of it is posted.
    const again = await api(app, "POST", "/connections", {
      token: owner.token,
      body: { movieTitle: "The Birds", bookTitle: "The Birds", bookAuthor: "Daphne du Maurier", kind: "adaptation" },
    });
    expect(again.body.verdict).toMatchObject({ film: 1, total: 1 });
    expect(await pairs()).toEqual([bookRef._id, movieRef._id]);
  });

  it("hides a suspended owner's pair from all but moderators, as it hides their adaptation", async () => {
    const poster = await registerUser(app);
    const post = await api(app, "POST", "/connections", {
      token: poster.token,
      body: { movieTitle: "Vertigo", bookTitle: "D'entre les morts", kind: "adaptation" },
    });
    const fan = await registerUser(app);
    expect((await vote(post.body._id, "book", fan.token)).status).toBe(200);
    const movie = (token?: string) => api(app, "GET", `/movies/${post.body.movieRef._id}`, { token });
    expect((await movie()).body.verdicts).toHaveLength(1);
    const [moderator, reporter] = [await registerModerator(app), await registerUser(app)];
    await report(app, reporter.token, { targetType: "user", targetId: poster._id }, "harassment");
    const resolved = await api(app, "POST", `/moderation/reports/${await openCaseOf(app, poster._id)}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    expect(resolved.status).toBe(200);
    expect((await movie()).body.verdicts).toEqual([]);
    expect((await movie(fan.token)).body.verdicts).toEqual([]);
    expect((await movie(moderator.token)).body.verdicts).toEqual([
      expect.objectContaining({ pairWith: { _id: post.body.bookRef._id, title: "D'entre les morts" }, book: 1 }),
    ]);
  });

  it("puts the member's votes in their export", async () => {
    const exported = await api(app, "GET", "/users/me/export", { token: voter.token });
    expect(exported.body.verdicts).toEqual([
      {
        movie: { _id: adaptation.movieRef._id, title: "Jaws" },
        book: { _id: adaptation.bookRef._id, title: "Jaws" },
        choice: "tie",
        createdAt: expect.any(String),
      },
    ]);
  });
});
