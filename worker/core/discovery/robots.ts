/**
 * `/robots.txt`: crawlers may read every public page, the feeds and the sitemap; not the pages only members
 * have, the ones that act (like, follow, report…), search results and sign-in forms, which are endless or empty
 * to a crawler; nor the JSON API, but for its description (`/api/openapi.json`, `/api/docs`).
 * Nor the answers scripts fetch (filter suggestions, more comments) and the forms' own addresses (the theme,
 * staged uploads). `/users/<id>/follow` and `/block` end with `$`: a bare prefix would also shut out the followers
 * lists.
 */
const DISALLOWED = [
  "/api/",
  "/create",
  "/notifications",
  "/follow-requests",
  "/profile/",
  "/settings",
  "/moderation",
  "/report/",
  "/search",
  "/login",
  "/signup",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/account-deleted",
  "/whats-new/",
  "/dev/",
  "/users$",
  "/users/*/follow$",
  "/users/*/block$",
  "/connections/*/edit",
  "/connections/*/delete",
  "/connections/*/like",
  "/connections/*/favorite",
  "/connections/*/verdict",
  "/connections/*/comments",
  "/filter-suggestions",
  "/theme",
  "/uploads/",
];

const ALLOWED_API = ["/api/openapi.json", "/api/docs"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ALLOWED_API.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
