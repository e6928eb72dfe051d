import { eq, inArray, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connections, stagedUploads } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import type { PlannedLoss } from "../support/counting-proxy.ts";
import { api, cookieFrom, nextClientAddress, postForm as postPageForm, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

/**
 * Writes that cannot lose an image (issue 18) and retries that cannot duplicate a post: the Worker talks to the
 * database through a proxy that can lose a request or its reply, as a network to Turso can.
 */
let app: TestApp;
let member: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let cookie: string;
let otherCookie: string;
beforeAll(async () => {
  app = await startTestApp({ countRoundTrips: true });
  [member, other] = await Promise.all([registerUser(app), registerUser(app)]);
  const logIn = async (who: typeof member) =>
    cookieFrom(await postPageForm(app, "/login", { email: who.email, password: who.password }));
  [cookie, otherCookie] = await Promise.all([logIn(member), logIn(other)]);
});
afterAll(() => app?.close());
afterEach(() => app.roundTrips?.cancelLosses());

const proxy = () => {
  if (!app.roundTrips) throw new Error("the app runs without its database proxy");
  return app.roundTrips;
};

let keyCounter = 0;
const newKey = () => `test-key-${process.pid}-${++keyCounter}`;

/** A create form with a screenshot (and the other fields given). */
function postForm(fields: Record<string, string>, screenshot: Uint8Array = testPng(`shot-${++keyCounter}`)) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("screenshot", new File([screenshot as BlobPart], "still.png", { type: "image/png" }));
  return body;
}

const create = (body: FormData | Record<string, unknown>, key?: string, token = member.token) =>
  api(app, "POST", "/connections", { token, body, headers: key ? { "Idempotency-Key": key } : {} });

/** The member's connections with this context, as stored. */
const rowsWithContext = (context: string) => app.db.select().from(connections).where(eq(connections.context, context));

const imageStatus = async (key: string | null) => (await fetch(`${app.url}/images/${key}`)).status;
/** Whether R2 holds the object: a staged image no row shows yet is in the bucket but served to nobody (decision 028). */
const stored = async (key: string | null) => key !== null && (await app.bucket.head(key)) !== null;
const keyOf = (url: string) => new URL(url).pathname.slice("/images/".length);

/** The connection insert's batch (its statements travel in one request). */
const insertsConnection: PlannedLoss["match"] = (sql) => sql.some((text) => /^insert into "connections"/i.test(text));
const updatesConnection: PlannedLoss["match"] = (sql) => sql.some((text) => /^update "connections"/i.test(text));
const anyRequest: PlannedLoss["match"] = () => true;

describe("Idempotency-Key on POST /api/connections", () => {
  it("answers a retry with the first post, not a second one", async () => {
    const key = newKey();
    const fields = { movieTitle: "Arrival", bookTitle: "Story of Your Life", context: `retry ${key}` };
    const first = await create(fields, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await create(fields, key);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
  });

  it("refuses a key reused for a different post with 422, and stores nothing", async () => {
    const key = newKey();
    const first = await create({ context: `first ${key}` }, key);
    expect(first.status).toBe(201);
    const different = await create({ context: `second ${key}` }, key);
    expect(different.status).toBe(422);
    expect(different.body).toEqual({ message: "This Idempotency-Key was already used for a different request." });
    expect(await rowsWithContext(`second ${key}`)).toHaveLength(0);
  });

  it("tells a different image apart: same text, other screenshot is a different request", async () => {
    const key = newKey();
    const fields = { context: `image ${key}` };
    expect((await create(postForm(fields, testPng("one")), key)).status).toBe(201);
    expect((await create(postForm(fields, testPng("one")), key)).status).toBe(201);
    expect((await create(postForm(fields, testPng("two")), key)).status).toBe(422);
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
  });

  it("keeps each member's keys apart", async () => {
    const key = newKey();
    const fields = { context: `scope ${key}` };
    const mine = await create(fields, key);
    const theirs = await create(fields, key, other.token);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body._id).not.toBe(mine.body._id);
    expect(theirs.body.userRef._id).toBe(other._id);
  });

  it("refuses a malformed key with 400 and stores nothing", async () => {
    for (const key of ["x".repeat(256), "naïve", "two words"]) {
      const context = `bad key ${newKey()}`;
      const response = await create({ context }, key);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: "Idempotency-Key must be 1 to 255 visible ASCII characters." });
      expect(await rowsWithContext(context)).toHaveLength(0);
    }
  });

  it("accepts the key as a structured-field string (quoted), the same key unquoted", async () => {
    const key = newKey();
    const fields = { context: `quoted ${key}` };
    const first = await create(fields, `"${key}"`);
    const again = await create(fields, key);
    expect(again.body._id).toBe(first.body._id);
  });

  it("makes racing retries one post", async () => {
    const key = newKey();
    const fields = { movieTitle: "Solaris", bookTitle: "Solaris", context: `race ${key}` };
    const still = testPng(`race ${key}`);
    const answers = await Promise.all([create(postForm(fields, still), key), create(postForm(fields, still), key)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[1]?.body._id).toBe(answers[0]?.body._id);
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
  });
});

