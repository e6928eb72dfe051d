import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestUpdate } from "../../app/updates.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, postForm, registerUser } from "../support/http.ts";

let app: TestApp;
let member: Awaited<ReturnType<typeof registerUser>>;
let memberCookie: string;
beforeAll(async () => {
  app = await startTestApp();
  member = await registerUser(app);
  memberCookie = cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));
  const created = await api(app, "POST", "/connections", {
    token: member.token,
    body: { context: "x", tags: "alpha" },
  });
  expect(created.status).toBe(201);
});
afterAll(() => app?.close());

/** The page as a browser without JavaScript gets it; React's `<!-- -->` text separators are left out, apostrophes decoded. */
async function page(path: string, cookie?: string) {
  const response = await fetch(app.url + path, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

function sidebarOf(html: string): string | null {
  return html.match(/<aside[^>]*aria-label="Sidebar"[^>]*>[\s\S]*?<\/aside>/)?.[0] ?? null;
}

/** The link texts of a piece of HTML, in order. */
function linkTexts(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, "").trim());
}

function bannerOf(html: string): string | null {
  return html.match(/<section[^>]*aria-labelledby="whats-new-label"[\s\S]*?<\/section>/)?.[0] ?? null;
}

describe("the sidebar", () => {
  it("is not there for visitors, and neither is its toggle", async () => {
    for (const path of ["/", "/about", "/all-users"]) {
      const html = await page(path);
      expect(sidebarOf(html), path).toBeNull();
      expect(html, path).not.toContain("sidebar-toggle");
      expect(html, path).not.toContain('class="sidebar');
      // The header's menu toggle is the visitors' (no-JavaScript form: a checkbox and its label).
      expect(html, path).toMatch(/<input type="checkbox" id="menu-toggle"[^>]*aria-controls="main-nav"/);
      expect(html, path).toMatch(/<label for="menu-toggle" class="menu-toggle">[\s\S]*?Menu<\/label>/);
      expect(html, path).not.toContain("header-bell");
    }
  });

  it("shows members their name, their content, all users, popular tags and the site's pages", async () => {
    const html = await page("/about", memberCookie);
    const sidebar = sidebarOf(html);
    expect(sidebar).not.toBeNull();
    expect(sidebar).toMatch(new RegExp(`<a[^>]*href="/users"[^>]*>[\\s\\S]*?${member.username}[\\s\\S]*?</a>`));
    const texts = linkTexts(sidebar!);
    expect(texts.slice(1)).toEqual([
      // The header's links, shown in the drawer on phones (one menu there, decision 035).
      "Feed",
      "+ Add New",
      "Notifications",
      "My Profile",
      "My Connections",
      "My Favorites",
      "All Public Users",
      "Settings",
      "#alpha 1",
      "Home",
      "About",
      "Help / FAQ",
      "Updates",
    ]);
    expect(sidebar).toMatch(/href="\/users"[^>]*>My Connections</);
    expect(sidebar).toMatch(/href="\/users#favorites"[^>]*>My Favorites</);
    expect(sidebar).toMatch(/href="\/all-users"[^>]*>All Public Users</);
    expect(sidebar).toMatch(/href="\/settings"[^>]*>Settings</);
    expect(sidebar).toMatch(/href="\/\?tags=alpha"/);
    expect(sidebar).toMatch(/href="\/help"[^>]*>Help \/ FAQ</);
    expect(sidebar).toMatch(/<h2[^>]*>Your Content<\/h2>/);
    // Popular Tags: a <details> open by default.
    expect(sidebar).toMatch(/<details class="panel" open="">\s*<summary><h2[^>]*>Popular Tags<\/h2>/);
    // The page being shown is marked in the sidebar.
    expect(sidebar).toMatch(/<a aria-current="page"[^>]*href="\/about"/);
  });

  it("has a toggle in the member's header that works without JavaScript, the only one (decision 035)", async () => {
    const html = await page("/about", memberCookie);
    expect(html).toMatch(
      /<input type="checkbox" id="sidebar-toggle"[^>]*aria-label="Sidebar"[^>]*aria-controls="sidebar"/,
    );
    const header = html.match(/<header[\s\S]*?<\/header>/)![0];
    expect(header).toMatch(/<label for="sidebar-toggle" class="icon-button sidebar-toggle"/);
    // Named Sidebar on wide screens and Menu on phones (the stylesheet shows one name).
    expect(header).toMatch(
      /sidebar-toggle__wide">Sidebar<\/span><span class="visually-hidden sidebar-toggle__narrow">Menu</,
    );
    expect(header).not.toContain("menu-toggle");
    // The drawer ends the session too, as the header's links do.
    expect(sidebarOf(html)).toMatch(/<form[^>]*action="\/logout" method="post"[\s\S]*?>Logout<\/button>/);
    // The checkbox comes before the frame holding the sidebar, so `:checked ~ .shell` can reach it.
    expect(html.indexOf('id="sidebar-toggle"')).toBeLessThan(html.indexOf('class="shell shell--sidebar"'));
  });

  it("says so when there are no tags yet, and when they could not be loaded", async () => {
    await app.db.run(sql`ALTER TABLE tag_counts RENAME TO tag_counts_away`);
    try {
      const logged = app.errorsLogged.length;
      const sidebar = sidebarOf(await page("/about", memberCookie));
      expect(sidebar).toContain("Could not load tags.");
      expect(sidebar).toContain("My Connections");
      // A failure of the server's own is logged; only the session check's refusals are quiet (decision 040).
      await expect
        .poll(() => app.errorsLogged.slice(logged).join("\n"))
        .toContain("Could not load the sidebar's popular tags");
    } finally {
      await app.db.run(sql`ALTER TABLE tag_counts_away RENAME TO tag_counts`);
    }
    const fresh = await startTestApp();
    try {
      const newcomer = await registerUser(fresh);
      const cookie = cookieFrom(
        await postForm(fresh, "/login", { email: newcomer.email, password: newcomer.password }),
      );
      const html = (await (await fetch(`${fresh.url}/about`, { headers: { Cookie: cookie } })).text()).replaceAll(
        "<!-- -->",
        "",
      );
      expect(sidebarOf(html)).toContain("No popular tags found yet.");
    } finally {
      await fresh.close();
    }
  });
});

