import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { postForm } from "../support/http.ts";

// The theme cookie (decision 035): the server renders the choice on <html>; without it the CSS follows the system.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const htmlTag = async (cookie?: string) => {
  const html = await (await fetch(`${app.url}/about`, { headers: cookie ? { Cookie: cookie } : {} })).text();
  return /<html[^>]*>/.exec(html)?.[0];
};

describe("the theme", () => {
  it("is pinned on <html> by the cookie, and left to the system without one (or with a bad one)", async () => {
    expect(await htmlTag("theme=dark")).toBe('<html lang="en" data-theme="dark">');
    expect(await htmlTag("theme=light")).toBe('<html lang="en" data-theme="light">');
    for (const cookie of [undefined, "theme=system", "theme=purple", "theme="]) {
      expect(await htmlTag(cookie), String(cookie)).toBe('<html lang="en">');
    }
  });

  it("is chosen by a form post that keeps it for a year and goes back to the page", async () => {
    const dark = await postForm(app, "/theme", { theme: "dark", redirectTo: "/help", via: "form" });
    expect(dark.status).toBe(302);
    expect(dark.headers.get("location")).toBe("/help");
    expect(dark.headers.getSetCookie()).toEqual([
      "theme=dark; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
    const system = await postForm(app, "/theme", { theme: "system", redirectTo: "/help", via: "form" });
    expect(system.headers.getSetCookie()).toEqual(["theme=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"]);
    // Only local paths: anything else goes home.
    const away = await postForm(app, "/theme", { theme: "light", redirectTo: "//evil.example/", via: "form" });
    expect(away.headers.get("location")).toBe("/");
  });

  it("answers the switch's fetcher with data, and a value it does not know with 400", async () => {
    const fetched = await postForm(app, "/theme", { theme: "light", via: "fetcher" });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual({ ok: true });
    expect(fetched.headers.getSetCookie()[0]).toMatch(/^theme=light;/);
    const bad = await postForm(app, "/theme", { theme: "sepia", via: "form" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: "Choose System, Light or Dark." });
    expect(bad.headers.getSetCookie()).toEqual([]);
  });

  it("offers the switch in every page's footer, with the current choice pressed", async () => {
    const html = await (await fetch(`${app.url}/about`, { headers: { Cookie: "theme=dark" } })).text();
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
    expect(footer).toMatch(/<form class="theme-switch"[^>]*action="\/theme" method="post"/);
    expect(footer).toContain('<input type="hidden" name="redirectTo" value="/about"/>');
    expect(footer).toContain('<button type="submit" value="dark" aria-pressed="true" name="theme">Dark</button>');
    expect(footer).toContain('<button type="submit" value="system" aria-pressed="false" name="theme">System</button>');
    expect(footer).toContain("<legend>Theme</legend>");
  });
});
