import { requestContext } from "../../worker/context.ts";
import { changePassword } from "../../worker/core/account/index.ts";
import { meWithBlocks } from "../../worker/core/people/index.ts";
import { requireViewer } from "../auth.server.ts";
import { formAction, textFields } from "../forms.server.ts";
import type { Route } from "./+types/settings";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const { me, blocked } = await meWithBlocks(context.get(requestContext), viewer);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    username: me.username,
    email: me.email,
    // Set by the reset page's redirect, so the member lands here knowing what happened.
    passwordReset: notice === "password-reset",
    // Members the viewer blocked (read with Me, one round trip), and whether one was just unblocked.
    blocked,
    unblocked: notice === "unblocked",
  };
}

/** Change password: the session making the change stays logged in, every other one is signed out. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const fields = textFields(await request.formData(), ["currentPassword", "newPassword", "confirmPassword"]);
  return formAction({}, async () => {
    await changePassword(services, viewer, fields);
    return { passwordChanged: Date.now() };
  });
}
