import { Hono } from "hono";
import {
  acceptFollowRequest,
  declineFollowRequest,
  follow,
  followList,
  followStatus,
  listFollowRequests,
  removeFollower,
  unfollow,
} from "../../core/people/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";

// Paths with more segments (/requests/:id/accept, /followers/:id) never meet the one-segment /:userId routes.
export const followsApi = new Hono<MemberEnv>()
  .get("/is-following/:userId", member, async (c) =>
    c.json(await followStatus(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get("/requests", member, async (c) => c.json(await listFollowRequests(c.var.services, c.var.viewer)))
  .post("/requests/:userId/accept", member, async (c) =>
    c.json(await acceptFollowRequest(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .post("/requests/:userId/decline", member, async (c) =>
    c.json(await declineFollowRequest(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get("/followers/:userId", async (c) =>
    c.json((await followList(c.var.services, c.req.param("userId"), "followers")).users),
  )
  .delete("/followers/:userId", member, async (c) =>
    c.json(await removeFollower(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get("/following/:userId", async (c) =>
    c.json((await followList(c.var.services, c.req.param("userId"), "following")).users),
  )
  .post("/:userId", member, async (c) => {
    const { status, body } = await follow(c.var.services, c.var.viewer, c.req.param("userId"));
    return c.json(body, status);
  })
  .delete("/:userId", member, async (c) => c.json(await unfollow(c.var.services, c.var.viewer, c.req.param("userId"))));
