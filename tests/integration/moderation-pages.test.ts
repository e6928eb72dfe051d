import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../worker/core/rules/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { flashShown, pageAfter } from "../support/flash.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

// Reports and moderation as pages, without JavaScript: the report form and its confirmation, the moderators'
// queue and its resolve forms, the audit log, the links that lead there, and the seeded queue.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
});
afterAll(() => app?.close());

const get = async (path: string, cookie?: string) => {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
};
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
/** The resolve form of one case on the queue page. */
const caseForm = (html: string, caseId: string) => {
  const start = html.lastIndexOf("<form", html.indexOf(`name="caseId" value="${caseId}"`));
  return html.slice(start, html.indexOf("</form>", start));
};
/** The radio button of a group with this value, as rendered (its attributes in whatever order React writes them). */
const radio = (html: string, name: string, value: string) =>
  [...html.matchAll(/<input type="radio"[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`)) ?? "";

async function logIn(user: { email: string; password: string }) {
  return cookieFrom(await postForm(app, "/login", { email: user.email, password: user.password }));
}
async function member() {
  const user = await registerUser(app);
  return { ...user, cookie: await logIn(user) };
}
async function moderator() {
  const user = await registerModerator(app);
  return { ...user, cookie: await logIn(user) };
}

describe("the seeded queue", () => {
  it("has one moderator, whose login shows two open cases on /moderation", async () => {
    const moderators = await app.db.all<{ email: string }>(sql`select email from users where role = 'moderator'`);
    expect(moderators).toEqual([{ email: "moderator@example.com" }]);
    const cookie = await logIn({ email: "moderator@example.com", password: "moviebooks" });
    const { response, html } = await get("/moderation", cookie);
    expect(response.status).toBe(200);
    const page = main(html);
    expect(page.match(/class="case"/g)).toHaveLength(2);
    expect(page).toContain("Gone Girl &amp; Gone Girl: Flynn wrote the screenplay herself");
    expect(page).toContain("2 reports");
    expect(page).toContain("Spoilers without warning");
    expect(page).toContain("Gives away the last page of the book without a warning.");
    expect(html).toMatch(/href="\/moderation"[^>]*>Moderation<span class="nav-badge" aria-hidden="true">2<\/span>/);
  });
});

describe("the queue's message", () => {
  it("comes only from the resolution's flash: the address says nothing (never the 500 page)", async () => {
    const { cookie } = await moderator();
    for (const value of ["dismiss", "toString", "constructor", "__proto__", "nonsense"]) {
      const { response, html } = await get(`/moderation?resolved=${value}`, cookie);
      expect(response.status, value).toBe(200);
      expect(flashShown(html), value).toBe("");
    }
  });
});

describe("the report page", () => {
  it("needs a member, and answers 404 for what the member may not see", async () => {
    const { response } = await get(`/report/connection/${"a".repeat(24)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const someone = await member();
    expect((await get(`/report/connection/${"a".repeat(24)}`, someone.cookie)).response.status).toBe(404);
    expect((await get("/report/movie/whatever", someone.cookie)).response.status).toBe(404);
    const hidden = await registerUser(app);
    const post = await api(app, "POST", "/connections", { token: hidden.token, body: { context: "Secret words" } });
    await api(app, "PUT", "/users/profile", { token: hidden.token, body: { isPrivate: true } });
    const notVisible = await get(`/report/connection/${post.body._id}`, someone.cookie);
    expect(notVisible.response.status).toBe(404);
    expect(notVisible.html).not.toContain("Secret words");
  });

  it("reports a connection without JavaScript: the reason's message at its group, then the confirmation", async () => {
    const [author, reporter] = [await member(), await member()];
    const post = await api(app, "POST", "/connections", {
      token: author.token,
      body: { movieTitle: "Report Page Film", bookTitle: "Report Page Book", context: "Reported words" },
    });
    const path = `/report/connection/${post.body._id}`;
    const form = main((await get(`${path}?redirectTo=%2Fsearch%3Fq%3Dreport`, reporter.cookie)).html);
    expect(form).toContain("Report this connection");
    expect(form).toContain("Report Page Film &amp; Report Page Book: Reported words");
    expect(form.match(/<input type="radio"[^>]*name="reason"/g)).toHaveLength(6);
    expect(form).toContain('name="redirectTo" value="/search?q=report"');

    const refused = await postForm(
      app,
      path,
      { note: "x".repeat(20), redirectTo: "/search?q=report" },
      { cookie: reporter.cookie },
    );
    expect(refused.status).toBe(400);
    const refusedPage = main(await refused.text());
    expect(refusedPage).toContain(MODERATION_MESSAGES.chooseReason);
    expect(radio(refusedPage, "reason", "spam")).toMatch(/aria-invalid="true".*autofocus=""/);
    expect(refusedPage).toContain(">xxxxxxxxxxxxxxxxxxxx</textarea>");

    const sent = await postForm(
      app,
      path,
      { reason: "spoilers", note: "Ends in the first line.", redirectTo: "/search?q=report" },
      { cookie: reporter.cookie },
    );
    // Back where the member came from, thanked by the flash message (decision 034).
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/search?q=report");
    const back = (await pageAfter(app, sent, reporter.cookie)).html;
    expect(flashShown(back)).toBe("Thanks for telling us. A moderator will review this report.");

    // Coming back: the page says it is reported already; a second post gets the contract's 409.
    expect(main((await get(path, reporter.cookie)).html)).toContain(MODERATION_MESSAGES.alreadyReported);
    const again = await postForm(app, path, { reason: "spam" }, { cookie: reporter.cookie });
    expect(again.status).toBe(409);
    expect(main(await again.text())).toContain(MODERATION_MESSAGES.alreadyReported);
    // The author cannot report their own post.
    expect(main((await get(path, author.cookie)).html)).toContain(MODERATION_MESSAGES.ownContent);
  });

  it("is linked from another member's cards, comments and profile, never from one's own", async () => {
    const [author, reader] = [await member(), await member()];
    const post = await api(app, "POST", "/connections", { token: author.token, body: { context: "Linked post" } });
    const reply = await api(app, "POST", `/connections/${post.body._id}/comments`, {
      token: author.token,
      body: { text: "Author's own comment" },
    });
    const page = main((await get(`/connections/${post.body._id}`, reader.cookie)).html);
    expect(page).toContain(`href="/report/connection/${post.body._id}?redirectTo=`);
    expect(page).toContain(`href="/report/comment/${reply.body._id}?redirectTo=`);
    expect(page).toContain('Report<span class="visually-hidden"> this comment</span>');
    const own = main((await get(`/connections/${post.body._id}`, author.cookie)).html);
    expect(own).not.toContain("/report/");
    expect(main((await get(`/users/${author._id}`, reader.cookie)).html)).toContain(
      `href="/report/user/${author._id}?`,
    );
    expect(main((await get(`/connections/${post.body._id}`)).html)).not.toContain("/report/");
  });
});

