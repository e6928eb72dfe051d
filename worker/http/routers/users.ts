import { Hono } from "hono";
import { z } from "zod";
import {
  changePassword,
  changePasswordSchema,
  deleteAccount,
  deleteAccountSchema,
  exportAccount,
  exportHeaders,
} from "../../core/account/index.ts";
import { userConnections } from "../../core/connections/index.ts";
import {
  getMe,
  getProfile,
  listPublicUsers,
  profileUpdateSchema,
  updateProfile,
  updateProfilePicture,
} from "../../core/people/index.ts";
import { readFieldsAndFiles, readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import { AccountExport, Connection, Me, Message, PasswordChanged, Profile, UserSummary } from "../openapi/shapes.ts";

export const usersApi = new Hono<MemberEnv>()
  .get("/", operation("Users", "Public members", { success: z.array(UserSummary) }), async (c) =>
    c.json(await listPublicUsers(c.var.services)),
  )
  .get("/me", operation("Users", "My account", { access: "member", success: Me }), member, async (c) =>
    c.json(await getMe(c.var.services, c.var.viewer)),
  )
  .get(
    "/me/export",
    operation("Users", "Download everything I have put in (an attachment)", {
      access: "member",
      success: AccountExport,
    }),
    member,
    async (c) => {
      const { filename, data } = await exportAccount(c.var.services, c.var.viewer);
      return c.body(JSON.stringify(data, null, 2), 200, exportHeaders(filename));
    },
  )
  .delete(
    "/me",
    operation("Users", "Delete my account", {
      access: "member",
      body: deleteAccountSchema,
      success: Message,
      errors: [400, 429],
    }),
    member,
    async (c) => c.json(await deleteAccount(c.var.services, c.var.viewer, await readJson(c))),
  )
  .put(
    "/password",
    operation("Users", "Change my password", {
      access: "member",
      body: changePasswordSchema,
      success: PasswordChanged,
      errors: [400, 429],
    }),
    member,
    async (c) => c.json(await changePassword(c.var.services, c.var.viewer, await readJson(c))),
  )
  .put(
    "/profile",
    operation("Users", "Edit my profile", { access: "member", body: profileUpdateSchema, success: Me, errors: [400] }),
    member,
    async (c) => c.json(await updateProfile(c.var.services, c.var.viewer, await readJson(c))),
  )
  .put(
    "/profile/picture",
    operation("Users", "Replace my profile picture", {
      access: "member",
      files: { profilePicture: "required" },
      success: Me,
      errors: [400],
    }),
    member,
    async (c) => {
      const { files } = await readFieldsAndFiles(c);
      return c.json(await updateProfilePicture(c.var.services, c.var.viewer, files.profilePicture));
    },
  )
  .get(
    "/:id/profile",
    operation("Users", "A member's profile", { access: "optional", success: Profile, errors: [404] }),
    async (c) => c.json(await getProfile(c.var.services, c.req.param("id"))),
  )
  .get(
    "/:id/connections",
    operation("Users", "A member's connections", {
      access: "optional",
      success: z.array(Connection),
      errors: [404],
    }),
    async (c) => c.json(await userConnections(c.var.services, c.req.param("id"))),
  )
  .get(
    "/:id",
    operation("Users", "A member's profile (alias)", { access: "optional", success: Profile, errors: [404] }),
    async (c) => c.json(await getProfile(c.var.services, c.req.param("id"))),
  );
