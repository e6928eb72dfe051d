import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";

/** Debian's Chromium, headless, with everything that would phone home switched off (the machine is offline). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install it with "apt-get install -y chromium" (.ci/run does).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Every browser test runs twice: with JavaScript, and without it (every page must work with plain forms). */
export const javaScriptModes = [
  { name: "JavaScript on", javaScriptEnabled: true },
  { name: "JavaScript off", javaScriptEnabled: false },
] as const;
