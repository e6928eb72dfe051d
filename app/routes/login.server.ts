import { requestContext } from "../../worker/context.ts";
import { checkAuthRateLimit, login } from "../../worker/core/auth/index.ts";
import { redirectMembers, redirectWithSession, safeRedirect } from "../auth.server.ts";
import { formAction, textFields } from "../forms.server.ts";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  redirectMembers(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  redirectMembers(context);
  const services = context.get(requestContext);
  const form = await request.formData();
  const { email, password, redirectTo } = textFields(form, ["email", "password", "redirectTo"]);
  return formAction({ email, redirectTo }, async () => {
    await checkAuthRateLimit(services.env, request.headers);
    const user = await login(services, { email, password });
    return redirectWithSession(safeRedirect(redirectTo), user.token);
  });
}
