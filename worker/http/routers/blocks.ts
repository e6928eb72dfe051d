import { Hono } from "hono";
import { z } from "zod";
import { block, listBlocks, unblock } from "../../core/people/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import { Blocked, Unblocked, UserSummary } from "../openapi/shapes.ts";

/** API.md "Blocks". */
export const blocksApi = new Hono<MemberEnv>()
  .get(
    "/",
    operation("Blocks", "Members I block", { access: "member", success: z.array(UserSummary) }),
    member,
    async (c) => c.json(await listBlocks(c.var.services, c.var.viewer)),
  )
  .post(
    "/:userId",
    operation("Blocks", "Block a member", { access: "member", status: 201, success: Blocked, errors: [400, 404] }),
    member,
    async (c) => c.json(await block(c.var.services, c.var.viewer, c.req.param("userId")), 201),
  )
  .delete(
    "/:userId",
    operation("Blocks", "Unblock a member", { access: "member", success: Unblocked, errors: [404] }),
    member,
    async (c) => c.json(await unblock(c.var.services, c.var.viewer, c.req.param("userId"))),
  );
