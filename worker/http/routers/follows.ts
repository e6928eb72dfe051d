import { Hono } from "hono";
import { follow, followList, followStatus, unfollow } from "../../core/people/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";

export const followsApi = new Hono<MemberEnv>()
  .get("/is-following/:userId", member, async (c) =>
    c.json(await followStatus(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get("/followers/:userId", async (c) =>
    c.json((await followList(c.var.services, c.req.param("userId"), "followers")).users),
  )
  .get("/following/:userId", async (c) =>
    c.json((await followList(c.var.services, c.req.param("userId"), "following")).users),
  )
  .post("/:userId", member, async (c) => c.json(await follow(c.var.services, c.var.viewer, c.req.param("userId")), 201))
  .delete("/:userId", member, async (c) => c.json(await unfollow(c.var.services, c.var.viewer, c.req.param("userId"))));
