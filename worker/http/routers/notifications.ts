import { Hono } from "hono";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../../core/notifications/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";

export const notificationsApi = new Hono<MemberEnv>()
  .use(member)
  .get("/", async (c) => c.json(await listNotifications(c.var.services, c.var.viewer)))
  // Registered before "/:id/read" so "read-all" is never taken for an id.
  .patch("/read-all", async (c) => c.json(await markAllNotificationsRead(c.var.services, c.var.viewer)))
  .patch("/:id/read", async (c) => c.json(await markNotificationRead(c.var.services, c.var.viewer, c.req.param("id"))));
