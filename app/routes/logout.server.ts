import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { logout } from "../../worker/core/auth/index.ts";
import { redirectWithoutSession } from "../auth.server.ts";
import { userFailure } from "../failures.server.ts";
import type { Route } from "./+types/logout";

/**
 * Logging out is a POST (a link could be triggered by another site); it revokes the session everywhere. A session
 * another tab logged out meanwhile is logged out all the same.
 */
export async function action({ context }: Route.ActionArgs) {
  const services = context.get(requestContext);
  if (services.viewer) await logout(services, services.viewer).catch(userFailure);
  return redirectWithoutSession("/", "loggedOut");
}

export function loader() {
  return redirect("/");
}
