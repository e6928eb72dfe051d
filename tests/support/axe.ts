import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The page's WCAG 2.1 A and AA violations by axe-core (or those of `rules` only), as it is now, one line each. The
 * page's context needs `bypassCSP`, so axe can be injected (the site's own CSP is tested in the integration suite).
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  // While a navigation or form post is pending the page is dimmed (aria-busy), which no contrast check would pass:
  // the audit is of the page once it has settled, as the member reads it.
  await page.locator('.page[aria-busy="true"]').waitFor({ state: "detached" });
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (rules) => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe.run(document, {
      // Only violations are asked for; axe then skips describing every node that passed, most of its work.
      resultTypes: ["violations"],
      runOnly: rules
        ? { type: "rule", values: rules }
        : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  }, rules);
}