describe("a lost reply from the database", () => {
  it("after the insert committed: reads it back, answers 201 and deletes no image", async () => {
    const key = newKey();
    const fields = { movieTitle: "Stalker", bookTitle: "Roadside Picnic", context: `lost reply ${key}` };
    proxy().loseNext({ match: insertsConnection, loss: "reply" });
    const answer = await create(postForm(fields), key);
    expect(proxy().lossesPending()).toBe(0);
    expect(answer.status).toBe(201);
    const rows = await rowsWithContext(fields.context);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(answer.body._id);
    expect(await imageStatus(keyOf(answer.body.screenshotUrl))).toBe(200);
  });

  it("when even the read-back is lost: keeps the images, and the retry with the key returns the same post", async () => {
    const key = newKey();
    const fields = { movieTitle: "Stalker", bookTitle: "Roadside Picnic", context: `lost twice ${key}` };
    const body = postForm(fields);
    proxy().loseNext({ match: insertsConnection, loss: "reply" }, { match: anyRequest, loss: "request" });
    const failed = await create(body, key);
    expect(proxy().lossesPending()).toBe(0);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const [row] = await rowsWithContext(fields.context);
    expect(row?.screenshotKey).toBeTruthy();
    expect(await imageStatus(row?.screenshotKey ?? null)).toBe(200);

    const retry = await create(body, key);
    expect(retry.status).toBe(201);
    expect(retry.body._id).toBe(row?.id);
    expect(keyOf(retry.body.screenshotUrl)).toBe(row?.screenshotKey);
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
  });

  it("when the insert never arrived: answers an error, stores no row, and the retry posts once", async () => {
    const key = newKey();
    const fields = { context: `never arrived ${key}` };
    const body = postForm(fields);
    proxy().loseNext({ match: insertsConnection, loss: "request" });
    const failed = await create(body, key);
    expect(proxy().lossesPending()).toBe(0);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await rowsWithContext(fields.context)).toHaveLength(0);
    const retry = await create(body, key);
    expect(retry.status).toBe(201);
    expect(await imageStatus(keyOf(retry.body.screenshotUrl))).toBe(200);
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
  });

  it("after an edit's update committed: keeps the new screenshot and deletes only the replaced one", async () => {
    const created = await create(postForm({ context: `edit lost reply ${newKey()}` }));
    const oldKey = keyOf(created.body.screenshotUrl);
    const edit = new FormData();
    edit.set("screenshot", new File([testPng("replacement") as BlobPart], "new.png", { type: "image/png" }));
    proxy().loseNext({ match: updatesConnection, loss: "reply" });
    const answer = await api(app, "PUT", `/connections/${created.body._id}`, { token: member.token, body: edit });
    expect(proxy().lossesPending()).toBe(0);
    expect(answer.status).toBe(200);
    const [row] = await app.db.select().from(connections).where(eq(connections.id, created.body._id));
    expect(row?.screenshotKey).not.toBe(oldKey);
    expect(keyOf(answer.body.screenshotUrl)).toBe(row?.screenshotKey);
    expect(await imageStatus(row?.screenshotKey ?? null)).toBe(200);
    expect(await imageStatus(oldKey)).toBe(404);
  });

  it("when an edit's update and its read-back are lost: no screenshot of the row answers 404", async () => {
    const created = await create(postForm({ context: `edit lost twice ${newKey()}` }));
    const oldKey = keyOf(created.body.screenshotUrl);
    const edit = new FormData();
    edit.set("screenshot", new File([testPng("second replacement") as BlobPart], "new.png", { type: "image/png" }));
    proxy().loseNext({ match: updatesConnection, loss: "reply" }, { match: anyRequest, loss: "request" });
    const answer = await api(app, "PUT", `/connections/${created.body._id}`, { token: member.token, body: edit });
    expect(proxy().lossesPending()).toBe(0);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const [row] = await app.db.select().from(connections).where(eq(connections.id, created.body._id));
    expect(row?.screenshotKey).not.toBe(oldKey);
    expect(await imageStatus(row?.screenshotKey ?? null)).toBe(200);
  });
});

