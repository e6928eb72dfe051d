import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import {
  catalogFeed,
  memberFeed,
  robotsTxt,
  siteFeed,
  sitemapIndex,
  sitemapPage,
  tagFeed,
} from "../../core/discovery/index.ts";
import { AppError } from "../../core/errors.ts";

/**
 * Feeds and sitemaps carry only what any visitor may see, so shared caches may keep them for a while; five
 * minutes keeps a new post's wait short.
 */
const PUBLIC_SHORT = "public, max-age=300";

const ATOM = "application/atom+xml; charset=utf-8";
const XML = "application/xml; charset=utf-8";

function answer(c: Context<AppEnv>, body: string, type: string) {
  return c.body(body, 200, { "Content-Type": type, "Cache-Control": PUBLIC_SHORT });
}

/**
 * The files outside `/api` that crawlers and feed readers ask for (API.md "For other clients and the open
 * web"): robots.txt, the sitemap index and its pages, and the Atom feeds, the same for everyone (the core reads
 * them as a visitor, whoever asks).
 */
export const discovery = new Hono<AppEnv>()
  .get("/robots.txt", (c) => c.text(robotsTxt(c.var.services.origin), 200, { "Cache-Control": PUBLIC_SHORT }))
  .get("/sitemap.xml", async (c) => answer(c, await sitemapIndex(c.var.services), XML))
  .get("/sitemaps/:file", async (c) => answer(c, await sitemapPage(c.var.services, c.req.param("file")), XML))
  .get("/feed.xml", async (c) => answer(c, await siteFeed(c.var.services, c.req.query("page")), ATOM))
  .get("/tags/:tag/feed.xml", async (c) =>
    answer(c, await tagFeed(c.var.services, c.req.param("tag"), c.req.query("page")), ATOM),
  )
  .get("/users/:userId/feed.xml", async (c) =>
    answer(c, await memberFeed(c.var.services, c.req.param("userId"), c.req.query("page")), ATOM),
  )
  .get("/movies/:movieId/feed.xml", async (c) =>
    answer(c, await catalogFeed(c.var.services, "movie", c.req.param("movieId"), c.req.query("page")), ATOM),
  )
  .get("/books/:bookId/feed.xml", async (c) =>
    answer(c, await catalogFeed(c.var.services, "book", c.req.param("bookId"), c.req.query("page")), ATOM),
  )
  .onError((error, c) => {
    // A feed or sitemap that does not exist is a plain 404 with its reason; an outage or a bug is the app's to answer.
    if (error instanceof AppError && !c.var.services.databaseUnreachable()) return c.text(error.message, error.status);
    throw error;
  });
