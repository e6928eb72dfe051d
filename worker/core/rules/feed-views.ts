/**
 * Which connections a feed lists and in what order (API.md "Feeds for members", decision 031), shared by the API,
 * the home page's loader and its tabs: `feed` and `sort` in the URL, beside the filters and the page.
 */
export const FEED_SCOPES = ["following", "everyone"] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

export const FEED_SORTS = ["newest", "top", "discussed"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** The tabs and sort choices as the home page names them. */
export const FEED_SCOPE_LABELS: Record<FeedScope, string> = { following: "Following", everyone: "Everyone" };
export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  newest: "Newest",
  top: "Top this week",
  discussed: "Most discussed",
};

/** "This week" for the `top` and `discussed` sorts: likes or comments of the last 7 days, counted to the millisecond. */
export const TRENDING_DAYS = 7;
export const TRENDING_WINDOW_MS = TRENDING_DAYS * 86_400_000;

export const FEED_VIEW_MESSAGES = {
  unknownFeed: 'Unknown feed. Use "following" or "everyone".',
  unknownSort: 'Unknown sort. Use "newest", "top" or "discussed".',
} as const;

export const isFeedScope = (value: string): value is FeedScope => (FEED_SCOPES as readonly string[]).includes(value);
export const isFeedSort = (value: string): value is FeedSort => (FEED_SORTS as readonly string[]).includes(value);

/** How many members an empty Following feed suggests. */
export const SUGGESTED_MEMBERS = 5;
