import { requestContext } from "../../worker/context.ts";
import { followList, removeFollower } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/index.ts";
import { requireViewer } from "../auth.server.ts";
import { notFoundPage } from "../failures.server.ts";
import { listEntryAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/follow-list";

/**
 * /users/:id/followers and /users/:id/following share this module; the route's pattern says which (the request's
 * own path is a data request's, `….data`, when JavaScript navigates).
 */
export async function loader({ params, context, pattern }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const direction = pattern.endsWith("/following") ? "following" : "followers";
  try {
    const { profile, users } = await followList(services, params.userId, direction);
    const name = memberName(profile);
    const ownFollowers = direction === "followers" && profile._id === services.viewer?.id;
    return {
      userId: profile._id,
      direction,
      title: direction === "followers" ? `People following ${name}` : `People ${name} follows`,
      users,
      ownFollowers,
    };
  } catch (error) {
    notFoundPage(error, "User not found.");
  }
}

/** intent=remove on one's own followers list: `userId` stops following the viewer (and is not told). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const form = await postedForm(request);
  const { userId } = textFields(form, ["userId"]);
  return listEntryAction(form, () => removeFollower(context.get(requestContext), viewer, userId), {
    flash: "followerRemoved",
    redirectTo: `/users/${viewer.id}/followers`,
  });
}
