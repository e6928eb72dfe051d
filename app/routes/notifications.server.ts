import { data, redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import {
  listNotificationGroups,
  markAllNotificationsRead,
  markNotificationRead,
  notificationTarget,
} from "../../worker/core/notifications/index.ts";
import { requireViewer } from "../auth.server.ts";
import { formAction, textFields } from "../forms.server.ts";
import type { Route } from "./+types/notifications";

export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  // Repeated likes, favorites and comments on one connection are one entry (decision 033).
  const notifications = await listNotificationGroups(context.get(requestContext), viewer);
  return { notifications, now: Date.now() };
}

/**
 * intent=read marks one entry (a whole group) read; intent=read-all marks all; intent=open marks an entry read and
 * follows it (so that clicking an item works the same without JavaScript).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const { intent, id } = textFields(await request.formData(), ["intent", "id"]);
  // The header's unread badge renders after this action in the same request (a post without JavaScript), from
  // the count read with the viewer when the request began: give the rest of the request the new count.
  // The badge counts unread entries (groups): one entry read takes one off, all read leaves none.
  const markedRead = <T extends { count: number }>(result: T, entries: number) => {
    const unreadNotifications = Math.max(0, viewer.unreadNotifications - (result.count ? entries : 0));
    context.set(requestContext, { ...services, viewer: { ...viewer, unreadNotifications } });
    return { ok: true, ...result };
  };
  return formAction({ intent, id }, async () => {
    if (intent === "read-all") {
      return markedRead(await markAllNotificationsRead(services, viewer), viewer.unreadNotifications);
    }
    if (intent === "read") return markedRead(await markNotificationRead(services, viewer, id, { group: true }), 1);
    if (intent === "open") {
      await markNotificationRead(services, viewer, id, { group: true });
      const target = (await listNotificationGroups(services, viewer)).find((notification) => notification._id === id);
      return redirect(target ? notificationTarget(target) : "/notifications");
    }
    return data({ error: "Unknown action.", values: { intent, id } }, { status: 400 });
  });
}
