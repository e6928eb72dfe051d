import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { unblock } from "../../worker/core/people/index.ts";
import { requireViewer } from "../auth.server.ts";
import { UNBLOCKED_NOTICE } from "../components/blocked-members.tsx";
import { fetcherFailure, userFailure } from "../failures.server.ts";
import { textFields } from "../forms.server.ts";
import type { Route } from "./+types/settings-blocked";

const BLOCKED_LIST = "/settings#blocked";

/**
 * Unblock from settings' list (intent=unblock, `userId`). A fetcher gets `{ok, notice}`; a plain form post goes
 * back to settings with the notice, or, if the member was no longer blocked, just back to the list as it is.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const form = await request.formData();
  const { userId } = textFields(form, ["userId"]);
  const viaFetcher = form.get("via") === "fetcher";
  try {
    await unblock(context.get(requestContext), viewer, userId);
  } catch (error) {
    if (viaFetcher) return fetcherFailure(error, "Something went wrong. Please try again.");
    userFailure(error);
    return redirect(BLOCKED_LIST);
  }
  return viaFetcher ? { ok: true as const, notice: UNBLOCKED_NOTICE } : redirect("/settings?notice=unblocked#blocked");
}

export function loader() {
  return redirect(BLOCKED_LIST);
}
