import { Hono } from "hono";
import {
  connectionsByIds,
  createConnection,
  deleteConnection,
  getConnection,
  listFeed,
  pageNumber,
  popularTags,
  readFeedFilters,
  searchConnections,
  updateConnection,
} from "../../core/connections/index.ts";
import { addComment, listComments, toggleFavorite, toggleLike } from "../../core/discussion/index.ts";
import { badRequest } from "../../core/errors.ts";
import { castVote, withdrawVote } from "../../core/verdicts/index.ts";
import { readFieldsAndFiles, readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";

export const connectionsApi = new Hono<MemberEnv>()
  .get("/", async (c) =>
    c.json(await listFeed(c.var.services, readFeedFilters(c.req.query()), pageNumber(c.req.query("pageNumber")))),
  )
  .get("/search", async (c) =>
    c.json(
      await searchConnections(
        c.var.services,
        c.req.query("q") ?? "",
        pageNumber(c.req.query("page") ?? c.req.query("pageNumber")),
      ),
    ),
  )
  .get("/popular-tags", async (c) => c.json(await popularTags(c.var.services)))
  .post("/batch", member, async (c) => {
    const body = (await readJson(c)) as { connectionIds?: unknown } | null;
    const ids = body?.connectionIds;
    if (!Array.isArray(ids)) throw badRequest('Request body must contain an array named "connectionIds".');
    return c.json(
      await connectionsByIds(
        c.var.services,
        ids.filter((id): id is string => typeof id === "string"),
      ),
    );
  })
  .get("/:id", async (c) => c.json(await getConnection(c.var.services, c.req.param("id"))))
  .post("/", member, async (c) => {
    const { fields, files } = await readFieldsAndFiles(c);
    return c.json(await createConnection(c.var.services, c.var.viewer, fields, files), 201);
  })
  .put("/:id", member, async (c) => {
    const { fields, files } = await readFieldsAndFiles(c);
    return c.json(await updateConnection(c.var.services, c.var.viewer, c.req.param("id"), fields, files));
  })
  .delete("/:id", member, async (c) => c.json(await deleteConnection(c.var.services, c.var.viewer, c.req.param("id"))))
  .post("/:id/like", member, async (c) => c.json(await toggleLike(c.var.services, c.var.viewer, c.req.param("id"))))
  .post("/:id/favorite", member, async (c) =>
    c.json(await toggleFavorite(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .put("/:id/verdict", member, async (c) =>
    c.json(await castVote(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c))),
  )
  .delete("/:id/verdict", member, async (c) =>
    c.json(await withdrawVote(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .get("/:id/comments", async (c) => c.json(await listComments(c.var.services, c.req.param("id"))))
  .post("/:id/comments", member, async (c) => {
    const body = (await readJson(c)) as { text?: unknown } | null;
    return c.json(await addComment(c.var.services, c.var.viewer, c.req.param("id"), body?.text), 201);
  });
