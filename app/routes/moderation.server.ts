import { requestContext } from "../../worker/context.ts";
import { pageNumber } from "../../worker/core/connections/index.ts";
import { listCases, resolveCase } from "../../worker/core/moderation/index.ts";
import type { ResolveAction } from "../../worker/core/rules/index.ts";
import { requireModeratorPage } from "../auth.server.ts";
import { type FlashKey, redirectWithFlash } from "../flash.server.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/moderation";

/** What the queue says after a resolution (flash messages, decision 034). */
const RESOLVED: Record<ResolveAction, FlashKey> = {
  dismiss: "caseDismissed",
  remove: "contentRemoved",
  suspend: "memberSuspended",
};

/** One page of open (or, with `?status=resolved`, resolved) cases, in one round trip. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireModeratorPage(url, context);
  const status = url.searchParams.get("status") === "resolved" ? "resolved" : "open";
  const queue = await listCases(context.get(requestContext), status, pageNumber(url.searchParams.get("page")));
  return { ...queue, now: Date.now() };
}

/** Resolves one case (`caseId`) with an action and a note; then the queue again, saying what was done. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireModeratorPage(url, context);
  const values = textFields(await postedForm(request), ["caseId", "action", "note"]);
  return formAction(values, async () => {
    await resolveCase(context.get(requestContext), viewer, values.caseId, values);
    // resolveCase accepted the action, so it is one of the three.
    return redirectWithFlash("/moderation", RESOLVED[values.action as ResolveAction]);
  });
}
