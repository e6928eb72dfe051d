import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context.ts";
import { apiErrorBody, knownFailure, unavailable } from "../core/errors.ts";
import { bodySizeCap } from "./middleware/body-size.ts";
import { corsFromAllowlist } from "./middleware/cors.ts";
import { docsPage } from "./openapi/docs-page.ts";
import { apiDocument } from "./openapi/document.ts";
import { auth } from "./routers/auth.ts";
import { blocksApi } from "./routers/blocks.ts";
import { booksApi, catalogApi, moviesApi } from "./routers/catalog.ts";
import { commentsApi } from "./routers/comments.ts";
import { connectionsApi } from "./routers/connections.ts";
import { followsApi } from "./routers/follows.ts";
import { health } from "./routers/health.ts";
import { moderationApi, reportsApi } from "./routers/moderation.ts";
import { notificationsApi } from "./routers/notifications.ts";
import { peopleApi } from "./routers/people.ts";
import { usersApi } from "./routers/users.ts";

/** The JSON door (API.md). One router per resource; every error leaves as `{message}`. */
export const api = new Hono<AppEnv>();

api.use("*", corsFromAllowlist);
// The viewer could not be resolved without the database: no route runs as if the caller were anonymous.
api.use("*", async (c, next) => {
  if (c.var.services.databaseUnreachable()) throw unavailable();
  await next();
});
api.use("*", bodySizeCap);

api.route("/health", health);
api.route("/auth", auth);
api.route("/users", usersApi);
api.route("/notifications", notificationsApi);
api.route("/connections", connectionsApi);
api.route("/movies", moviesApi);
api.route("/books", booksApi);
api.route("/catalog", catalogApi);
api.route("/people", peopleApi);
api.route("/comments", commentsApi);
api.route("/follows", followsApi);
api.route("/blocks", blocksApi);
api.route("/reports", reportsApi);
api.route("/moderation", moderationApi);

/**
 * The description changes only with a deploy: a client keeps it an hour, so it does not ask on every call. The edge
 * keeps it as it keeps every API answer (half a minute, two more stale), since its key does not change with a deploy
 * (decision 039's addendum of 2026-12-07).
 */
const DOCUMENT_CACHE = "public, max-age=3600, s-maxage=30, stale-while-revalidate=120";

api.get("/openapi.json", async (c) =>
  c.json(await apiDocument(api, c.var.services.origin), 200, { "Cache-Control": DOCUMENT_CACHE }),
);
api.get("/docs", async (c) =>
  c.html(docsPage(await apiDocument(api, c.var.services.origin)), 200, { "Cache-Control": DOCUMENT_CACHE }),
);

api.all("*", (c) => c.json({ message: `Not Found - ${c.req.method} ${c.req.path}` }, 404));

api.onError((error, c) => {
  // During an outage whatever failed answers as the outage (decision 029), never "Connection not found".
  if (c.var.services.databaseUnreachable()) return c.json(apiErrorBody(unavailable()), 503);
  const failure = knownFailure(error);
  if (failure) return c.json(apiErrorBody(failure), failure.status);
  if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
  console.error("Unhandled API error", error);
  return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
});
