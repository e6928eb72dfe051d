import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { hydrated, javaScriptModes, launchBrowser, signIn } from "../support/browser.ts";
import type { PlannedLoss } from "../support/counting-proxy.ts";
import { api } from "../support/http.ts";
import { testPng } from "../support/images.ts";

// The create and edit forms (issue 16, "Create and edit"): what is needed is marked, images are checked before
// they are sent, the card is previewed, a failed save keeps every value and image for the retry (decision 030),
// and the button says the save is on its way. At a phone's and a desktop's size, with JavaScript and without.

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ seed: true, countRoundTrips: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const files = {
  poster: join(tmpdir(), `e2e-forms-poster-${process.pid}.png`),
  still: join(tmpdir(), `e2e-forms-still-${process.pid}.png`),
  notAnImage: join(tmpdir(), `e2e-forms-not-an-image-${process.pid}.txt`),
  tooLarge: join(tmpdir(), `e2e-forms-too-large-${process.pid}.png`),
};
const posterBytes = testPng("form poster", { width: 60, height: 90 });
const stillBytes = testPng("form still", { width: 64, height: 36 });
beforeAll(() => {
  writeFileSync(files.poster, posterBytes);
  writeFileSync(files.still, stillBytes);
  writeFileSync(files.notAnImage, "plain text, not a picture");
  // A PNG's first bytes, then enough to pass 5 MB by one byte: the browser judges the size alone.
  const large = new Uint8Array(5 * 1024 * 1024 + 1);
  large.set(posterBytes.subarray(0, 8));
  writeFileSync(files.tooLarge, large);
});

