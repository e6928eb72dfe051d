import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { block, blockTarget, unblock } from "../../worker/core/people/index.ts";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { formOrigin, requireMemberToAct, requireViewer, safeRedirect } from "../auth.server.ts";
import { notFoundPage } from "../failures.server.ts";
import { listEntryAction, postedForm } from "../forms.server.ts";
import type { Route } from "./+types/block";

/**
 * The confirmation step of a block, for browsers without JavaScript (with it, the profile's dialog asks). A
 * member who blocked the viewer does not exist for them here either; one's own page has nothing to block.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  if (params.userId === viewer.id) throw redirect("/users");
  try {
    return await blockTarget(context.get(requestContext), viewer, params.userId);
  } catch (error) {
    notFoundPage(error, PROFILE_MESSAGES.userNotFound);
  }
}

/**
 * intent=block (the confirmation's button, or the dialog's) or intent=unblock (the profile's Unblock), then
 * back to where the form was: the member's profile, which shows what changed. A visitor goes to log in, and
 * then back there.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const viewer = requireMemberToAct(context, formOrigin(form, "profile", `/users/${params.userId}`));
  const services = context.get(requestContext);
  const unblocking = form.get("intent") === "unblock";
  return listEntryAction(form, () => (unblocking ? unblock : block)(services, viewer, params.userId), {
    flash: unblocking ? "unblocked" : "blocked",
    redirectTo: safeRedirect(form.get("redirectTo"), `/users/${params.userId}`),
  });
}
