/** SPEC.md §9: the dismissed update batch id is kept under this name, in local storage and (so pages know) a cookie. */
export const DISMISSED_UPDATE_KEY = "dismissedUpdateBatchId";

/** The theme a visitor pinned (decision 035); without it a page follows `prefers-color-scheme`. */
export const THEME_COOKIE = "theme";

/**
 * The cookies a visitor's page is rendered from. The edge cache keeps a visitor's page per value of each, and
 * serves nothing from the cache to a request carrying any cookie not listed here (the session, a flash message,
 * one added later and not listed yet): such a request may see something no other visitor sees (decision 039).
 */
export const VISITOR_PAGE_COOKIES: readonly string[] = [DISMISSED_UPDATE_KEY, THEME_COOKIE];