describe("the What's New banner", () => {
  it("shows the newest update batch's title as a link to /updates, and a labelled dismiss form", async () => {
    const html = await page("/about");
    const banner = bannerOf(html);
    expect(banner).not.toBeNull();
    expect(banner).toMatch(/id="whats-new-label"[^>]*>What's New</);
    expect(banner).toMatch(
      new RegExp(
        `<a(?=[^>]*\\baria-label="${latestUpdate.title.replace(/[()]/g, "\\$&")}: see all updates")(?=[^>]*\\bhref="/updates")[^>]*>${latestUpdate.title.replace(/[()]/g, "\\$&")}</a>`,
      ),
    );
    expect(banner).toMatch(/<form[^>]*action="\/whats-new\/dismiss" method="post"/);
    expect(banner).toContain(`name="batchId" value="${latestUpdate.id}"`);
    expect(banner).toContain('name="redirectTo" value="/about"');
    expect(banner).toMatch(
      /<button type="submit"[^>]*><span aria-hidden="true">✕<\/span><span class="visually-hidden">Dismiss What's New<\/span><\/button>/,
    );
    // One line under the header, before the page: in the flow, so it covers nothing (decision 035).
    expect(html.indexOf("</header>")).toBeLessThan(html.indexOf('aria-labelledby="whats-new-label"'));
    expect(html.indexOf('aria-labelledby="whats-new-label"')).toBeLessThan(html.indexOf("<main"));
  });

  it("is gone once POST /whats-new/dismiss has set the cookie, and comes back without it", async () => {
    const response = await postForm(app, "/whats-new/dismiss", {
      batchId: latestUpdate.id,
      redirectTo: "/help?x=1",
      via: "form",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/help?x=1");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(new RegExp(`^dismissedUpdateBatchId=${latestUpdate.id}; `));
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Max-Age=31536000");
    expect(setCookie).not.toMatch(/HttpOnly/i);
    const cookie = cookieFrom(response);

    for (const path of ["/help?x=1", "/about", "/updates"]) expect(bannerOf(await page(path, cookie)), path).toBeNull();
    expect(bannerOf(await page("/about", `${memberCookie}; ${cookie}`))).toBeNull();
    expect(bannerOf(await page("/about", memberCookie))).not.toBeNull();
  });

  it("still shows the current batch to someone who dismissed an older one", async () => {
    const older = "dismissedUpdateBatchId=2025-01-preview";
    expect(bannerOf(await page("/about", older))).not.toBeNull();
    // A dismissal naming no real batch stores nothing.
    const response = await postForm(app, "/whats-new/dismiss", { batchId: "2025-01-preview", redirectTo: "/about" });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers the banner's fetcher with JSON and the same cookie", async () => {
    const response = await postForm(app, "/whats-new/dismiss", {
      batchId: latestUpdate.id,
      redirectTo: "/",
      via: "fetcher",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(cookieFrom(response)).toBe(`dismissedUpdateBatchId=${latestUpdate.id}`);
  });

  it("only goes back to local paths, refuses cross-site posts, and sends a plain visit to /updates", async () => {
    const away = await postForm(app, "/whats-new/dismiss", {
      batchId: latestUpdate.id,
      redirectTo: "//evil.example/x",
    });
    expect(away.headers.get("location")).toBe("/");
    const crossSite = await postForm(
      app,
      "/whats-new/dismiss",
      { batchId: latestUpdate.id, redirectTo: "/" },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
    const visit = await fetch(`${app.url}/whats-new/dismiss`, { redirect: "manual" });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/updates");
  });
});
