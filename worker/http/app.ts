import { createClient } from "@libsql/client/web";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { type AppEnv, requestContext } from "../context.ts";
import { readBearerToken, readSessionCookie, resolveViewer } from "../core/auth/index.ts";
import { createDatabase } from "../db/client.ts";
import { api } from "./api.ts";
import { edgeCache } from "./edge-cache/middleware.ts";
import { sameOriginForms, securityHeaders } from "./middleware/security.ts";
import { discovery } from "./routers/discovery.ts";
import { images } from "./routers/images.ts";

const handleDocumentRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = new Hono<AppEnv>();

// Build the request's services once: the database, and the viewer from the API's Bearer token or the
// pages' session cookie (images need neither).
app.use("*", async (c, next) => {
  const client = createClient({ url: c.env.DATABASE_URL, authToken: c.env.DATABASE_AUTH_TOKEN });
  const db = createDatabase(client);
  const path = c.req.path;
  const token = path.startsWith("/images/")
    ? null
    : path === "/api" || path.startsWith("/api/")
      ? readBearerToken(c.req.header("Authorization") ?? null)
      : readSessionCookie(c.req.header("Cookie") ?? null);
  const { viewer, token: tokenState } = await resolveViewer({ db, env: c.env }, token);
  const background: Promise<unknown>[] = [];
  c.set("services", {
    env: c.env,
    db,
    viewer,
    tokenState,
    origin: new URL(c.req.url).origin,
    nonce: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))),
    waitUntil: (promise) => {
      background.push(promise);
      c.executionCtx.waitUntil(promise);
    },
  });
  try {
    await next();
  } finally {
    // Work handed to waitUntil (a reset e-mail) may still be using the database after the response.
    if (background.length) c.executionCtx.waitUntil(Promise.allSettled(background).then(() => client.close()));
    else client.close();
  }
});
app.use("*", securityHeaders);
// Inside the security headers, so a kept page served again gets this request's CSP nonce.
app.use(
  "*",
  edgeCache((request, env, ctx) => app.fetch(request, env, ctx)),
);

app.route("/api", api);
app.route("/images", images);
app.route("/", discovery);

// `all`, not `get`: form posts to route actions must reach React Router too.
app.all("*", sameOriginForms, (c) => {
  const context = new RouterContextProvider();
  context.set(requestContext, c.var.services);
  return handleDocumentRequest(c.req.raw, context);
});

export default app;
