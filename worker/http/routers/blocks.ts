import { Hono } from "hono";
import { block, listBlocks, unblock } from "../../core/people/index.ts";
import { type MemberEnv, member } from "../middleware/member.ts";

/** API.md "Blocks". */
export const blocksApi = new Hono<MemberEnv>()
  .get("/", member, async (c) => c.json(await listBlocks(c.var.services, c.var.viewer)))
  .post("/:userId", member, async (c) => c.json(await block(c.var.services, c.var.viewer, c.req.param("userId")), 201))
  .delete("/:userId", member, async (c) => c.json(await unblock(c.var.services, c.var.viewer, c.req.param("userId"))));
