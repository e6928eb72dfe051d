import type { FeedScope } from "../worker/core/rules/index.ts";

/** The home page's tab parameter (API.md "Feeds for members"), and the tab a visitor sees. */
const FEED_PARAM = "feed";
const VISITORS_FEED: FeedScope = "everyone";

/**
 * The login page that brings the visitor back to `back` afterwards: a path on this site with its query and, when
 * given, the fragment to scroll to (`/connections/abc#comments`). The login form keeps it in `redirectTo`, and
 * login and signup end there (`safeRedirect`).
 */
export function loginPath(back: string): string {
  return `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/**
 * A page's path and query with `anchor` as its fragment: where a control on that page sends people back to. A
 * visitor's home is the Everyone feed, while a member's opens on Following once they follow anyone (decision 031), so
 * the way back from the home names the tab the visitor saw, or the card they chose could be missing there.
 */
export function pathAt(location: { pathname: string; search: string }, anchor?: string): string {
  let search = location.search;
  const query = new URLSearchParams(search);
  if (location.pathname === "/" && !query.has(FEED_PARAM)) {
    query.set(FEED_PARAM, VISITORS_FEED);
    search = `?${query}`;
  }
  return `${location.pathname}${search}${anchor ? `#${anchor}` : ""}`;
}
