import { requestContext } from "../../worker/context.ts";
import { checkAuthRateLimit, register } from "../../worker/core/auth/index.ts";
import { redirectMembers, redirectWithSession, safeRedirect } from "../auth.server.ts";
import { formAction, textFields } from "../forms.server.ts";
import type { Route } from "./+types/signup";

export function loader({ context }: Route.LoaderArgs) {
  redirectMembers(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  redirectMembers(context);
  const services = context.get(requestContext);
  const form = await request.formData();
  const fields = textFields(form, ["username", "email", "password", "confirmPassword", "redirectTo"]);
  const { password, confirmPassword, ...kept } = fields;
  return formAction(kept, async () => {
    await checkAuthRateLimit(services.env, request.headers);
    const user = await register(services, fields);
    return redirectWithSession(safeRedirect(fields.redirectTo), user.token);
  });
}
