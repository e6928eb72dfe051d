import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { follow, unfollow } from "../../worker/core/people/index.ts";
import { formOrigin, requireMemberToAct } from "../auth.server.ts";
import { reactionReply } from "../reactions.server.ts";
import type { Route } from "./+types/follow";

/**
 * intent=follow (a follow, or a request to a private member) or intent=unfollow (which also withdraws a pending
 * request); back to the profile, or data for the button's fetcher. A visitor goes to log in, and then back.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viewer = requireMemberToAct(context, formOrigin(form, "profile", `/users/${params.userId}`));
  const services = context.get(requestContext);
  const unfollowing = form.get("intent") === "unfollow";
  return reactionReply(
    form,
    "profile",
    async () => {
      if (unfollowing) await unfollow(services, viewer, params.userId);
      else await follow(services, viewer, params.userId);
    },
    unfollowing ? "Failed to unfollow." : "Failed to follow.",
  );
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/users/${params.userId}`);
}
