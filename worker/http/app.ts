import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { type AppEnv, requestContext } from "../context.ts";
import { readBearerToken, readSessionCookie } from "../core/auth/index.ts";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_SECONDS } from "../core/errors.ts";
import { RATE_LIMIT_RETRY_SECONDS } from "../core/limits/index.ts";
import { connectDatabase } from "../db/connection.ts";
import { api } from "./api.ts";
import { API_PATH, BUILD_FILES_PATH, IMAGES_PATH, isApiPath, isBuildFile, isImagePath } from "./doors.ts";
import { edgeCache } from "./edge-cache/middleware.ts";
import { bodySizeCap } from "./middleware/body-size.ts";
import { sameOriginForms, securityHeaders } from "./middleware/security.ts";
import { buildFiles } from "./routers/assets.ts";
import { discovery } from "./routers/discovery.ts";
import { images } from "./routers/images.ts";
import { checkedSessions, openSession } from "./sessions.ts";

/**
 * The pages' build and React Router's handler for it, loaded by an isolate's first request for a page, or for
 * anything else the edge cache may keep under the build's assets version (a sitemap); an image or an API call never
 * loads it. The handler is given the build itself: given a function that imports it, React Router builds its route
 * tables again for every request, about a millisecond of a page's CPU (decision 043).
 */
let pages: Promise<{ handle: ReturnType<typeof createRequestHandler>; assetsVersion: string }> | undefined;
function loadPages() {
  pages ??= import("virtual:react-router/server-build").then((build) => ({
    handle: createRequestHandler(build, import.meta.env.MODE),
    assetsVersion: build.assets.version,
  }));
  return pages;
}

const app = new Hono<AppEnv>();

// Build the request's services once: the database, whose statements travel together (one round trip for what a
// page asks at once, decision 040), and the viewer from the API's Bearer token or the pages' session cookie
// (images and the build's files need neither), checked in that same round trip. With the database gone the viewer
// cannot be known: the API answers 503 before any route runs, and so does the pages' root middleware, with the
// site's error page (decision 029).
app.use("*", async (c, next) => {
  const database = connectDatabase({ url: c.env.DATABASE_URL, authToken: c.env.DATABASE_AUTH_TOKEN });
  const path = c.req.path;
  const fromCookie = !isApiPath(path);
  const value =
    isImagePath(path) || isBuildFile(path)
      ? null
      : fromCookie
        ? readSessionCookie(c.req.header("Cookie") ?? null)
        : readBearerToken(c.req.header("Authorization") ?? null);
  const session = await openSession(c.req.raw, c.env, value ? { value, fromCookie } : null, database.roundTrips);
  const background: Promise<unknown>[] = [];
  c.set("services", {
    env: c.env,
    db: database.db,
    viewer: session.viewer,
    tokenState: session.tokenState,
    confirmViewer: session.confirmViewer,
    checkedViewer: session.checkedViewer,
    writeBesideTheCheck: session.writeBesideTheCheck,
    databaseUnreachable: database.unreachable,
    refusal: null,
    clientAddress: c.req.header("CF-Connecting-IP") ?? "",
    origin: new URL(c.req.url).origin,
    nonce: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))),
    waitUntil: (promise) => {
      background.push(promise);
      c.executionCtx.waitUntil(promise);
    },
  });
  c.set("roundTrips", database.roundTrips);
  try {
    await next();
    await session.settle();
  } finally {
    // Work handed to waitUntil (a reset e-mail) may still be using the database after the response.
    if (background.length) c.executionCtx.waitUntil(Promise.allSettled(background).then(() => database.close()));
    else database.close();
  }
  if (database.unreachable()) {
    c.header("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
    c.header("Cache-Control", "no-store");
  }
  // Both doors' 429 (the API's `{message}`, a form shown again with it) says when to try again.
  if (c.res.status === 429) c.header("Retry-After", String(RATE_LIMIT_RETRY_SECONDS));
});
app.use("*", securityHeaders);
// Inside the security headers, so a kept page served again gets this request's CSP nonce.
app.use(
  "*",
  edgeCache({
    appFetch: (request, env, ctx) => app.fetch(request, env, ctx),
    pageAssetsVersion: () => loadPages().then(({ assetsVersion }) => assetsVersion),
  }),
);

app.route(API_PATH, api);
app.route(IMAGES_PATH, images);
app.route(BUILD_FILES_PATH, buildFiles);
app.route("/", discovery);

// `all`, not `get`: form posts to route actions must reach React Router too. Pages are read and their forms posted:
// React Router would run a route's action for any other method as well.
app.all("*", sameOriginForms, bodySizeCap, async (c) => {
  if (!["GET", "HEAD", "POST"].includes(c.req.method)) {
    return c.text("Pages accept forms sent with POST.", 405, { Allow: "GET, HEAD, POST" });
  }
  const context = new RouterContextProvider();
  context.set(requestContext, c.var.services);
  const answer = await loadPages().then(({ handle }) => handle(c.req.raw, context));
  // React Router refuses a post to a page without an action with a 405 that does not say what the page takes.
  if (answer.status === 405 && !answer.headers.has("Allow")) answer.headers.set("Allow", "GET, HEAD");
  return answer;
});

/**
 * What escapes the images and discovery routers (pages and the API answer their own failures): during an outage the
 * same 503 as every door, as text; anything else is a bug, logged as a 500.
 */
app.onError((error, c) => {
  if (c.var.services?.databaseUnreachable()) return c.text(UNAVAILABLE_MESSAGE, 503);
  console.error("Unhandled error", error);
  return c.text("Something went wrong on our side. Please try again.", 500);
});

/** The app, run again as the right viewer should a request's session check find it ran as someone else. */
export default { fetch: checkedSessions((request, env, ctx) => app.fetch(request, env, ctx)) };