describe("the moderators' pages", () => {
  it("refuse members with the 403 page 'Moderators only.'", async () => {
    const someone = await member();
    for (const path of ["/moderation", "/moderation/log"]) {
      const { response, html } = await get(path, someone.cookie);
      expect(response.status, path).toBe(403);
      expect(main(html), path).toContain("Moderators only.");
    }
    const posted = await postForm(
      app,
      "/moderation",
      { caseId: "a".repeat(24), action: "dismiss" },
      { cookie: someone.cookie },
    );
    expect(posted.status).toBe(403);
    expect((await get("/", someone.cookie)).html).not.toContain('href="/moderation"');
  });

  it("resolve a case by form: remove, the author told, and the audit log keeps it", async () => {
    const mod = await moderator();
    const [author, reporter] = [await member(), await member()];
    const post = await api(app, "POST", "/connections", {
      token: author.token,
      body: { context: "Buy followers cheap, link in bio", tags: "spam-by-form" },
    });
    await api(app, "POST", "/reports", {
      token: reporter.token,
      body: { targetType: "connection", targetId: post.body._id, reason: "spam" },
    });
    const caseId = (await openCaseOf(app, post.body._id))!;
    const queue = main((await get("/moderation", mod.cookie)).html);
    expect(queue).toContain(`name="caseId" value="${caseId}"`);

    const missing = await postForm(app, "/moderation", { caseId, action: "", note: "" }, { cookie: mod.cookie });
    expect(missing.status).toBe(400);
    const missingPage = main(await missing.text());
    expect(missingPage).toContain(MODERATION_MESSAGES.badAction);
    expect(radio(caseForm(missingPage, caseId), "action", "dismiss")).toMatch(/aria-invalid="true".*autofocus=""/);

    const done = await postForm(
      app,
      "/moderation",
      { caseId, action: "remove", note: "Plain spam." },
      { cookie: mod.cookie },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/moderation");
    const after = main((await pageAfter(app, done, mod.cookie)).html);
    expect(flashShown(after)).toBe("Removed, and its author told.");
    expect(after).not.toContain(`value="${caseId}"`);
    expect((await get(`/connections/${post.body._id}`, author.cookie)).response.status).toBe(404);

    const notices = main((await get("/notifications", author.cookie)).html);
    expect(notices).toContain("A moderator removed your connection &quot;Buy followers cheap, link in bio&quot;.");

    const resolved = main((await get("/moderation?status=resolved", mod.cookie)).html);
    expect(resolved).toMatch(new RegExp(`<strong>Removed</strong> by @${mod.username}, [^:]+: <q>Plain spam.</q>`));
    const log = main((await get("/moderation/log", mod.cookie)).html);
    expect(log).toContain(`<strong>@${mod.username}</strong> removed a connection:`);
    expect(log).toContain("Buy followers cheap, link in bio");
    expect(log).toContain("<q>Plain spam.</q>");

    // Resolved already (another moderator, another tab): the queue says so at the top.
    const late = await postForm(app, "/moderation", { caseId, action: "dismiss", note: "" }, { cookie: mod.cookie });
    expect(late.status).toBe(404);
    expect(main(await late.text())).toMatch(/class="form-error" role="alert">Report not found.</);
  });

  it("offer no Remove for a member, and keep the refusal at the case", async () => {
    const mod = await moderator();
    const [someone, reporter] = [await member(), await member()];
    await api(app, "POST", "/reports", {
      token: reporter.token,
      body: { targetType: "user", targetId: someone._id, reason: "harassment" },
    });
    const caseId = (await openCaseOf(app, someone._id))!;
    const queue = main((await get("/moderation", mod.cookie)).html);
    expect(radio(caseForm(queue, caseId), "action", "remove")).toContain('disabled=""');
    const refused = await postForm(app, "/moderation", { caseId, action: "remove", note: "" }, { cookie: mod.cookie });
    expect(refused.status).toBe(400);
    expect(caseForm(main(await refused.text()), caseId)).toContain(MODERATION_MESSAGES.onlyContentRemovable);
  });
});
