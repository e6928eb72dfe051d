import { parse, serialize } from "hono/utils/cookie";
import { THEME_COOKIE } from "../worker/core/rules/index.ts";
import { type PinnedTheme, pinnedTheme, type ThemeChoice } from "./theme.ts";

/**
 * The theme cookie (decision 035). This is the only place a request's theme is read: the root loader renders it as
 * `data-theme` on <html>. The edge cache keeps a visitor's page per value of the cookie (`VISITOR_PAGE_COOKIES`).
 * Without the cookie the page follows `prefers-color-scheme`.
 */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The theme the request's cookie pins, or null (no cookie, or not one of the two themes): follow the system. */
export function themeOf(request: Request): PinnedTheme | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  return pinnedTheme(parse(header, THEME_COOKIE)[THEME_COOKIE]);
}

/** The Set-Cookie value that keeps a choice for a year; `system` deletes the cookie. */
export function themeCookie(choice: ThemeChoice): string {
  const pinned = pinnedTheme(choice);
  return serialize(THEME_COOKIE, pinned ?? "", {
    path: "/",
    maxAge: pinned ? ONE_YEAR_SECONDS : 0,
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
}
