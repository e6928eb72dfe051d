/**
 * The login page that brings the visitor back to `back` afterwards: a path on this site with its query and, when
 * given, the fragment to scroll to (`/connections/abc#comments`). The login form keeps it in `redirectTo`, and
 * login and signup end there (`safeRedirect`).
 */
export function loginPath(back: string): string {
  return `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** A page's path and query with `anchor` as its fragment: where a control on that page sends people back to. */
export function pathAt(location: { pathname: string; search: string }, anchor?: string): string {
  return `${location.pathname}${location.search}${anchor ? `#${anchor}` : ""}`;
}
