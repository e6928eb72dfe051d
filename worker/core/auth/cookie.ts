import { parse, serialize } from "hono/utils/cookie";
import { SESSION_TTL_SECONDS } from "./tokens.ts";

/**
 * The pages' session cookie carries the same signed session token the API takes as a Bearer token.
 * HttpOnly (no script can read it), Secure, SameSite=Lax (not sent on cross-site form posts).
 */
export const SESSION_COOKIE = "mb_session";

export function readSessionCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  return parse(cookieHeader, SESSION_COOKIE)[SESSION_COOKIE] || null;
}

export function sessionCookie(token: string): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearedSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: 0 });
}

/** The Bearer token of an Authorization header; anything else (missing, another scheme, empty) is no token. */
export function readBearerToken(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}
