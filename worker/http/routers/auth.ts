import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { requestPasswordReset, resetPassword } from "../../core/account/index.ts";
import { clientAddress, login, logout, register, requireViewer } from "../../core/auth/index.ts";
import { readJson } from "../body.ts";
import { authRateLimit } from "../middleware/rate-limit.ts";

export const auth = new Hono<AppEnv>()
  .post("/register", authRateLimit, async (c) => c.json(await register(c.var.services, await readJson(c)), 201))
  .post("/login", authRateLimit, async (c) => c.json(await login(c.var.services, await readJson(c))))
  .post("/logout", async (c) => {
    const { services } = c.var;
    await logout(services, requireViewer(services.viewer, services.tokenState));
    return c.json({ message: "Logged out successfully" });
  })
  .post("/forgot-password", async (c) =>
    c.json(await requestPasswordReset(c.var.services, await readJson(c), clientAddress(c.req.raw.headers))),
  )
  .post("/reset-password", authRateLimit, async (c) => c.json(await resetPassword(c.var.services, await readJson(c))));
