import { Hono } from "hono";
import { z } from "zod";
import { pageNumber } from "../../core/connections/index.ts";
import { fileReport, listCases, reportSchema, resolveCase, resolveSchema } from "../../core/moderation/index.ts";
import { readJson } from "../body.ts";
import { type MemberEnv, member, moderator } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import { ReportCase, ReportFiled, Resolution } from "../openapi/shapes.ts";

/** API.md "Reports and moderation": members report, moderators work the queue. */
export const reportsApi = new Hono<MemberEnv>().post(
  "/",
  operation("Moderation", "Report a connection, comment or member", {
    access: "member",
    status: 201,
    body: reportSchema,
    success: ReportFiled,
    errors: [400, 404, 409, 429],
  }),
  member,
  async (c) => c.json(await fileReport(c.var.services, c.var.viewer, await readJson(c)), 201),
);

export const moderationApi = new Hono<MemberEnv>()
  .use(moderator)
  .get(
    "/reports",
    operation("Moderation", "The report queue", {
      access: "moderator",
      query: { status: "open or resolved", page: "Page number from 1" },
      success: z.array(ReportCase),
      errors: [400],
    }),
    async (c) =>
      c.json((await listCases(c.var.services, c.req.query("status") ?? null, pageNumber(c.req.query("page")))).cases),
  )
  .post(
    "/reports/:id/resolve",
    operation("Moderation", "Resolve a report", {
      access: "moderator",
      body: resolveSchema,
      success: Resolution,
      errors: [400, 404],
    }),
    async (c) => c.json(await resolveCase(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c))),
  );
