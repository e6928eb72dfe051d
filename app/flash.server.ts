import { parse, serialize } from "hono/utils/cookie";
import { data, redirect } from "react-router";
import { MODERATION_MESSAGES } from "../worker/core/rules/moderation.ts";

/**
 * Flash messages (decision 034): what a completed form action says on the next page ("Profile saved."). The
 * action puts the message's key in a short-lived cookie on its reply (a redirect for a plain form post, the data
 * of a fetcher); the root loader reads it on the next render, which is the redirect's page or, with JavaScript,
 * the revalidation React Router runs after every action, and clears it. The layout shows it in a live region:
 * a line at the top of the page without JavaScript, a toast with it.
 *
 * The cookie names a key of this catalog and never carries text, so the server only ever shows its own words:
 * an unknown or malformed value is ignored. Every message is short, specific and ends with a full stop.
 */
export const FLASH_MESSAGES = {
  connectionCreated: "Connection created.",
  connectionSaved: "Connection saved.",
  connectionDeleted: "Connection deleted.",
  commentPosted: "Comment posted.",
  commentSaved: "Comment saved.",
  commentDeleted: "Comment deleted.",
  favorited: "Added to your favorites.",
  unfavorited: "Removed from your favorites.",
  voteCounted: "Vote counted.",
  voteWithdrawn: "Vote withdrawn.",
  followed: "You're following them now.",
  followRequested: "Follow request sent.",
  unfollowed: "Unfollowed.",
  followRequestWithdrawn: "Follow request withdrawn.",
  requestAccepted: "Request accepted.",
  requestDeclined: "Request declined.",
  followerRemoved: "Follower removed.",
  blocked: "Member blocked.",
  unblocked: "Unblocked. They can see your profile again; follows the block removed don't come back.",
  profileSaved: "Profile saved.",
  notificationRead: "Marked as read.",
  notificationsRead: "All notifications marked as read.",
  reportSent: MODERATION_MESSAGES.reportReceived,
  caseDismissed: "Case dismissed.",
  contentRemoved: "Removed, and its author told.",
  memberSuspended: "Member suspended and signed out.",
  loggedIn: "Logged in. Welcome back!",
  signedUp: "Account created. Welcome to MovieBooks!",
  loggedOut: "Logged out.",
  passwordChanged: "Password changed. You've been signed out on every other device and browser.",
  passwordReset: "Your password has been reset. You're logged in here and signed out everywhere else.",
} as const;

export type FlashKey = keyof typeof FLASH_MESSAGES;

/** What the layout shows: the text, and an id that tells two flashes with the same words apart. */
export interface Flash {
  id: string;
  message: string;
}

export const FLASH_COOKIE = "flash";
/** Long enough for the next page to load, short enough that a lost one never turns up much later. */
const FLASH_MAX_AGE_SECONDS = 60;
const ATTRIBUTES = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" } as const;

function isFlashKey(value: string): value is FlashKey {
  return Object.hasOwn(FLASH_MESSAGES, value);
}

/** The Set-Cookie value that leaves `key` for the next page, with a fresh id. */
export function flashCookie(key: FlashKey): string {
  const id = crypto.randomUUID().slice(0, 8);
  return serialize(FLASH_COOKIE, `${key}.${id}`, { ...ATTRIBUTES, maxAge: FLASH_MAX_AGE_SECONDS });
}

function clearedFlashCookie(): string {
  return serialize(FLASH_COOKIE, "", { ...ATTRIBUTES, maxAge: 0 });
}

/** Headers for a reply that leaves a flash: `init` as given, plus the flash cookie. */
function withFlashCookie(key: FlashKey, init?: HeadersInit): Headers {
  const headers = new Headers(init);
  headers.append("Set-Cookie", flashCookie(key));
  return headers;
}

/** A plain form post's reply: go to `to`, where the message shows. */
export function redirectWithFlash(to: string, key: FlashKey, init?: HeadersInit) {
  return redirect(to, { headers: withFlashCookie(key, init) });
}

/** A fetcher's reply: its data, and the message for the revalidation that follows. */
export function dataWithFlash<T>(value: T, key: FlashKey) {
  return data(value, { headers: withFlashCookie(key) });
}

/**
 * The root loader's read: the request's flash, if it names a known message, and the header that clears it (sent
 * whenever the request carried the cookie, so a stale or forged one goes too). Only pages read it, so a data
 * request that renders nothing never uses a flash up.
 */
export function takeFlash(request: Request): { flash: Flash | null; headers: HeadersInit | undefined } {
  const header = request.headers.get("Cookie");
  const value = header ? parse(header, FLASH_COOKIE)[FLASH_COOKIE] : undefined;
  if (value === undefined) return { flash: null, headers: undefined };
  const headers = { "Set-Cookie": clearedFlashCookie() };
  const match = /^([A-Za-z]{1,40})\.([0-9a-f]{8})$/.exec(value);
  if (!match?.[1] || !match[2] || !isFlashKey(match[1])) return { flash: null, headers };
  return { flash: { id: match[2], message: FLASH_MESSAGES[match[1]] }, headers };
}
