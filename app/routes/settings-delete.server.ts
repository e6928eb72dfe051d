import { requestContext } from "../../worker/context.ts";
import { deleteAccount } from "../../worker/core/account/index.ts";
import { redirectWithoutSession, requireCheckedViewer, requireViewer } from "../auth.server.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/settings-delete";

export async function loader({ context, url }: Route.LoaderArgs) {
  return { username: (await requireCheckedViewer(url, context)).username };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const { password } = textFields(await postedForm(request), ["password"]);
  return formAction({}, async () => {
    await deleteAccount(services, viewer, { password });
    return redirectWithoutSession("/account-deleted");
  });
}
