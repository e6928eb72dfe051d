import { type RouterContextProvider, redirect } from "react-router";
import { requestContext, type Viewer } from "../worker/context.ts";
import { clearedSessionCookie, sessionCookie } from "../worker/core/auth/index.ts";

/**
 * Where to go after login or signup: a path on this site only (never `//evil.example` or a full URL),
 * else home.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** Pages that need a member send visitors to /login, remembering where they were going. */
export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const { viewer } = context.get(requestContext);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** /login and /signup are for visitors; a member is sent home. */
export function redirectMembers(context: Readonly<RouterContextProvider>): void {
  if (context.get(requestContext).viewer) throw redirect("/");
}

export function redirectWithSession(to: string, token: string) {
  return redirect(to, { headers: { "Set-Cookie": sessionCookie(token) } });
}

export function redirectWithoutSession(to: string) {
  return redirect(to, { headers: { "Set-Cookie": clearedSessionCookie() } });
}
