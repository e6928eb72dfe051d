export { catalogFeed, FEED_ENTRIES, FEED_MESSAGES, memberFeed, siteFeed, tagFeed } from "./feeds.ts";
export { robotsTxt } from "./robots.ts";
export { SITEMAP_MESSAGES, SITEMAP_PAGE_SIZE, sitemapIndex, sitemapPage } from "./sitemaps.ts";
