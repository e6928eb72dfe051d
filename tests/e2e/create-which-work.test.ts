import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/seed/demo-account.ts";
import { javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api } from "../support/http.ts";
import { testPng } from "../support/images.ts";

// The create page's question when a title matches several films (decision 019), with JavaScript and without.
// The seed has Greta Gerwig's "Little Women" (2019); a member adds Gillian Armstrong's (1994) first.

const suite = seededBrowserSuite();
const screenshotFile = join(tmpdir(), `e2e-which-work-${process.pid}.png`);
let armstrongId: string;

beforeAll(async () => {
  writeFileSync(screenshotFile, testPng("which work", { width: 48, height: 27 }));
  const login = await api(suite.app, "POST", "/auth/login", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  const posted = await api(suite.app, "POST", "/connections", {
    token: login.body.token,
    body: {
      movieTitle: "Little Women",
      movieYear: 1994,
      movieDirector: "Gillian Armstrong",
      bookTitle: "Little Women",
      context: "The 1994 one.",
    },
  });
  armstrongId = posted.body.movieRef._id;
});

describe.each(javaScriptModes)("which film a title means ($name)", ({ javaScriptEnabled }) => {
  it("asks, keeps everything typed, and posts with the film picked", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, suite.app.url);
    await page.goto(`${suite.app.url}/create`);
    await page.getByLabel("Movie title").fill("Little Women");
    await page.getByLabel("Book title").fill("Little Women");
    await page.getByLabel("Author").fill("Louisa May Alcott");
    await page.getByLabel("Context").fill("Winona Ryder's Jo.");
    await page.getByLabel("Kind").selectOption("adaptation");
    // The form's field (the live preview's card lists its tags under the same label).
    const tags = page.locator("form.connection-form").getByLabel("Tags");
    await tags.fill("nineties, classic");
    await page.getByLabel("Screenshot").setInputFiles(screenshotFile);
    await page.getByRole("button", { name: "Post connection" }).click();

    const question = page.getByRole("group", { name: "Which film is “Little Women”?" });
    await question.waitFor();
    expect(page.url()).toBe(`${suite.app.url}/create`);
    await expect(question.getByRole("radio").count()).resolves.toBe(3);
    await question.getByText("Greta Gerwig").waitFor();
    await expect(page.getByLabel("Context").inputValue()).resolves.toBe("Winona Ryder's Jo.");
    await expect(tags.inputValue()).resolves.toBe("nineties, classic");
    await expect(page.getByLabel("Kind").inputValue()).resolves.toBe("adaptation");
    await expect(page.getByLabel("Author").inputValue()).resolves.toBe("Louisa May Alcott");
    // The server kept the chosen screenshot for the answer (decision 030), with JavaScript and without: the form
    // names it with a ticked "Keep" box, and its file field is empty, so the answer does not send the file again.
    const keep = page.getByRole("checkbox", { name: /^Keep .+ from your last try$/ });
    await keep.waitFor();
    await expect(keep.isChecked()).resolves.toBe(true);
    await expect
      .poll(() => page.getByLabel("Screenshot").evaluate((input: HTMLInputElement) => input.files?.length))
      .toBe(0);
    await expect(page.getByText("choose them again").count()).resolves.toBe(0);

    await question.getByRole("radio", { name: /\(1994\)/ }).check();
    await Promise.all([
      page.waitForURL(/\/connections\/[0-9a-f]{24}$/),
      page.getByRole("button", { name: "Post connection" }).click(),
    ]);
    await page.getByRole("heading", { name: "Little Women & Little Women" }).waitFor();
    const posted = await api(suite.app, "GET", `/connections/${page.url().split("/").at(-1)}`);
    expect(posted.body).toMatchObject({
      movieRef: { _id: armstrongId, year: 1994 },
      kind: "adaptation",
      tags: ["nineties", "classic"],
      screenshotUrl: expect.stringMatching(/\/images\/screenshots\//),
    });
    const stored = new Uint8Array(await (await fetch(posted.body.screenshotUrl)).arrayBuffer());
    expect(stored).toEqual(testPng("which work", { width: 48, height: 27 }));
    await context.close();
  });
});
