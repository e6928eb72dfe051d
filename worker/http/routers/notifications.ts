import { Hono } from "hono";
import { z } from "zod";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../../core/notifications/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import { AllNotificationsRead, Notification, NotificationRead } from "../openapi/shapes.ts";

export const notificationsApi = new Hono<MemberEnv>()
  .use(member)
  .get(
    "/",
    operation("Notifications", "My notifications, newest first (at most 50)", {
      access: "member",
      success: z.array(Notification),
    }),
    async (c) => c.json(await listNotifications(c.var.services, c.var.viewer)),
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
    operation("Notifications", "Mark a notification read", {
      access: "member",
      success: NotificationRead,
      errors: [400],
    }),
    async (c) => c.json(await markNotificationRead(c.var.services, c.var.viewer, c.req.param("id"))),
  );
