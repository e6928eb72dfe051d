import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../worker/core/auth/index.ts";
import { CONNECTION_MESSAGES } from "../../worker/core/connections/index.ts";
import { PROFILE_MESSAGES } from "../../worker/core/people/index.ts";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";

const suite = seededBrowserSuite();

const notAnImage = join(tmpdir(), `e2e-not-an-image-${process.pid}.txt`);
beforeAll(() => writeFileSync(notAnImage, "plain text, not a picture"));

/** Counts the form posts a page sends from now on. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** The one alert on the page, and whether the control labelled `label` is the invalid field it describes. */
async function expectErrorAt(page: Page, label: string, message: string) {
  await expect.poll(() => page.getByRole("alert").textContent()).toBe(message);
  const field = page.getByLabel(label, { exact: true });
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const alertId = await page.getByRole("alert").getAttribute("id");
  expect((await field.getAttribute("aria-describedby"))?.split(" ")).toContain(alertId);
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
}

describe.each(javaScriptModes)("form rules ($name)", ({ javaScriptEnabled }) => {
  const sentWhenInvalid = javaScriptEnabled ? 0 : 1;

  it("signup shows the first broken rule at its field, before sending with JavaScript", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/signup`);
    if (javaScriptEnabled) await hydrated(page);
    const posts = countPosts(page);
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret99");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Sign Up" }).click()]);
    await expectErrorAt(page, "Username", AUTH_MESSAGES.usernameLength);
    expect(posts).toHaveLength(sentWhenInvalid);

    await page.getByLabel("Username").fill("form_rules_reader");
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm Password").fill("secret99");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Sign Up" }).click()]);
    await expectErrorAt(page, "Confirm Password", AUTH_MESSAGES.passwordsDiffer);
    expect(posts).toHaveLength(2 * sentWhenInvalid);
    await context.close();
  });

  it("a new connection and a profile picture are checked the same way", async () => {
    const context = await newVisitor(suite.browser, { javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, suite.app.url);
    await page.goto(`${suite.app.url}/create`);
    if (javaScriptEnabled) await hydrated(page);
    const posts = countPosts(page);
    await page.getByLabel("Movie title").fill("Only a movie");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Post connection" }).click()]);
    await expectErrorAt(page, "Book title", CONNECTION_MESSAGES.needTitlesOrContext);
    expect(posts).toHaveLength(sentWhenInvalid);

    await page.goto(`${suite.app.url}/profile/edit`);
    if (javaScriptEnabled) await hydrated(page);
    await page.getByLabel("Profile picture").setInputFiles(notAnImage);
    if (!javaScriptEnabled) {
      await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Save profile" }).click()]);
    }
    await expectErrorAt(page, "Profile picture", PROFILE_MESSAGES.notAnImage);
    expect(posts).toHaveLength(2 * sentWhenInvalid);
    await context.close();
  });
});
