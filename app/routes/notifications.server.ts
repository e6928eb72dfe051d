import { data, redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import {
  listNotificationGroups,
  markAllNotificationsRead,
  markNotificationRead,
  notificationTarget,
} from "../../worker/core/notifications/index.ts";
import { requireViewer } from "../auth.server.ts";
import { dataWithFlash, type FlashKey, redirectWithFlash } from "../flash.server.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
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
  const { intent, id, via } = textFields(await postedForm(request), ["intent", "id", "via"]);
  // A fetcher gets data (its list is already marked); a plain form post comes back to a fresh list and badge.
  const markedRead = (result: { count: number }, flash: FlashKey) =>
    via === "fetcher" ? dataWithFlash({ ok: true, ...result }, flash) : redirectWithFlash("/notifications", flash);
  return formAction({ intent, id }, async () => {
    if (intent === "read-all") return markedRead(await markAllNotificationsRead(services, viewer), "notificationsRead");
    if (intent === "read") {
      return markedRead(await markNotificationRead(services, viewer, id, { group: true }), "notificationRead");
    }
    if (intent === "open") {
      await markNotificationRead(services, viewer, id, { group: true });
      const target = (await listNotificationGroups(services, viewer)).find((notification) => notification._id === id);
      return redirect(target ? notificationTarget(target) : "/notifications");
    }
    return data({ error: "Unknown action.", values: { intent, id } }, { status: 400 });
  });
}
