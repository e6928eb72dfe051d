import { Hono } from "hono";
import { requireViewer } from "../../core/auth/index.ts";
import {
  connectionsByIds,
  createConnection,
  createConnectionSchema,
  deleteConnection,
  FEED_FILTER_NAMES,
  getConnection,
  listFeed,
  pageNumber,
  popularTags,
  readFeedFilters,
  readFeedView,
  searchConnections,
  updateConnection,
  updateConnectionSchema,
} from "../../core/connections/index.ts";
import { addComment, commentSchema, listComments, toggleFavorite, toggleLike } from "../../core/discussion/index.ts";
import { badRequest } from "../../core/errors.ts";
import { COMMENT_FORMS } from "../../core/rules/index.ts";
import { castVote, withdrawVote } from "../../core/verdicts/index.ts";
import { readFieldsAndFiles, readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";

/** API.md feed filters (movie and book facets, tags, kind), all optional, the feed, its order and the page. */
const FEED_QUERY = {
  ...Object.fromEntries(FEED_FILTER_NAMES.map((name) => [name, `Only connections matching this ${name}`])),
  feed: "everyone (default), or following: the caller's and their followed members' connections (members only: 401 without a valid token)",
  sort: "newest (default), top (most likes in the last 7 days first) or discussed (most comments in the last 7 days first)",
  pageNumber: "Page number from 1",
};

export const connectionsApi = new Hono<MemberEnv>()
  .get(
    "/",
    operation("Connections", "The feed", { access: "optional", query: FEED_QUERY, errors: [400, 401] }),
    async (c) => {
      const { services } = c.var;
      const query = c.req.query();
      // Existing clients ask without `feed`: they keep getting everyone's connections, newest first.
      const view = readFeedView(query, { scope: "everyone", strict: true });
      // Following is a member's own feed: a visitor (or a bad token) gets API.md's 401, never someone's guess.
      if (view.scope === "following") requireViewer(services.viewer, services.tokenState);
      return c.json(await listFeed(services, readFeedFilters(query), pageNumber(query.pageNumber), view));
    },
  )
  .get(
    "/search",
    operation("Connections", "Search connections", {
      access: "optional",
      query: { q: "Search text", page: "Page number from 1" },
    }),
    async (c) =>
      c.json(
        await searchConnections(
          c.var.services,
          c.req.query("q") ?? "",
          pageNumber(c.req.query("page") ?? c.req.query("pageNumber")),
        ),
      ),
  )
  .get("/popular-tags", operation("Connections", "Popular tags"), async (c) =>
    c.json(await popularTags(c.var.services)),
  )
  .post(
    "/batch",
    operation("Connections", "Connections by ids", { access: "member", errors: [400] }),
    member,
    async (c) => {
      const body = (await readJson(c)) as { connectionIds?: unknown } | null;
      const ids = body?.connectionIds;
      if (!Array.isArray(ids)) throw badRequest('Request body must contain an array named "connectionIds".');
      return c.json(
        await connectionsByIds(
          c.var.services,
          ids.filter((id): id is string => typeof id === "string"),
        ),
      );
    },
  )
  .get("/:id", operation("Connections", "A connection", { access: "optional", errors: [404] }), async (c) =>
    c.json(await getConnection(c.var.services, c.req.param("id"))),
  )
  .post(
    "/",
    operation("Connections", "Create a connection", {
      access: "member",
      status: 201,
      body: createConnectionSchema,
      multipart: true,
      errors: [400],
    }),
    member,
    async (c) => {
      const { fields, files } = await readFieldsAndFiles(c);
      return c.json(await createConnection(c.var.services, c.var.viewer, fields, files), 201);
    },
  )
  .put(
    "/:id",
    operation("Connections", "Edit my connection", {
      access: "member",
      body: updateConnectionSchema(false),
      multipart: true,
      errors: [400, 403, 404],
    }),
    member,
    async (c) => {
      const { fields, files } = await readFieldsAndFiles(c);
      return c.json(await updateConnection(c.var.services, c.var.viewer, c.req.param("id"), fields, files));
    },
  )
  .delete(
    "/:id",
    operation("Connections", "Delete my connection", { access: "member", errors: [403, 404] }),
    member,
    async (c) => c.json(await deleteConnection(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .post(
    "/:id/like",
    operation("Connections", "Like or unlike a connection", { access: "member", errors: [404] }),
    member,
    async (c) => c.json(await toggleLike(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .post(
    "/:id/favorite",
    operation("Connections", "Favorite or unfavorite a connection", { access: "member", errors: [404] }),
    member,
    async (c) => c.json(await toggleFavorite(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .put(
    "/:id/verdict",
    operation("Verdicts", "Vote on which is better", { access: "member", errors: [400, 404] }),
    member,
    async (c) => c.json(await castVote(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c))),
  )
  .delete(
    "/:id/verdict",
    operation("Verdicts", "Withdraw my vote", { access: "member", errors: [404] }),
    member,
    async (c) => c.json(await withdrawVote(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .get(
    "/:id/comments",
    operation("Comments", "Comments on a connection", { access: "optional", errors: [404] }),
    async (c) => c.json(await listComments(c.var.services, c.req.param("id"))),
  )
  .post(
    "/:id/comments",
    operation("Comments", "Comment on a connection", {
      access: "member",
      status: 201,
      body: commentSchema(COMMENT_FORMS.add),
      errors: [400, 404],
    }),
    member,
    async (c) => c.json(await addComment(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c)), 201),
  );
