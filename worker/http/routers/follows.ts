import { Hono } from "hono";
import { z } from "zod";
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
import { operation } from "../openapi/describe.ts";
import {
  Followed,
  FollowerCount,
  FollowRequest,
  FollowRequested,
  FollowState,
  Message,
  Unfollowed,
  UserSummary,
} from "../openapi/shapes.ts";

// Paths with more segments (/requests/:id/accept, /followers/:id) never meet the one-segment /:userId routes.
export const followsApi = new Hono<MemberEnv>()
  .get(
    "/is-following/:userId",
    operation("Follows", "Whether I follow a member", { access: "member", success: FollowState, errors: [404] }),
    member,
    async (c) => c.json(await followStatus(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get(
    "/requests",
    operation("Follows", "Follow requests waiting for me", { access: "member", success: z.array(FollowRequest) }),
    member,
    async (c) => c.json(await listFollowRequests(c.var.services, c.var.viewer)),
  )
  .post(
    "/requests/:userId/accept",
    operation("Follows", "Accept a follow request", { access: "member", success: FollowerCount, errors: [404] }),
    member,
    async (c) => c.json(await acceptFollowRequest(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .post(
    "/requests/:userId/decline",
    operation("Follows", "Decline a follow request", { access: "member", success: Message, errors: [404] }),
    member,
    async (c) => c.json(await declineFollowRequest(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get(
    "/followers/:userId",
    operation("Follows", "A member's followers", {
      access: "optional",
      success: z.array(UserSummary),
      errors: [404],
    }),
    async (c) => c.json((await followList(c.var.services, c.req.param("userId"), "followers")).users),
  )
  .delete(
    "/followers/:userId",
    operation("Follows", "Remove one of my followers", { access: "member", success: FollowerCount, errors: [404] }),
    member,
    async (c) => c.json(await removeFollower(c.var.services, c.var.viewer, c.req.param("userId"))),
  )
  .get(
    "/following/:userId",
    operation("Follows", "Whom a member follows", {
      access: "optional",
      success: z.array(UserSummary),
      errors: [404],
    }),
    async (c) => c.json((await followList(c.var.services, c.req.param("userId"), "following")).users),
  )
  .post(
    "/:userId",
    operation("Follows", "Follow a member, or ask to", {
      access: "member",
      status: 201,
      success: Followed,
      alsoSucceeds: { 202: FollowRequested },
      errors: [400, 403, 404, 409],
    }),
    member,
    async (c) => {
      const { status, body } = await follow(c.var.services, c.var.viewer, c.req.param("userId"));
      return c.json(body, status);
    },
  )
  .delete(
    "/:userId",
    operation("Follows", "Unfollow a member, or cancel my request", {
      access: "member",
      success: Unfollowed,
      errors: [400, 404],
    }),
    member,
    async (c) => c.json(await unfollow(c.var.services, c.var.viewer, c.req.param("userId"))),
  );
