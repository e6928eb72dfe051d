import { Hono } from "hono";
import { pageNumber } from "../../core/connections/index.ts";
import { fileReport, listCases, resolveCase } from "../../core/moderation/index.ts";
import { readJson } from "../body.ts";
import { type MemberEnv, member, moderator } from "../middleware/member.ts";

/** API.md "Reports and moderation": members report, moderators work the queue. */
export const reportsApi = new Hono<MemberEnv>().post("/", member, async (c) =>
  c.json(await fileReport(c.var.services, c.var.viewer, await readJson(c)), 201),
);

export const moderationApi = new Hono<MemberEnv>()
  .use(moderator)
  .get("/reports", async (c) =>
    c.json((await listCases(c.var.services, c.req.query("status") ?? null, pageNumber(c.req.query("page")))).cases),
  )
  .post("/reports/:id/resolve", async (c) =>
    c.json(await resolveCase(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c))),
  );
