import { Hono } from "hono";
import { commentSchema, deleteComment, updateComment } from "../../core/discussion/index.ts";
import { COMMENT_FORMS } from "../../core/rules/index.ts";
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
      body: commentSchema(COMMENT_FORMS.edit),
      success: Comment,
      errors: [400, 403, 404],
    }),
    async (c) => c.json(await updateComment(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c))),
  )
  .delete(
    "/:id",
    operation("Comments", "Delete my comment", { access: "member", success: Message, errors: [403, 404] }),
    async (c) => c.json(await deleteComment(c.var.services, c.var.viewer, c.req.param("id"))),
  );
