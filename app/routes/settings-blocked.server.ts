import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { unblock } from "../../worker/core/people/index.ts";
import { requireViewer } from "../auth.server.ts";
import { fetcherFailure, userFailure } from "../failures.server.ts";
import { dataWithFlash, redirectWithFlash } from "../flash.server.ts";
import { postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/settings-blocked";

const BLOCKED_LIST = "/settings#blocked";

/**
 * Unblock from settings' list (intent=unblock, `userId`). A fetcher gets `{ok}`; a plain form post goes back to
 * the list; both with the "unblocked" flash message. If the member was no longer blocked, a plain form post just
 * goes back to the list as it is.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const form = await postedForm(request);
  const { userId } = textFields(form, ["userId"]);
  const viaFetcher = form.get("via") === "fetcher";
  try {
    await unblock(context.get(requestContext), viewer, userId);
  } catch (error) {
    if (viaFetcher) return fetcherFailure(error, "Something went wrong. Please try again.");
    userFailure(error);
    return redirect(BLOCKED_LIST);
  }
  return viaFetcher ? dataWithFlash({ ok: true as const }, "unblocked") : redirectWithFlash(BLOCKED_LIST, "unblocked");
}

export function loader() {
  return redirect(BLOCKED_LIST);
}
