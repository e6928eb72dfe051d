import { Hono } from "hono";
import { userConnections } from "../../core/connections/index.ts";
import { getMe, getProfile, listPublicUsers, updateProfile, updateProfilePicture } from "../../core/people/index.ts";
import { readFieldsAndFiles, readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";

export const usersApi = new Hono<MemberEnv>()
  .get("/", async (c) => c.json(await listPublicUsers(c.var.services)))
  .get("/me", member, async (c) => c.json(await getMe(c.var.services, c.var.viewer)))
  .put("/profile", member, async (c) => c.json(await updateProfile(c.var.services, c.var.viewer, await readJson(c))))
  .put("/profile/picture", member, async (c) => {
    const { files } = await readFieldsAndFiles(c);
    return c.json(await updateProfilePicture(c.var.services, c.var.viewer, files.profilePicture));
  })
  .get("/:id/profile", async (c) => c.json(await getProfile(c.var.services, c.req.param("id"))))
  .get("/:id/connections", async (c) => c.json(await userConnections(c.var.services, c.req.param("id"))))
  .get("/:id", async (c) => c.json(await getProfile(c.var.services, c.req.param("id"))));
