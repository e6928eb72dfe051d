import { createMiddleware } from "hono/factory";
import type { AppEnv, Viewer } from "../../context.ts";
import { requireViewer } from "../../core/auth/index.ts";
import { requireModerator } from "../../core/moderation/index.ts";

export type MemberEnv = AppEnv & { Variables: { viewer: Viewer } };

/**
 * For API routes marked "auth" in API.md: 401 with the right message, else the viewer in `c.var.viewer`, once the
 * session check has answered (decision 040): these routes write, or answer with the member's own details.
 */
export const member = createMiddleware<MemberEnv>(async (c, next) => {
  const { services } = c.var;
  requireViewer(services.viewer, services.tokenState);
  c.set("viewer", requireViewer(await services.confirmViewer(), services.tokenState));
  await next();
});

/** For API routes marked "moderator" in API.md: 401 as `member`, then 403 `Moderators only.` for other members. */
export const moderator = createMiddleware<MemberEnv>(async (c, next) => {
  const { services } = c.var;
  requireViewer(services.viewer, services.tokenState);
  c.set("viewer", requireModerator(requireViewer(await services.confirmViewer(), services.tokenState)));
  await next();
});
