import { Hono } from "hono";
import { changePassword, deleteAccount, exportAccount, exportHeaders } from "../../core/account/index.ts";
import { userConnections } from "../../core/connections/index.ts";
import { getMe, getProfile, listPublicUsers, updateProfile, updateProfilePicture } from "../../core/people/index.ts";
import { readFieldsAndFiles, readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { authRateLimit } from "../middleware/rate-limit.ts";

export const usersApi = new Hono<MemberEnv>()
  .get("/", async (c) => c.json(await listPublicUsers(c.var.services)))
  .get("/me", member, async (c) => c.json(await getMe(c.var.services, c.var.viewer)))
  .get("/me/export", member, async (c) => {
    const { filename, data } = await exportAccount(c.var.services, c.var.viewer);
    return c.body(JSON.stringify(data, null, 2), 200, exportHeaders(filename));
  })
  .delete("/me", member, authRateLimit, async (c) =>
    c.json(await deleteAccount(c.var.services, c.var.viewer, await readJson(c))),
  )
  .put("/password", member, authRateLimit, async (c) =>
    c.json(await changePassword(c.var.services, c.var.viewer, await readJson(c))),
  )
  .put("/profile", member, async (c) => c.json(await updateProfile(c.var.services, c.var.viewer, await readJson(c))))
  .put("/profile/picture", member, async (c) => {
    const { files } = await readFieldsAndFiles(c);
    return c.json(await updateProfilePicture(c.var.services, c.var.viewer, files.profilePicture));
  })
  .get("/:id/profile", async (c) => c.json(await getProfile(c.var.services, c.req.param("id"))))
  .get("/:id/connections", async (c) => c.json(await userConnections(c.var.services, c.req.param("id"))))
  .get("/:id", async (c) => c.json(await getProfile(c.var.services, c.req.param("id"))));
