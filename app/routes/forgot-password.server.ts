import { requestContext } from "../../worker/context.ts";
import { requestPasswordReset } from "../../worker/core/account/index.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const { email } = textFields(await postedForm(request), ["email"]);
  return formAction({ email }, async () => {
    const { message } = await requestPasswordReset(context.get(requestContext), { email });
    return { sent: message };
  });
}
