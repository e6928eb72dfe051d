import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../worker/core/ids.ts";
import { notifications } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Notifications are created by likes, comments and follows; here they are written directly as fixtures. */
async function notify(recipientId: string, senderId: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: newId(Date.now() - index * 1000),
    recipientId,
    senderId,
    type: "new_follower" as const,
    dedupeKey: `fixture-${index}-${Math.random()}`,
    link: `/users/${senderId}`,
    message: `Fixture ${index} started following you.`,
    createdAt: Date.now() - index * 1000,
  }));
  await app.db.insert(notifications).values(rows);
  return rows.map((row) => row.id);
}

describe("notifications API", () => {
  it("needs a member", async () => {
    expect((await api(app, "GET", "/notifications")).status).toBe(401);
    expect((await api(app, "PATCH", "/notifications/read-all")).status).toBe(401);
  });

  it("lists the viewer's own notifications newest first, at most 50, in API.md's shape", async () => {
    const [recipient, sender] = await Promise.all([registerUser(app), registerUser(app)]);
    await notify(recipient._id, sender._id, 55);
    const response = await api(app, "GET", "/notifications", { token: recipient.token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(50);
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      type: "new_follower",
      read: false,
      createdAt: expect.any(String),
      link: `/users/${sender._id}`,
      message: "Fixture 0 started following you.",
      senderRef: { _id: sender._id, username: sender.username, profilePictureUrl: "", profileImageUrl: "" },
      connectionRef: null,
    });
    const times = response.body.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const others = await api(app, "GET", "/notifications", { token: sender.token });
    expect(others.body).toEqual([]);
  });

  it("marks one read, never someone else's, and validates the id", async () => {
    const [recipient, sender] = await Promise.all([registerUser(app), registerUser(app)]);
    const [first, second] = await notify(recipient._id, sender._id, 2);
    const byOther = await api(app, "PATCH", `/notifications/${first}/read`, { token: sender.token });
    expect(byOther).toMatchObject({ status: 200, body: { count: 0, updatedIds: [] } });
    const own = await api(app, "PATCH", `/notifications/${first}/read`, { token: recipient.token });
    expect(own).toMatchObject({
      status: 200,
      body: { message: "Notifications marked as read", count: 1, updatedIds: [first] },
    });
    const rows = await app.db.select().from(notifications).where(eq(notifications.recipientId, recipient._id));
    expect(rows.find((row) => row.id === first)?.read).toBe(true);
    expect(rows.find((row) => row.id === second)?.read).toBe(false);
    const bad = await api(app, "PATCH", "/notifications/not-an-id/read", { token: recipient.token });
    expect(bad).toMatchObject({ status: 400, body: { message: "Invalid Notification ID format" } });
  });

  it("marks all of the viewer's notifications read and leaves others' alone", async () => {
    const [recipient, sender] = await Promise.all([registerUser(app), registerUser(app)]);
    await notify(recipient._id, sender._id, 3);
    await notify(sender._id, recipient._id, 2);
    const response = await api(app, "PATCH", "/notifications/read-all", { token: recipient.token });
    expect(response).toMatchObject({ status: 200, body: { message: "All notifications marked as read", count: 3 } });
    const senders = await api(app, "GET", "/notifications", { token: sender.token });
    expect(senders.body.every((n: { read: boolean }) => !n.read)).toBe(true);
  });
});

describe("/notifications page", () => {
  it("sends visitors to /login and brings them back after logging in", async () => {
    const visit = await fetch(`${app.url}/notifications`, { redirect: "manual" });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/login?redirectTo=%2Fnotifications");
    const member = await registerUser(app);
    const login = await postForm(app, "/login", {
      email: member.email,
      password: member.password,
      redirectTo: "/notifications",
    });
    expect(login.headers.get("location")).toBe("/notifications");
  });

  it("refuses a visitor's form post without running the action", async () => {
    const response = await postForm(app, "/notifications", { intent: "read-all" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login");
  });

  it("shows the list with relative times and the header badge, and marks read by form posts", async () => {
    const [recipient, sender] = await Promise.all([registerUser(app), registerUser(app)]);
    const ids = await notify(recipient._id, sender._id, 12);
    const cookie = cookieFrom(await postForm(app, "/login", { email: recipient.email, password: recipient.password }));
    const html = await (await fetch(`${app.url}/notifications`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Fixture 0 started following you.");
    expect(html).toMatch(/\d+s ago/);
    expect(html).toContain('class="nav-badge" aria-hidden="true">9+<');
    expect(html).toContain("Mark All as Read");

    const open = await postForm(app, "/notifications", { intent: "open", id: ids[0]! }, { cookie });
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`/users/${sender._id}`);

    await postForm(app, "/notifications", { intent: "read-all" }, { cookie });
    const after = await (await fetch(`${app.url}/notifications`, { headers: { Cookie: cookie } })).text();
    expect(after).not.toContain("nav-badge");
    expect(after).toMatch(
      /<button type="submit" class="button button--ghost button--small" disabled="">Mark All as Read/,
    );
  });

  it("names the post each notification is about, whatever it links", async () => {
    const [author, reader] = await Promise.all([registerUser(app), registerUser(app)]);
    const posts = [
      { movieTitle: "Subject Film", bookTitle: "Subject Novel" },
      { movieTitle: "Only the Film", context: "Who has read the book this came from?" },
      { bookTitle: "Only the Novel", context: "Was this ever filmed?" },
      { context: "What should I read after this one?" },
    ];
    for (const body of posts) {
      const created = await api(app, "POST", "/connections", { token: author.token, body });
      expect(created.status).toBe(201);
      const liked = await api(app, "POST", `/connections/${created.body._id}/like`, { token: reader.token });
      expect(liked.status).toBe(200);
    }
    const cookie = cookieFrom(await postForm(app, "/login", { email: author.email, password: author.password }));
    const html = await (await fetch(`${app.url}/notifications`, { headers: { Cookie: cookie } })).text();
    const subjects = [...html.matchAll(/<span class="notification__about">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(subjects).toEqual([
      "A text-only post",
      "Only the Novel",
      "Only the Film",
      "Subject Film &amp; Subject Novel",
    ]);
  });
});
