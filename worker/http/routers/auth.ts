import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context.ts";
import { checkAuthRateLimit, login, logout, register, requireViewer } from "../../core/auth/index.ts";
import { readJson } from "../body.ts";

const authRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await checkAuthRateLimit(c.env, c.req.raw.headers);
  await next();
});

export const auth = new Hono<AppEnv>()
  .post("/register", authRateLimit, async (c) => c.json(await register(c.var.services, await readJson(c)), 201))
  .post("/login", authRateLimit, async (c) => c.json(await login(c.var.services, await readJson(c))))
  .post("/logout", async (c) => {
    const { services } = c.var;
    await logout(services, requireViewer(services.viewer, services.tokenState));
    return c.json({ message: "Logged out successfully" });
  });
