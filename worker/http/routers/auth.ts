import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import {
  forgotPasswordSchema,
  requestPasswordReset,
  resetPassword,
  resetPasswordSchema,
} from "../../core/account/index.ts";
import { login, loginSchema, logout, register, requireViewer, signupSchema } from "../../core/auth/index.ts";
import { readJson } from "../body.ts";
import { operation } from "../openapi/describe.ts";
import { Auth, Message } from "../openapi/shapes.ts";

export const auth = new Hono<AppEnv>()
  .post(
    "/register",
    operation("Auth", "Create an account", { status: 201, body: signupSchema, success: Auth, errors: [400, 429] }),
    async (c) => c.json(await register(c.var.services, await readJson(c)), 201),
  )
  .post(
    "/login",
    operation("Auth", "Log in", { body: loginSchema, success: Auth, errors: [400, 401, 403, 429] }),
    async (c) => c.json(await login(c.var.services, await readJson(c))),
  )
  .post("/logout", operation("Auth", "Log out this token", { access: "member", success: Message }), async (c) => {
    const { services } = c.var;
    await logout(services, requireViewer(services.viewer, services.tokenState));
    return c.json({ message: "Logged out successfully" });
  })
  .post(
    "/forgot-password",
    operation("Auth", "Ask for a password reset link", {
      body: forgotPasswordSchema,
      success: Message,
      errors: [400, 429],
    }),
    async (c) => c.json(await requestPasswordReset(c.var.services, await readJson(c))),
  )
  .post(
    "/reset-password",
    operation("Auth", "Set a new password with a reset link", {
      body: resetPasswordSchema,
      success: Auth,
      errors: [400, 429],
    }),
    async (c) => c.json(await resetPassword(c.var.services, await readJson(c))),
  );
