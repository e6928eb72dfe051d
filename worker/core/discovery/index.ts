export { catalogFeed, FEED_ENTRIES, FEED_PAGES, memberFeed, siteFeed, tagFeed } from "./feeds.ts";
export { robotsTxt } from "./robots.ts";
export { SITEMAP_PAGE_SIZE, sitemapIndex, sitemapPage } from "./sitemaps.ts";