describe("the scheduled sweep of staged uploads", () => {
  it("deletes the images no write claimed once a day has passed, and never an image a row shows", async () => {
    proxy().loseNext({ match: insertsConnection, loss: "request" });
    const failed = await create(postForm({ context: `abandoned ${newKey()}` }), newKey());
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const kept = await create(postForm({ context: `kept ${newKey()}` }));

    const unclaimed = await app.db
      .select({ key: stagedUploads.imageKey })
      .from(stagedUploads)
      .where(isNull(stagedUploads.claimedAt));
    expect(unclaimed.length).toBeGreaterThan(0);
    const shown = (await app.db.select({ key: connections.screenshotKey }).from(connections)).flatMap(
      (row) => row.key ?? [],
    );
    expect(shown).toContain(keyOf(kept.body.screenshotUrl));

    // An hour later nothing is old enough yet: its member may still be retrying.
    expect((await app.scheduled(new Date(Date.now() + 60 * 60_000))).outcome).toBe("ok");
    for (const { key } of unclaimed) expect(await stored(key)).toBe(true);

    expect((await app.scheduled(new Date(Date.now() + 25 * 60 * 60_000))).outcome).toBe("ok");
    for (const { key } of unclaimed) expect(await stored(key)).toBe(false);
    for (const key of shown) expect(await imageStatus(key)).toBe(200);
    expect(await app.db.select().from(stagedUploads)).toEqual([]);
  });
});

/** Posts a page's multipart form as a browser without JavaScript does; no redirect is followed. */
function postPage(path: string, fields: Record<string, string>, files: Record<string, Uint8Array> = {}, as = cookie) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, bytes] of Object.entries(files)) {
    body.set(name, new File([bytes as BlobPart], `${name}.png`, { type: "image/png" }));
  }
  return fetch(app.url + path, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Cookie: as, Origin: app.url, "CF-Connecting-IP": nextClientAddress() },
  });
}

/** The staged upload a page that came back names for a field (its "Keep" box), if any. */
const keptIn = (html: string, name: string) =>
  html.match(new RegExp(`<input type="checkbox" name="${name}" checked="" value="([0-9a-f]{24})"`))?.[1];

const connectionAt = async (response: Response) => {
  expect(response.status).toBe(302);
  const id = (response.headers.get("location") ?? "").replace("/connections/", "");
  return (await api(app, "GET", `/connections/${id}`)).body;
};

const bytesAt = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

