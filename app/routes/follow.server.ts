import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { follow, unfollow } from "../../worker/core/people/index.ts";
import { formOrigin, requireMemberToAct } from "../auth.server.ts";
import type { FlashKey } from "../flash.server.ts";
import { postedForm } from "../forms.server.ts";
import { reactionReply } from "../reactions.server.ts";
import type { Route } from "./+types/follow";

/**
 * intent=follow (a follow, or a request to a private member) or intent=unfollow (which also withdraws a pending
 * request); back to the profile, or data for the button's fetcher. A visitor goes to log in, and then back.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const viewer = requireMemberToAct(context, formOrigin(form, "profile", `/users/${params.userId}`));
  const services = context.get(requestContext);
  const unfollowing = form.get("intent") === "unfollow";
  // What the member sees depends on what happened: a private member's follow is a request, and unfollowing
  // before they answered withdraws it.
  const run = async (): Promise<FlashKey> => {
    if (unfollowing) {
      const outcome = await unfollow(services, viewer, params.userId);
      return "requested" in outcome ? "followRequestWithdrawn" : "unfollowed";
    }
    const { status } = await follow(services, viewer, params.userId);
    return status === 202 ? "followRequested" : "followed";
  };
  return reactionReply(form, "profile", run, unfollowing ? "Failed to unfollow." : "Failed to follow.", {
    flash: (said) => said,
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/users/${params.userId}`);
}
