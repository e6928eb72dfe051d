/**
 * Takes full-page screenshots of a running site with Debian's Chromium, for looking at what you build.
 * Usage: npm run screenshot -- [--no-js] [--mobile] [--top] [--login email:password] <url-or-path>...
 * (saved to /tmp/screens/; --top captures only the first screen).
 */
import { mkdirSync } from "node:fs";
import { launchBrowser } from "../tests/support/browser.ts";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const loginIndex = args.indexOf("--login");
const login = loginIndex >= 0 ? args[loginIndex + 1] : undefined;
const targets = args.filter(
  (arg, index) => (!arg.startsWith("--") && index !== loginIndex + 1) || (loginIndex < 0 && !arg.startsWith("--")),
);
const base = process.env.SITE_URL ?? "http://127.0.0.1:5173";

mkdirSync("/tmp/screens", { recursive: true });
const browser = await launchBrowser();
const context = await browser.newContext({
  javaScriptEnabled: !flag("--no-js"),
  viewport: flag("--mobile") ? { width: 390, height: 844 } : { width: 1280, height: 900 },
});
const page = await context.newPage();
if (login) {
  const [email, password] = login.split(":");
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email ?? "");
  await page.getByLabel("Password", { exact: true }).fill(password ?? "");
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/login"),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
}
for (const target of targets) {
  const url = target.startsWith("http") ? target : base + target;
  const response = await page.goto(url);
  const file = `/tmp/screens/${target.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}${flag("--mobile") ? "-mobile" : ""}.png`;
  // Lazy images load near the viewport: scroll through the page first so the full-page capture shows them. Without
  // JavaScript the browser loads them all at once (and the page's timers never fire, so the scroll would hang).
  if (!flag("--no-js"))
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
  await page.screenshot({ path: file, fullPage: !flag("--top") });
  console.log(`${response?.status()} ${url} -> ${file}`);
}
await browser.close();
