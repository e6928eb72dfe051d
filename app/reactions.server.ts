import { type RouterContextProvider, redirect } from "react-router";
import { type RequestServices, requestContext, type Viewer } from "../worker/context.ts";
import { formOrigin, requireMemberToAct } from "./auth.server.ts";
import { fetcherFailure, userFailure } from "./failures.server.ts";
import { dataWithFlash, type FlashKey, redirectWithFlash } from "./flash.server.ts";
import { postedForm } from "./forms.server.ts";

/**
 * The reply of an action that a card's forms post to. A fetcher (JavaScript) gets data. A plain form post gets
 * a redirect back to where it came from, at the card's anchor, so the page and its scroll position stay; a
 * failure is shown on the page with the submitted `inlineValues` when given (the action's own page renders it
 * at the form that failed), else the page is simply shown again unchanged. `flash` names what a success says
 * (decision 034), if anything (a like shows itself on its button).
 */
export async function reactionReply<T, Values>(
  form: FormData,
  anchor: string,
  run: () => Promise<T>,
  fallbackError: string,
  options: { flash: (result: T) => FlashKey | null; inlineValues?: Values },
) {
  const { inlineValues } = options;
  const viaFetcher = form.get("via") === "fetcher";
  const back = formOrigin(form, anchor);
  try {
    const result = await run();
    const flash = options.flash(result);
    const reply = { ok: true as const, result };
    if (viaFetcher) return flash ? dataWithFlash(reply, flash) : reply;
    return flash ? redirectWithFlash(back, flash) : redirect(back);
  } catch (error) {
    if (viaFetcher || inlineValues) return fetcherFailure(error, fallbackError, inlineValues);
    // A user's failure just shows the page again; a bug is thrown on.
    userFailure(error);
    return redirect(back);
  }
}

type CardToggle<T> = (services: RequestServices, viewer: Viewer, connectionId: string) => Promise<T>;

/**
 * The route module of a card's toggle (like, favorite): its action runs the toggle for the card's connection
 * and replies as `reactionReply` does (a visitor goes to log in, and then back to the card); a GET (someone
 * opening the URL) goes to the connection's page. `flash` picks what a success says, from the viewer as the request
 * found them (before the toggle).
 */
export function cardToggleRoute<T>(
  toggle: CardToggle<T>,
  fallbackError: string,
  flash: (viewer: Viewer, connectionId: string) => FlashKey | null = () => null,
) {
  return {
    async action({
      request,
      params,
      context,
    }: {
      request: Request;
      params: { connectionId: string };
      context: Readonly<RouterContextProvider>;
    }) {
      const form = await postedForm(request);
      const anchor = `card-${params.connectionId}`;
      const viewer = requireMemberToAct(context, formOrigin(form, anchor, `/connections/${params.connectionId}`));
      const run = () => toggle(context.get(requestContext), viewer, params.connectionId);
      // The viewer's favorites as the session check read them, in the toggle's first round trip: before it.
      return reactionReply(form, anchor, run, fallbackError, { flash: () => flash(viewer, params.connectionId) });
    },
    loader({ params }: { params: { connectionId: string } }) {
      return redirect(`/connections/${params.connectionId}`);
    },
  };
}
