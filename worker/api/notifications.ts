import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requireViewer } from "../auth/accounts.ts";
import type { AppEnv, Viewer } from "../context.ts";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../notifications.ts";

/** Every notifications route needs a member; the resolved viewer is kept for the handlers. */
const member = createMiddleware<AppEnv & { Variables: { viewer: Viewer } }>(async (c, next) => {
  const { services } = c.var;
  c.set("viewer", requireViewer(services.viewer, services.tokenState));
  await next();
});

export const notificationsApi = new Hono<AppEnv & { Variables: { viewer: Viewer } }>()
  .use(member)
  .get("/", async (c) => c.json(await listNotifications(c.var.services, c.var.viewer)))
  // Registered before "/:id/read" so "read-all" is never taken for an id.
  .patch("/read-all", async (c) => c.json(await markAllNotificationsRead(c.var.services, c.var.viewer)))
  .patch("/:id/read", async (c) => c.json(await markNotificationRead(c.var.services, c.var.viewer, c.req.param("id"))));
