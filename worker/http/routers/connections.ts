import { Hono } from "hono";
import { z } from "zod";
import { requireViewer } from "../../core/auth/index.ts";
import {
  connectionIdsSchema,
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
  sentImages,
  updateConnection,
  updateConnectionSchema,
} from "../../core/connections/index.ts";
import { addComment, commentSchema, listComments, toggleFavorite, toggleLike } from "../../core/discussion/index.ts";
import { COMMENT_FORMS, IMAGE_FIELDS } from "../../core/rules/index.ts";
import { castVote, verdictVoteSchema, withdrawVote } from "../../core/verdicts/index.ts";
import { readFieldsAndFiles, readJson } from "../body.ts";
import { type MemberEnv, member } from "../middleware/member.ts";
import { operation } from "../openapi/describe.ts";
import {
  Comment,
  Connection,
  ConnectionDeleted,
  ConnectionPage,
  LikeResult,
  PopularTag,
  SearchPage,
  Verdict,
} from "../openapi/shapes.ts";

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
    operation("Connections", "The feed: everyone's or the members I follow, newest or ranked this week", {
      access: "optional",
      description:
        "A departure from API.md: the Following feed with a filter counts at most 1,000 matches, so its pages " +
        "stops at 100; the pages past it still list their connections. Everything else counts every match.",
      query: FEED_QUERY,
      success: ConnectionPage,
      errors: [400, 401],
    }),
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
      description:
        "Newest first. A departure from API.md: totalCount counts at most 1,000 matches and pages follows it (at " +
        "most 100 pages, later ones are empty); totalCountCapped: true is added when more connections match.",
      query: { q: "Search text (no control characters)", page: "Page number from 1" },
      success: SearchPage,
      errors: [400],
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
  .get("/popular-tags", operation("Connections", "Popular tags", { success: z.array(PopularTag) }), async (c) =>
    c.json(await popularTags(c.var.services)),
  )
  .post(
    "/batch",
    operation("Connections", "Connections by ids", {
      access: "member",
      body: connectionIdsSchema,
      success: z.array(Connection),
      errors: [400],
    }),
    member,
    async (c) => c.json(await connectionsByIds(c.var.services, await readJson(c))),
  )
  .get(
    "/:id",
    operation("Connections", "A connection", { access: "optional", success: Connection, errors: [404] }),
    async (c) => c.json(await getConnection(c.var.services, c.req.param("id"))),
  )
  .post(
    "/",
    operation("Connections", "Create a connection", {
      access: "member",
      status: 201,
      body: createConnectionSchema,
      files: Object.fromEntries(IMAGE_FIELDS.map((field) => [field, "optional"])),
      success: Connection,
      errors: [400, 422],
      headers: {
        "Idempotency-Key":
          "Makes a retry safe: 1 to 255 visible ASCII characters (quoted or not), unique per post. For 24 hours a " +
          "request with the same key and the same fields and images answers the connection it created (201, " +
          "Idempotent-Replayed: true) instead of posting again; the same key with another request answers 422. " +
          "Keys are the member's own: another member's use of a key is unrelated.",
      },
      successHeaders: { "Idempotent-Replayed": '"true" when the answer is an earlier post with this Idempotency-Key' },
    }),
    member,
    async (c) => {
      const { fields, files } = await readFieldsAndFiles(c);
      const { connection, replayed } = await createConnection(
        c.var.services,
        c.var.viewer,
        fields,
        files,
        c.req.header("Idempotency-Key") ?? null,
      );
      if (replayed) c.header("Idempotent-Replayed", "true");
      return c.json(connection, 201);
    },
  )
  .put(
    "/:id",
    operation("Connections", "Edit my connection", {
      access: "member",
      body: updateConnectionSchema(false),
      files: { screenshot: "optional" },
      success: Connection,
      errors: [400, 403, 404],
    }),
    member,
    async (c) => {
      const { fields, files } = await readFieldsAndFiles(c);
      const screenshot = await sentImages(files, ["screenshot"]);
      return c.json(await updateConnection(c.var.services, c.var.viewer, c.req.param("id"), fields, screenshot));
    },
  )
  .delete(
    "/:id",
    operation("Connections", "Delete my connection", {
      access: "member",
      success: ConnectionDeleted,
      errors: [403, 404],
    }),
    member,
    async (c) => c.json(await deleteConnection(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .post(
    "/:id/like",
    operation("Connections", "Like or unlike a connection", { access: "member", success: LikeResult, errors: [404] }),
    member,
    async (c) => c.json(await toggleLike(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .post(
    "/:id/favorite",
    operation("Connections", "Favorite or unfavorite a connection", {
      access: "member",
      success: Connection,
      errors: [404],
    }),
    member,
    async (c) => c.json(await toggleFavorite(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .put(
    "/:id/verdict",
    operation("Verdicts", "Vote on which is better", {
      access: "member",
      body: verdictVoteSchema,
      success: Verdict,
      errors: [400, 404],
    }),
    member,
    async (c) => c.json(await castVote(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c))),
  )
  .delete(
    "/:id/verdict",
    operation("Verdicts", "Withdraw my vote", { access: "member", success: Verdict, errors: [400, 404] }),
    member,
    async (c) => c.json(await withdrawVote(c.var.services, c.var.viewer, c.req.param("id"))),
  )
  .get(
    "/:id/comments",
    operation("Comments", "Comments on a connection", {
      access: "optional",
      success: z.array(Comment),
      errors: [404],
    }),
    async (c) => c.json(await listComments(c.var.services, c.req.param("id"))),
  )
  .post(
    "/:id/comments",
    operation("Comments", "Comment on a connection", {
      access: "member",
      status: 201,
      body: commentSchema(COMMENT_FORMS.add),
      success: Comment,
      errors: [400, 404],
    }),
    member,
    async (c) => c.json(await addComment(c.var.services, c.var.viewer, c.req.param("id"), await readJson(c)), 201),
  );
