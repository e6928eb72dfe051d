import { data, redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationTarget,
} from "../../worker/notifications.ts";
import { requireViewer } from "../auth.server.ts";
import { formAction, textFields } from "../forms.server.ts";
import type { Route } from "./+types/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const notifications = await listNotifications(context.get(requestContext), viewer);
  return { notifications, now: Date.now() };
}

/**
 * intent=read marks one read; intent=read-all marks all; intent=open marks one read and follows it (so that
 * clicking an item works the same without JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const services = context.get(requestContext);
  const { intent, id } = textFields(await request.formData(), ["intent", "id"]);
  return formAction({ intent, id }, async () => {
    if (intent === "read-all") return { ok: true, ...(await markAllNotificationsRead(services, viewer)) };
    if (intent === "read") return { ok: true, ...(await markNotificationRead(services, viewer, id)) };
    if (intent === "open") {
      await markNotificationRead(services, viewer, id);
      const target = (await listNotifications(services, viewer)).find((notification) => notification._id === id);
      return redirect(target ? notificationTarget(target) : "/notifications");
    }
    return data({ error: "Unknown action.", values: { intent, id } }, { status: 400 });
  });
}
