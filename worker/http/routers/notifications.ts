import { Hono } from "hono";
import {
  listNotificationGroups,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  readGrouping,
} from "../../core/notifications/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import { AllNotificationsRead, NotificationList, NotificationRead } from "../openapi/shapes.ts";

/** `?group=connection` (decision 033): repeated events on one connection as one entry; without it, API.md's list. */
const GROUP_QUERY = {
  group:
    "connection: likes, favorites or comments of one kind on one connection as one entry (its newest notification, with a `group` object); absent: one notification per event",
};

export const notificationsApi = new Hono<MemberEnv>()
  .use(member)
  .get(
    "/",
    operation("Notifications", "My notifications, newest first (at most 50), or with ?group=connection my groups", {
      access: "member",
      query: GROUP_QUERY,
      success: NotificationList,
      errors: [400],
    }),
    async (c) => {
      const grouped = readGrouping(c.req.query("group"));
      const { services, viewer } = c.var;
      return c.json(
        grouped ? await listNotificationGroups(services, viewer) : await listNotifications(services, viewer),
      );
    },
  )
  // Registered before "/:id/read" so "read-all" is never taken for an id.
  .patch(
    "/read-all",
    operation("Notifications", "Mark all my notifications read", {
      access: "member",
      success: AllNotificationsRead,
    }),
    async (c) => c.json(await markAllNotificationsRead(c.var.services, c.var.viewer)),
  )
  .patch(
    "/:id/read",
    operation("Notifications", "Mark a notification read (with ?group=connection, every notification of its group)", {
      access: "member",
      query: GROUP_QUERY,
      success: NotificationRead,
      errors: [400],
    }),
    async (c) => {
      const group = readGrouping(c.req.query("group")) !== null;
      return c.json(await markNotificationRead(c.var.services, c.var.viewer, c.req.param("id"), { group }));
    },
  );
