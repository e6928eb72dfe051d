import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

/**
 * What reaches the Worker under the build's files' path is a file this build does not have: most often a page
 * loaded before a deploy asking for its own build's scripts (decision 039's addendum of 2026-12-07). It gets a plain
 * 404, not the site's 404 page with its database reads, and nobody keeps it: while a deploy spreads, the file may yet
 * appear.
 */
export const buildFiles = new Hono<AppEnv>().all("/*", (c) =>
  c.text("Not found", 404, { "Cache-Control": "no-store" }),
);
