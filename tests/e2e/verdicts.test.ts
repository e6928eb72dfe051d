import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, javaScriptModes, newVisitor, seededBrowserSuite, signIn } from "../support/browser.ts";
import { api, registerUser } from "../support/http.ts";

const suite = seededBrowserSuite();

async function memberPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
  await signIn(page, suite.app.url);
  return page;
}

/** A fresh adaptation by another member, so each run starts from an empty tally. */
async function freshAdaptation(label: string) {
  const author = await registerUser(suite.app);
  const created = await api(suite.app, "POST", "/connections", {
    token: author.token,
    body: { movieTitle: `Verdict Movie ${label}`, bookTitle: `Verdict Book ${label}`, kind: "adaptation" },
  });
  return created.body._id as string;
}

describe.each(javaScriptModes)("Book or film? ($name)", ({ name, javaScriptEnabled }) => {
  it("votes, changes and withdraws on a card in the feed", async () => {
    const page = await memberPage(javaScriptEnabled);
    const id = await freshAdaptation(name);
    // Everyone's feed: the demo member follows others, so their home opens on Following (decision 031).
    await page.goto(`${suite.app.url}/?kind=adaptation&feed=everyone`);
    if (javaScriptEnabled) await hydrated(page);
    const card = page.locator(`#card-${id}`);
    await card.getByText("Adaptation", { exact: true }).waitFor();
    await card.getByText("0 votes").waitFor();

    await card.getByRole("button", { name: "Film", exact: true }).click();
    await expect
      .poll(() => card.getByRole("button", { name: "Film", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await card.getByText("1 vote", { exact: true }).waitFor();
    await card.getByText("Film 1").waitFor();

    await card.getByRole("button", { name: "Book", exact: true }).click();
    await card.getByText("Book 1").waitFor();
    await card.getByText("Film 0").waitFor();

    await card.getByRole("button", { name: "Withdraw my vote" }).click();
    await card.getByText("0 votes").waitFor();
    // With JavaScript the tally moves before the server answers; the stored tally follows.
    await expect
      .poll(async () => (await api(suite.app, "GET", `/connections/${id}`)).body.verdict)
      .toEqual({ book: 0, film: 0, tie: 0, total: 0, mine: null });
    await page.context().close();
  });

  it("shows visitors the tally and a way to log in to vote", async () => {
    const id = await freshAdaptation(`${name} visitor`);
    const page = await (await newVisitor(suite.browser, { javaScriptEnabled })).newPage();
    await page.goto(`${suite.app.url}/connections/${id}`);
    const card = page.locator(`#card-${id}`);
    await card.getByText("0 votes").waitFor();
    await card.getByRole("link", { name: "Log in to vote" }).click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.context().close();
  });
});
