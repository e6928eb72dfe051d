import { requestContext } from "../../worker/context.ts";
import { followList } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/index.ts";
import { notFoundPage } from "../failures.server.ts";
import type { Route } from "./+types/follow-list";

/** /users/:id/followers and /users/:id/following share this module (the route id says which). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const direction = new URL(request.url).pathname.endsWith("/following") ? "following" : "followers";
  try {
    const { profile, users } = await followList(services, params.userId, direction);
    const name = memberName(profile);
    return {
      userId: profile._id,
      direction,
      title: direction === "followers" ? `People following ${name}` : `People ${name} follows`,
      users,
    };
  } catch (error) {
    notFoundPage(error, "User not found.");
  }
}
