import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { flashRegion, hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

const suite = seededBrowserSuite();

type Member = Awaited<ReturnType<typeof registerUser>>;

async function memberWithPost(text: string) {
  const member = await registerUser(suite.app);
  await api(suite.app, "POST", "/connections", { token: member.token, body: { context: text } });
  return member;
}

async function loggedIn(member: Member, javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
  await signIn(page, suite.app.url, member);
  return page;
}

/** The feed's first page (the newest connections, where these tests' posts are). */
async function feedShows(page: Page, text: string) {
  await page.goto(`${suite.app.url}/`);
  await page.getByRole("heading", { name: "Your feed", level: 1 }).waitFor();
  return (await page.getByText(text).count()) > 0;
}

describe.each(javaScriptModes)("blocks ($name)", ({ name, javaScriptEnabled }) => {
  it("blocks after a confirmation, hides each member's content from the other, and unblocks from settings", async () => {
    const theirWords = `Words of the one blocked (${name})`;
    const myWords = `Words of the blocker (${name})`;
    const [me, them] = await Promise.all([memberWithPost(myWords), memberWithPost(theirWords)]);
    const page = await loggedIn(me, javaScriptEnabled);
    const theirs = await loggedIn(them, javaScriptEnabled);
    const expectShown = async (viewer: Page, text: string, shown: boolean) => {
      if ((await feedShows(viewer, text)) !== shown) throw new Error(`"${text}" should ${shown ? "" : "not "}show`);
    };
    await expectShown(page, theirWords, true);
    await expectShown(theirs, myWords, true);

    await page.goto(`${suite.app.url}/users/${them._id}`);
    await page.getByText(theirWords).waitFor();
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("link", { name: "Block", exact: true }).click();
    const question = `Block ${them.username}?`;
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: question });
      await dialog.getByText("They won't be able to see your profile").waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("link", { name: "Block", exact: true }).click();
      await dialog.getByRole("button", { name: "Block", exact: true }).click();
    } else {
      await page.waitForURL(`${suite.app.url}/users/${them._id}/block`);
      await page.getByRole("heading", { name: question, level: 1 }).waitFor();
      await page.getByRole("button", { name: "Block", exact: true }).click();
      await page.waitForURL(`${suite.app.url}/users/${them._id}`);
    }
    await page.getByText(`You blocked ${them.username}.`).waitFor();
    if (javaScriptEnabled) {
      // The dialog's opener has gone with the block, so the notice takes the focus.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
        .toContain(`You blocked ${them.username}.`);
    }
    await page.getByText(`You blocked ${them.username}, so their connections are hidden from you.`).waitFor();
    if ((await page.getByText(theirWords).count()) > 0) throw new Error("their connection is still on the profile");

    // Gone both ways: from the blocker's feed, and the blocker's profile and posts from theirs.
    await expectShown(page, theirWords, false);
    await expectShown(theirs, myWords, false);
    await theirs.goto(`${suite.app.url}/users/${me._id}`);
    await theirs.getByText(PROFILE_MESSAGES.hidden).waitFor();

    await page.goto(`${suite.app.url}/settings`);
    const blockedList = page.getByRole("region", { name: "Blocked members" });
    await blockedList.getByText(them.username, { exact: false }).first().waitFor();
    if (javaScriptEnabled) await hydrated(page);
    await blockedList.getByRole("button", { name: "Unblock" }).click();
    await expect.poll(() => flashRegion(page).textContent()).toContain("Unblocked. They can see your profile again");
    if (!javaScriptEnabled) await blockedList.getByText("You haven't blocked anyone.").waitFor();

    await expectShown(page, theirWords, true);
    await expectShown(theirs, myWords, true);
    await page.context().close();
    await theirs.context().close();
  });
});
