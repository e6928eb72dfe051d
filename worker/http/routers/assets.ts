import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

/** Where the build's files are served from (Vite's default assets directory, named in every page). */
export const BUILD_FILES_PATH = "/assets/";

/**
 * The build's files are served by Workers static assets before the Worker runs, so what reaches it here is a file
 * this build does not have: most often a page loaded before a deploy asking for its own build's scripts (decision
 * 039's addendum of 2026-12-07). It gets a plain 404, not the site's 404 page with its database reads, and nobody
 * keeps it: while a deploy spreads, the file may yet appear.
 */
export const buildFiles = new Hono<AppEnv>().get("/*", (c) =>
  c.text("Not found", 404, { "Cache-Control": "no-store" }),
);
