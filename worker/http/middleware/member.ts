import { createMiddleware } from "hono/factory";
import type { AppEnv, Viewer } from "../../context.ts";
import { requireViewer } from "../../core/auth/index.ts";

export type MemberEnv = AppEnv & { Variables: { viewer: Viewer } };

/** For API routes marked "auth" in API.md: 401 with the right message, else the viewer in `c.var.viewer`. */
export const member = createMiddleware<MemberEnv>(async (c, next) => {
  const { services } = c.var;
  c.set("viewer", requireViewer(services.viewer, services.tokenState));
  await next();
});
