import { Hono } from "hono";
import { deleteComment, updateComment } from "../../core/discussion/index.ts";
import { readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import { Comment, Message } from "../openapi/shapes.ts";

export const commentsApi = new Hono<MemberEnv>()
  .use(member)
  .put(
    "/:id",
    operation("Comments", "Edit my comment", {
      access: "member",
      success: Comment,
      errors: [400, 403, 404],
    }),
    async (c) => {
      const body = (await readJson(c)) as { text?: unknown } | null;
      return c.json(await updateComment(c.var.services, c.var.viewer, c.req.param("id"), body?.text));
    },
  )
  .delete(
    "/:id",
    operation("Comments", "Delete my comment", { access: "member", success: Message, errors: [403, 404] }),
    async (c) => c.json(await deleteComment(c.var.services, c.var.viewer, c.req.param("id"))),
  );
