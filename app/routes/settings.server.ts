import { requestContext } from "../../worker/context.ts";
import { changePassword } from "../../worker/core/account/index.ts";
import { meWithBlocks } from "../../worker/core/people/index.ts";
import { requireViewer } from "../auth.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/settings";

export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const { me, blocked } = await meWithBlocks(context.get(requestContext), viewer);
  // Members the viewer blocked are read with Me, one round trip.
  return { username: me.username, email: me.email, blocked };
}

/**
 * Change password: the session making the change stays logged in, every other one is signed out. Back to
 * settings (a fresh page, so the fields are empty) with the flash message that says so.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const fields = textFields(await postedForm(request), ["currentPassword", "newPassword", "confirmPassword"]);
  return formAction({}, async () => {
    await changePassword(services, viewer, fields);
    return redirectWithFlash("/settings", "passwordChanged");
  });
}
