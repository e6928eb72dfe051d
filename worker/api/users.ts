import { Hono } from "hono";
import { requireViewer } from "../auth/accounts.ts";
import type { AppEnv } from "../context.ts";
import { getMe } from "../users.ts";

export const usersApi = new Hono<AppEnv>().get("/me", async (c) => {
  const { services } = c.var;
  return c.json(await getMe(services, requireViewer(services.viewer, services.tokenState)));
});
