import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";
import { testPng } from "../support/images.ts";

const suite = seededBrowserSuite();

/** A size no default image has, so the profile is seen showing the uploaded picture. */
const PICTURE_SIZE = { width: 48, height: 48 };
const pictureFile = join(tmpdir(), `e2e-avatar-${process.pid}.png`);
beforeAll(async () => {
  writeFileSync(pictureFile, testPng("e2e picture", PICTURE_SIZE));
});

async function logInAsNewMember(
  javaScriptEnabled: boolean,
): Promise<{ page: Page; member: Awaited<ReturnType<typeof registerUser>> }> {
  const member = await registerUser(suite.app);
  const context = await newVisitor(suite.browser, { javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, suite.app.url, member);
  return { page, member };
}

describe.each(javaScriptModes)("people ($name)", ({ javaScriptEnabled }) => {
  it("follows and unfollows a member from their profile, with the count following along", async () => {
    const { page } = await logInAsNewMember(javaScriptEnabled);
    const other = await registerUser(suite.app);
    await page.goto(`${suite.app.url}/users/${other._id}`);
    await page.getByText("0 followers").waitFor();
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await page.getByRole("button", { name: "Unfollow" }).waitFor();
    await page.getByText("1 follower", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Unfollow" }).click();
    await page.getByRole("button", { name: "Follow", exact: true }).waitFor();
    await page.getByText("0 followers").waitFor();
    await page.context().close();
  });

  it("asks to follow a private member, who accepts, and then sees their connections", async () => {
    const owner = await registerUser(suite.app);
    await api(suite.app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    await api(suite.app, "POST", "/connections", { token: owner.token, body: { context: "For approved eyes only" } });

    const { page: fan } = await logInAsNewMember(javaScriptEnabled);
    await fan.goto(`${suite.app.url}/users/${owner._id}`);
    await fan.getByText(PROFILE_MESSAGES.hidden).waitFor();
    if (javaScriptEnabled) await hydrated(fan);
    await fan.getByRole("button", { name: "Follow", exact: true }).click();
    await fan.getByRole("button", { name: "Requested" }).waitFor();
    await fan.getByText("Your follow request is waiting for").waitFor();
    await fan.getByText("0 followers").waitFor();

    const ownerPage = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
    await signIn(ownerPage, suite.app.url, owner);
    await ownerPage
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("link", { name: /Follow requests/ })
      .click();
    await ownerPage.getByRole("heading", { name: "Follow requests", level: 1 }).waitFor();
    if (javaScriptEnabled) await hydrated(ownerPage);
    await ownerPage.getByRole("button", { name: "Accept" }).click();
    await ownerPage.getByText("Request accepted.").waitFor();
    await ownerPage.getByText("No pending follow requests.").waitFor();
    await expect.poll(() => ownerPage.locator("aside .nav-badge").count()).toBe(0);

    await fan.goto(`${suite.app.url}/users/${owner._id}`);
    await fan.getByText("For approved eyes only").waitFor();
    await fan.getByRole("button", { name: "Unfollow" }).waitFor();
    await fan.getByText("1 follower", { exact: true }).waitFor();
    await ownerPage.context().close();
    await fan.context().close();
  });

  it("declines a follow request: the requester can ask again and still sees nothing", async () => {
    const owner = await registerUser(suite.app);
    await api(suite.app, "PUT", "/users/profile", { token: owner.token, body: { isPrivate: true } });
    await api(suite.app, "POST", "/connections", { token: owner.token, body: { context: "Still for approved eyes" } });
    const fan = await registerUser(suite.app);
    expect((await api(suite.app, "POST", `/follows/${owner._id}`, { token: fan.token })).status).toBe(202);

    const ownerPage = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
    await signIn(ownerPage, suite.app.url, owner);
    await ownerPage.goto(`${suite.app.url}/follow-requests`);
    if (javaScriptEnabled) await hydrated(ownerPage);
    await ownerPage.getByRole("button", { name: "Decline" }).click();
    await ownerPage.getByText("Request declined.").waitFor();
    await ownerPage.getByText("No pending follow requests.").waitFor();

    const status = await api(suite.app, "GET", `/follows/is-following/${owner._id}`, { token: fan.token });
    expect(status.body).toMatchObject({ isFollowing: false, requested: false });
    const theirs = await api(suite.app, "GET", `/users/${owner._id}/connections`, { token: fan.token });
    expect(theirs.status).toBe(404);
    await ownerPage.context().close();
  });

  it("edits the profile with a new picture and lands on the profile", async () => {
    const { page } = await logInAsNewMember(javaScriptEnabled);
    await page.goto(`${suite.app.url}/profile/edit`);
    await page.getByLabel("Display name").fill("Edited Person");
    await page.getByLabel("Bio").fill("Changed in a real browser.");
    await page.getByLabel("Profile picture").setInputFiles(pictureFile);
    await Promise.all([
      page.waitForURL(`${suite.app.url}/users`),
      page.getByRole("button", { name: "Save profile" }).click(),
    ]);
    await page.getByRole("heading", { name: "Edited Person", level: 1 }).waitFor();
    await page.getByText("Changed in a real browser.").waitFor();
    const picture = page.locator(".profile__avatar");
    await expect.poll(() => picture.getAttribute("src")).toMatch(/\/images\/avatars\//);
    // Shown from one of its WebP copies (decision 036), which keep the upload's shape.
    await expect
      .poll(() =>
        picture.evaluate((image: HTMLImageElement) => ({
          copy: /\/images\/avatars\/[0-9a-f]{24}\.png\/\d+\.webp$/.test(image.currentSrc),
          loaded: image.complete && image.naturalWidth > 0 && image.naturalWidth === image.naturalHeight,
        })),
      )
      .toEqual({ copy: true, loaded: true });
    await page.context().close();
  });
});