describe("the create page keeps every value, images included, for the retry (no JavaScript)", () => {
  it("gives each form an idempotency key, and marks what is needed for what", async () => {
    const html = await (await fetch(`${app.url}/create`, { headers: { Cookie: cookie } })).text();
    expect(html).toMatch(/<input type="hidden" name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(html.match(/class="field__need">Needed for a connection</g)).toHaveLength(2);
    expect(html.match(/class="field__need">Needed for a text-only post</g)).toHaveLength(1);
    // No field is required on its own, so none says so.
    const start = html.indexOf('<form class="form connection-form"');
    const form = html.slice(start, html.indexOf("</form>", start));
    expect(form).toContain('name="movieTitle"');
    expect(form).not.toContain("required");
  });

  it("comes back from a field's error with its images kept, and the retry posts them without the files", async () => {
    const poster = testPng("kept poster");
    const screenshot = testPng("kept screenshot");
    const fields = { movieTitle: "Arrival", movieYear: "20166", bookTitle: "Story of Your Life", context: "Kept." };
    const failed = await postPage("/create", fields, { moviePoster: poster, screenshot });
    expect(failed.status).toBe(400);
    const html = await failed.text();
    expect(html).toContain("Movie year must be a year between 1000 and 2100.");
    expect(html).toContain('value="Story of Your Life"');
    const keptPoster = keptIn(html, "keptMoviePoster");
    const keptScreenshot = keptIn(html, "keptScreenshot");
    expect(keptPoster).toBeDefined();
    expect(keptScreenshot).toBeDefined();
    expect(html).toContain(`src="/uploads/${keptPoster}"`);
    expect(html).toContain("moviePoster.png");
    expect(html).not.toContain("choose them again");

    const posted = await connectionAt(
      await postPage("/create", {
        ...fields,
        movieYear: "2016",
        keptMoviePoster: keptPoster as string,
        keptScreenshot: keptScreenshot as string,
      }),
    );
    expect(await bytesAt(posted.moviePosterUrl)).toEqual(poster);
    expect(await bytesAt(posted.screenshotUrl)).toEqual(screenshot);
    const rows = await app.db
      .select()
      .from(stagedUploads)
      .where(inArray(stagedUploads.id, [keptPoster as string, keptScreenshot as string]));
    expect(rows.every((row) => row.claimedAt !== null)).toBe(true);
  });

  it("keeps the good image when another is refused, with the spec's message at the refused one", async () => {
    const notAnImage = new TextEncoder().encode("plain text, not a picture");
    const failed = await postPage(
      "/create",
      { context: "One bad file." },
      { bookCover: notAnImage, screenshot: testPng("good") },
    );
    expect(failed.status).toBe(415);
    const html = await failed.text();
    expect(html).toContain("Invalid file type for book cover. Please upload: image/png, image/jpeg, image/gif.");
    expect(keptIn(html, "keptScreenshot")).toBeDefined();
    expect(keptIn(html, "keptBookCover")).toBeUndefined();
  });

  it("shows a kept image to its uploader only", async () => {
    const html = await (await postPage("/create", { context: "" }, { screenshot: testPng("private") })).text();
    const id = keptIn(html, "keptScreenshot");
    const mine = await fetch(`${app.url}/uploads/${id}`, { headers: { Cookie: cookie } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(testPng("private"));
    expect((await fetch(`${app.url}/uploads/${id}`, { headers: { Cookie: otherCookie } })).status).toBe(404);
    expect((await fetch(`${app.url}/uploads/${id}`, { redirect: "manual" })).status).toBe(302);
  });

  it("refuses a kept image that is someone else's, already posted, or too old, at its field", async () => {
    const notKept = "The screenshot you chose before is no longer kept. Please choose it again.";
    const html = await (await postPage("/create", { context: "" }, { screenshot: testPng("once") })).text();
    const id = keptIn(html, "keptScreenshot") as string;
    const theirs = await postPage("/create", { context: "Not mine.", keptScreenshot: id }, {}, otherCookie);
    expect(theirs.status).toBe(400);
    expect(await theirs.text()).toContain(notKept);

    await connectionAt(await postPage("/create", { context: "First use.", keptScreenshot: id }));
    const again = await postPage("/create", { context: "Second use.", keptScreenshot: id });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(notKept);

    const old = await (await postPage("/create", { context: "" }, { screenshot: testPng("old") })).text();
    const oldId = keptIn(old, "keptScreenshot") as string;
    await app.db
      .update(stagedUploads)
      .set({ createdAt: Date.now() - 13 * 60 * 60_000 })
      .where(eq(stagedUploads.id, oldId));
    const late = await postPage("/create", { context: "Too late.", keptScreenshot: oldId });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(notKept);
  });

  it("posts once when the same form is sent twice", async () => {
    const fields = { context: `sent twice ${newKey()}`, idempotencyKey: crypto.randomUUID() };
    const first = await connectionAt(await postPage("/create", fields, { screenshot: testPng("twice") }));
    const second = await connectionAt(await postPage("/create", fields, { screenshot: testPng("twice") }));
    expect(second._id).toBe(first._id);
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
    const changed = await postPage("/create", { ...fields, context: "changed" });
    expect(changed.status).toBe(422);
    expect(await changed.text()).toContain("This form was already posted with other content.");
  });

  it("after a failure of the server's own, keeps everything, and the retry posts once", async () => {
    const fields = { context: `server failure ${newKey()}`, tags: "kept, tags", idempotencyKey: crypto.randomUUID() };
    proxy().loseNext({ match: insertsConnection, loss: "request" });
    const failed = await postPage("/create", fields, { screenshot: testPng("server failure") });
    expect(proxy().lossesPending()).toBe(0);
    expect(failed.status).toBe(503); // the database could not be reached: an outage's status, with the form (decision 029)
    const html = await failed.text();
    expect(html).toContain("Failed to create connection.");
    expect(html).toContain('value="kept, tags"');
    expect(html).toContain(`value="${fields.idempotencyKey}"`);
    const kept = keptIn(html, "keptScreenshot") as string;
    expect(kept).toBeDefined();
    const posted = await connectionAt(await postPage("/create", { ...fields, keptScreenshot: kept }));
    expect(await bytesAt(posted.screenshotUrl)).toEqual(testPng("server failure"));
    expect(await rowsWithContext(fields.context)).toHaveLength(1);
  });
});

describe("a deleted account's kept images", () => {
  it("go with the account, at once", async () => {
    const leaving = await registerUser(app);
    const leavingCookie = cookieFrom(
      await postPageForm(app, "/login", { email: leaving.email, password: leaving.password }),
    );
    const html = await (
      await postPage("/create", { context: "" }, { screenshot: testPng("left behind") }, leavingCookie)
    ).text();
    const id = keptIn(html, "keptScreenshot") as string;
    const [row] = await app.db.select().from(stagedUploads).where(eq(stagedUploads.id, id));
    expect(await stored(row?.imageKey ?? null)).toBe(true);
    const deleted = await api(app, "DELETE", "/users/me", {
      token: leaving.token,
      body: { password: leaving.password },
    });
    expect(deleted.status).toBe(200);
    expect(await app.db.select().from(stagedUploads).where(eq(stagedUploads.id, id))).toEqual([]);
    expect(await stored(row?.imageKey ?? null)).toBe(false);
  });
});

describe("the edit page keeps its values and new screenshot for the retry (no JavaScript)", () => {
  it("comes back from an error with the screenshot kept, and the retry replaces the old one", async () => {
    const created = await create(postForm({ context: `to edit ${newKey()}` }));
    const oldKey = keyOf(created.body.screenshotUrl);
    const tooManyTags = Array.from({ length: 21 }, (_, index) => `tag${index}`).join(", ");
    const failed = await postPage(
      `/connections/${created.body._id}/edit`,
      { context: "Edited context.", tags: tooManyTags },
      { screenshot: testPng("new still") },
    );
    expect(failed.status).toBe(400);
    const html = await failed.text();
    expect(html).toContain("Tags: at most 20 entries.");
    expect(html).toContain("Edited context.");
    const kept = keptIn(html, "keptScreenshot") as string;
    expect(kept).toBeDefined();
    expect(await imageStatus(oldKey)).toBe(200);

    const saved = await postPage(`/connections/${created.body._id}/edit`, {
      context: "Edited context.",
      tags: "fewer",
      keptScreenshot: kept,
    });
    expect(saved.status).toBe(302);
    const edited = (await api(app, "GET", `/connections/${created.body._id}`)).body;
    expect(edited.context).toBe("Edited context.");
    expect(await bytesAt(edited.screenshotUrl)).toEqual(testPng("new still"));
    expect(await imageStatus(oldKey)).toBe(404);
  });

  it("after a failure of the server's own, keeps the values and the screenshot", async () => {
    const created = await create(postForm({ context: `edit failure ${newKey()}` }));
    proxy().loseNext({ match: updatesConnection, loss: "request" });
    const failed = await postPage(
      `/connections/${created.body._id}/edit`,
      { context: "Lost edit.", tags: "kept" },
      { screenshot: testPng("lost edit") },
    );
    expect(proxy().lossesPending()).toBe(0);
    expect(failed.status).toBe(503);
    const html = await failed.text();
    expect(html).toContain("Failed to save changes.");
    expect(html).toContain("Lost edit.");
    expect(keptIn(html, "keptScreenshot")).toBeDefined();
  });
});
