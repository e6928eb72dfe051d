import { requestContext } from "../../worker/context.ts";
import { isLiveResetLink, resetPassword } from "../../worker/core/account/index.ts";
import { redirectWithSession } from "../auth.server.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/reset-password";

/** Asks whether the link still works before showing the form; nothing is used up until the form is sent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, live: await isLiveResetLink(context.get(requestContext).db, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(requestContext);
  const fields = textFields(await postedForm(request), ["token", "password", "confirmPassword"]);
  // The link is kept with a failure, so the form comes back with it whatever URL it was posted to.
  return formAction({ token: fields.token }, async () => {
    const user = await resetPassword(services, fields);
    return redirectWithSession("/settings", user.token, "passwordReset");
  });
}
