import { type RouterContextProvider, redirect } from "react-router";
import { type RequestServices, requestContext, type Viewer } from "../worker/context.ts";
import { clearedSessionCookie, sessionCookie } from "../worker/core/auth/index.ts";
import { requireModerator } from "../worker/core/moderation/index.ts";
import { errorPage } from "./failures.server.ts";
import { type FlashKey, redirectWithFlash } from "./flash.server.ts";
import { formAction, postedForm, textFields } from "./forms.server.ts";
import { loginPath } from "./login-path.ts";

/** Any origin will do: a target is kept only when it resolves to this same one, so it never names another. */
const THIS_SITE = "https://moviebooks.invalid";

/**
 * Where to go after login or signup, or back to after a form: a path on this site only, else `fallback`. The target
 * is resolved by the URL parser, as browsers resolve a Location, and kept only when it lands on this site with a
 * path that cannot read as another host (`//…`); what is sent is the parsed path, query and fragment, so tabs,
 * line breaks, backslashes and dot segments that some parser would take off-site never reach one (decision 029).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  const url = URL.parse(to, THIS_SITE);
  if (!url || url.origin !== THIS_SITE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Pages that need a member send visitors to /login, remembering where they were going: `url` is the page's
 * address as React Router gives it to loaders and middleware (a data request's own path ends in `.data`).
 */
export function requireViewer(url: URL, context: Readonly<RouterContextProvider>): Viewer {
  const { viewer } = context.get(requestContext);
  if (viewer) return viewer;
  throw redirect(loginPath(url.pathname + url.search));
}

/**
 * `requireViewer` for a page that shows the member's details and reads nothing else: it waits for the session
 * check (decision 040), which is then the page's one round trip.
 */
export async function requireCheckedViewer(url: URL, context: Readonly<RouterContextProvider>): Promise<Viewer> {
  requireViewer(url, context);
  const viewer = await context.get(requestContext).confirmViewer();
  if (viewer) return viewer;
  throw redirect(loginPath(url.pathname + url.search));
}

/**
 * The member taking an action a visitor sees but cannot take (like, favorite, comment, follow, vote, report,
 * block). A visitor's post (a page left open after logging out, or a form sent by hand) goes to /login and
 * afterwards back to `back`: the page the form was on, at the item it was about (`formOrigin`).
 */
export function requireMemberToAct(context: Readonly<RouterContextProvider>, back: string): Viewer {
  const { viewer } = context.get(requestContext);
  if (viewer) return viewer;
  throw redirect(loginPath(back));
}

/**
 * Where a form's action leads back to: the page the form was on (its `redirectTo` field, a local path only, else
 * `fallback`) at the item's `anchor`.
 */
export function formOrigin(form: FormData, anchor: string, fallback = "/"): string {
  return `${safeRedirect(form.get("redirectTo"), fallback)}#${anchor}`;
}

/** The moderators' pages: visitors go to /login, other members get the 403 page "Moderators only.". */
export function requireModeratorPage(url: URL, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = requireViewer(url, context);
  try {
    return requireModerator(viewer);
  } catch (error) {
    errorPage(error);
  }
}

/** /login and /signup are for visitors; a member is sent home. */
export function redirectMembers(context: Readonly<RouterContextProvider>): void {
  if (context.get(requestContext).viewer) throw redirect("/");
}

/** Into the site with a new session, saying so with `flash` (decision 034). */
export function redirectWithSession(to: string, token: string, flash: FlashKey) {
  return redirectWithFlash(to, flash, { "Set-Cookie": sessionCookie(token) });
}

/** Out of the session; `flash` when the page `to` does not say so itself. */
export function redirectWithoutSession(to: string, flash?: FlashKey) {
  const headers = { "Set-Cookie": clearedSessionCookie() };
  return flash ? redirectWithFlash(to, flash, headers) : redirect(to, { headers });
}

/**
 * The route module of /login and /signup. Members are sent home. The action reads the form's fields and runs
 * `enter` (which applies the attempt limits); success sets the session and goes to the form's redirect target with
 * the `welcome` flash message, a failure shows the form again with its message and the `kept` fields (never a
 * password).
 */
export function accountFormRoute<Name extends string, Kept extends Name>(
  fields: readonly Name[],
  kept: readonly Kept[],
  enter: (services: RequestServices, input: Record<Name, string>) => Promise<{ token: string }>,
  welcome: FlashKey,
) {
  return {
    loader({ context }: { context: Readonly<RouterContextProvider> }) {
      redirectMembers(context);
      return null;
    },
    async action({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
      redirectMembers(context);
      const services = context.get(requestContext);
      const input = textFields(await postedForm(request), [...fields, "redirectTo"]);
      const shown = Object.fromEntries([...kept, "redirectTo"].map((name) => [name, input[name as Name]]));
      return formAction(shown as Record<Kept | "redirectTo", string>, async () => {
        const user = await enter(services, input);
        return redirectWithSession(safeRedirect(input.redirectTo), user.token, welcome);
      });
    },
  };
}