const viewports = [
  { size: "phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { size: "desktop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;

const modes = viewports.flatMap((size) => javaScriptModes.map((mode) => ({ ...size, ...mode })));

let visitorCounter = 0;
async function memberPage(mode: (typeof modes)[number]) {
  visitorCounter += 1;
  const context = await browser.newContext({
    javaScriptEnabled: mode.javaScriptEnabled,
    viewport: mode.viewport,
    hasTouch: mode.hasTouch,
    isMobile: mode.isMobile,
    extraHTTPHeaders: { "CF-Connecting-IP": `172.17.${(visitorCounter >> 8) & 255}.${visitorCounter & 255}` },
  });
  const page = await context.newPage();
  await signIn(page, app.url);
  return { context, page };
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(app.url + path);
  if (javaScriptEnabled) await hydrated(page);
}

/** The POST requests the page sends from now on. */
function postsFrom(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** The text of the elements that describe a control (`aria-describedby`), as a screen reader hears it. */
const descriptionOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((control) =>
    (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

const insertsConnection: PlannedLoss["match"] = (sql) => sql.some((text) => /^insert into "connections"/i.test(text));
const updatesConnection: PlannedLoss["match"] = (sql) => sql.some((text) => /^update "connections"/i.test(text));

const demoToken = async () =>
  (await api(app, "POST", "/auth/login", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } })).body
    .token as string;

const bytesAt = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

describe.each(modes)("create and edit forms ($size, $name)", (mode) => {
  const { javaScriptEnabled } = mode;

  it("marks the fields the create rule needs, for what, visibly and for screen readers", async () => {
    const { context, page } = await memberPage(mode);
    await open(page, "/create", javaScriptEnabled);
    for (const [label, need] of [
      ["Movie title", "Needed for a connection"],
      ["Book title", "Needed for a connection"],
      ["Context", "Needed for a text-only post"],
    ] as const) {
      const mark = page.locator(".field", { has: page.getByLabel(label, { exact: true }) }).locator(".field__need");
      await expect(mark.textContent()).resolves.toBe(need);
      const box = await mark.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= mode.viewport.width).toBe(true);
      expect(await descriptionOf(page, label)).toContain(need);
      expect(await descriptionOf(page, label)).toContain("a movie title and a book title, or some context");
      await expect(page.getByLabel(label, { exact: true }).getAttribute("required")).resolves.toBeNull();
    }
    await expect(page.locator(".field__need").count()).resolves.toBe(3);

    // A text-only post is its context: on its edit page the context, and nothing else, is required.
    const token = await demoToken();
    const textOnly = await api(app, "POST", "/connections", { token, body: { context: "Only words." } });
    await open(page, `/connections/${textOnly.body._id}/edit`, javaScriptEnabled);
    const context_ = page.getByLabel("Context", { exact: true });
    await expect(context_.getAttribute("required")).resolves.toBe("");
    expect(await descriptionOf(page, "Context")).toContain("Required");
    await expect(page.locator(".field__need").count()).resolves.toBe(1);
    await context.close();
  });

  it("refuses a wrong type and a file over 5 MB with the spec's messages, before sending anything with JavaScript", async () => {
    const { context, page } = await memberPage(mode);
    await open(page, "/create", javaScriptEnabled);
    const posts = postsFrom(page);
    await page.getByLabel("Movie title").fill("Arrival");
    await page.getByLabel("Book title").fill("Story of Your Life");
    const cases = [
      [
        "Movie poster",
        files.notAnImage,
        "Invalid file type for movie poster. Please upload: image/png, image/jpeg, image/gif.",
      ],
      ["Screenshot", files.tooLarge, "File for screenshot is too large. Maximum size is 5MB."],
    ] as const;
    for (const [label, file, message] of cases) {
      await page.getByLabel(label, { exact: true }).setInputFiles(file);
      if (!javaScriptEnabled) {
        await Promise.all([
          page.waitForLoadState("load"),
          page.getByRole("button", { name: "Post connection" }).click(),
        ]);
      }
      // With JavaScript the message is there as soon as the file is chosen; without, the server's page says it.
      await expect.poll(() => page.getByRole("alert").first().textContent()).toBe(message);
      const field = page.getByLabel(label, { exact: true });
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(page.getByLabel("Book title").inputValue()).resolves.toBe("Story of Your Life");
      if (javaScriptEnabled) {
        await page.getByRole("button", { name: "Post connection" }).click();
        await expect.poll(() => page.getByRole("alert").first().textContent()).toBe(message);
        await field.setInputFiles([]);
      }
    }
    expect(posts).toHaveLength(javaScriptEnabled ? 0 : cases.length);
    await context.close();
  });

  it("previews the card as the create and edit forms are filled (with JavaScript)", async () => {
    const { context, page } = await memberPage(mode);
    await open(page, "/create", javaScriptEnabled);
    const preview = page.getByRole("region", { name: "Preview" });
    if (!javaScriptEnabled) {
      await expect(preview.count()).resolves.toBe(0);
      await context.close();
      return;
    }
    await preview.waitFor();
    const form = page.locator("form.connection-form");
    await form.getByLabel("Movie title").fill("Arrival");
    await form.getByLabel("Book title").fill("Story of Your Life");
    await form.getByLabel("Director").fill("Denis Villeneuve");
    await form.getByLabel("Context").fill("Time, told in circles.");
    await form.getByLabel("Tags").fill("First Contact, language");
    await form.getByLabel("Kind").selectOption("adaptation");
    await form.getByLabel("Movie poster").setInputFiles(files.poster);
    const card = preview.locator("article.card");
    // The preview is redrawn on the frame after a change: once the last change (the poster) shows, so do the ones
    // before it.
    await expect
      .poll(() =>
        card
          .locator(".card__poster img")
          .first()
          .evaluate((image: HTMLImageElement) => image.src.startsWith("blob:") && image.complete && image.naturalWidth),
      )
      .toBe(60);
    await expect(card.locator(".card__title").textContent()).resolves.toBe("Arrival & Story of Your Life");
    await expect(card.locator(".card__context").textContent()).resolves.toBe("Time, told in circles.");
    await expect(card.locator(".tags li").allTextContents()).resolves.toEqual(["#first contact", "#language"]);
    await expect(card.locator(".kind-label").textContent()).resolves.toBe("Adaptation");
    await expect(card.getByText("Denis Villeneuve").count()).resolves.toBe(1);
    // A picture of the post, not a second form: nothing in it can be focused or clicked.
    await expect(preview.locator("[inert]").count()).resolves.toBe(1);

    // The edit page previews the card as the edit will leave it.
    const token = await demoToken();
    const body = new FormData();
    for (const [name, value] of Object.entries({ movieTitle: "Solaris", bookTitle: "Solaris", context: "As it was." }))
      body.set(name, value);
    body.set("screenshot", new File([stillBytes as BlobPart], "still.png", { type: "image/png" }));
    const created = await api(app, "POST", "/connections", { token, body });
    await open(page, `/connections/${created.body._id}/edit`, javaScriptEnabled);
    const edited = page.getByRole("region", { name: "Preview" }).locator("article.card");
    await expect.poll(() => edited.locator(".card__context").textContent()).toBe("As it was.");
    await expect(edited.locator(".card__screenshot").count()).resolves.toBe(1);
    const editForm = page.locator("form.connection-form");
    await editForm.getByLabel("Context").fill("As it will be.");
    await editForm.getByLabel("Tags").fill("ocean, memory");
    await editForm.getByLabel("Book author").fill("Stanisław Lem");
    await editForm.getByLabel("Remove screenshot").check();
    await expect.poll(() => edited.locator(".card__screenshot").count()).toBe(0);
    await expect(edited.locator(".card__context").textContent()).resolves.toBe("As it will be.");
    await expect(edited.locator(".tags li").allTextContents()).resolves.toEqual(["#ocean", "#memory"]);
    await expect(edited.getByText("Stanisław Lem").count()).resolves.toBe(1);
    await context.close();
  });

  it("keeps every value and image after a failure of the server's own, and the retry posts once", async () => {
    const { context, page } = await memberPage(mode);
    await open(page, "/create", javaScriptEnabled);
    // The form's fields (the preview's card has a list labelled "Tags" too).
    const form = page.locator("form.connection-form");
    const title = `Kept ${mode.size} ${javaScriptEnabled ? "js" : "no js"}`;
    await form.getByLabel("Movie title").fill(title);
    await form.getByLabel("Book title").fill("Story of Your Life");
    await form.getByLabel("Context").fill("Everything stays.");
    await form.getByLabel("Tags").fill("kept, values");
    await form.getByLabel("Kind").selectOption("theme");
    await form.getByLabel("Movie poster").setInputFiles(files.poster);
    await form.getByLabel("Screenshot").setInputFiles(files.still);

    app.roundTrips?.loseNext({ match: insertsConnection, loss: "request" });
    await page.getByRole("button", { name: "Post connection" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to create connection." }).waitFor();
    expect(app.roundTrips?.lossesPending()).toBe(0);
    expect(page.url()).toBe(`${app.url}/create`);
    await expect(form.getByLabel("Movie title").inputValue()).resolves.toBe(title);
    await expect(form.getByLabel("Context").inputValue()).resolves.toBe("Everything stays.");
    await expect(form.getByLabel("Tags").inputValue()).resolves.toBe("kept, values");
    await expect(form.getByLabel("Kind").inputValue()).resolves.toBe("theme");
    const kept = page.getByRole("checkbox", { name: /^Keep .+ from your last try$/ });
    await expect.poll(() => kept.count()).toBe(2);
    for (const box of await kept.all()) await expect(box.isChecked()).resolves.toBe(true);
    await expect
      .poll(() =>
        page
          .locator(".kept-image img")
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(60);
    await expect(page.getByText("choose them again").count()).resolves.toBe(0);
    // The files are not sent again: their fields are empty, the kept images named instead.
    for (const label of ["Movie poster", "Screenshot"]) {
      await expect(
        form.getByLabel(label, { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length ?? 0),
      ).resolves.toBe(0);
    }

    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Post connection" }).click(),
    ]);
    const posted = (await api(app, "GET", `/connections/${page.url().split("/").at(-1)}`)).body;
    expect(posted).toMatchObject({ context: "Everything stays.", kind: "theme", tags: ["kept", "values"] });
    expect(await bytesAt(posted.moviePosterUrl)).toEqual(posterBytes);
    expect(await bytesAt(posted.screenshotUrl)).toEqual(stillBytes);
    const mine = await api(app, "GET", `/connections/search?q=${encodeURIComponent(title)}`);
    expect(mine.body.connections).toHaveLength(1);
    await context.close();
  });

  it("keeps the edit form's values and new screenshot after a failure, and the retry saves them", async () => {
    const token = await demoToken();
    const created = await api(app, "POST", "/connections", {
      token,
      body: { movieTitle: "Stalker", bookTitle: "Roadside Picnic", context: "Before the edit." },
    });
    const { context, page } = await memberPage(mode);
    await open(page, `/connections/${created.body._id}/edit`, javaScriptEnabled);
    // The form's fields (the preview's card lists its tags under the same label).
    const form = page.locator("form.connection-form");
    await form.getByLabel("Context").fill("After the edit.");
    await form.getByLabel("Tags").fill("zone");
    await form.getByLabel("Screenshot").setInputFiles(files.still);

    app.roundTrips?.loseNext({ match: updatesConnection, loss: "request" });
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to save changes." }).waitFor();
    expect(app.roundTrips?.lossesPending()).toBe(0);
    await expect(form.getByLabel("Context").inputValue()).resolves.toBe("After the edit.");
    await expect(form.getByLabel("Tags").inputValue()).resolves.toBe("zone");
    await page.getByRole("checkbox", { name: /^Keep .+ from your last try$/ }).waitFor();

    await Promise.all([
      page.waitForURL(`${app.url}/connections/${created.body._id}`),
      page.getByRole("button", { name: "Save changes" }).click(),
    ]);
    const edited = (await api(app, "GET", `/connections/${created.body._id}`)).body;
    expect(edited).toMatchObject({ context: "After the edit.", tags: ["zone"] });
    expect(await bytesAt(edited.screenshotUrl)).toEqual(stillBytes);
    await context.close();
  });

  it("says the save is on its way while it is (with JavaScript)", async () => {
    const { context, page } = await memberPage(mode);
    await open(page, "/create", javaScriptEnabled);
    await page.getByLabel("Context").fill(`Pending ${mode.size} ${mode.name}`);
    const button = page.getByRole("button", { name: "Post connection" });
    if (!javaScriptEnabled) {
      // Without JavaScript the browser shows its own progress; the button is a plain submit button.
      await expect(button.isDisabled()).resolves.toBe(false);
      await Promise.all([page.waitForURL(/\/connections\/[0-9a-f]{24}$/), button.click()]);
      await context.close();
      return;
    }
    // The form's post is held until the button has been looked at.
    const hold = await holdPosts(page, /\/create(\.data)?(\?.*)?$/);
    await button.click();
    const pending = page.locator("form.connection-form button[type=submit]");
    await expect.poll(() => pending.textContent()).toBe("Posting…");
    await expect(pending.isDisabled()).resolves.toBe(true);
    await expect(page.locator("form.connection-form").getAttribute("aria-busy")).resolves.toBe("true");
    hold.release();
    await page.waitForURL(/\/connections\/[0-9a-f]{24}$/);

    await open(page, `${new URL(page.url()).pathname}/edit`, javaScriptEnabled);
    await page.getByLabel("Context").fill(`Pending edit ${mode.size}`);
    const holdEdit = await holdPosts(page, /\/edit(\.data)?(\?.*)?$/);
    await page.getByRole("button", { name: "Save changes" }).click();
    const saving = page.locator("form.connection-form button[type=submit]");
    await expect.poll(() => saving.textContent()).toBe("Saving…");
    await expect(saving.isDisabled()).resolves.toBe(true);
    holdEdit.release();
    await page.waitForURL(/\/connections\/[0-9a-f]{24}$/);
    await context.close();
  });
});

/** Holds the page's POSTs to URLs matching `pattern` until `release` is called. */
async function holdPosts(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return { release: () => release() };
}
