import { createClient } from "@libsql/client/web";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api/index.ts";
import { type AppEnv, requestContext } from "./context.ts";
import { createDatabase } from "./db/client.ts";
import { images } from "./images.ts";

const handleDocumentRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = new Hono<AppEnv>();

app.use("*", async (c, next) => {
  const client = createClient({ url: c.env.DATABASE_URL, authToken: c.env.DATABASE_AUTH_TOKEN });
  c.set("services", {
    env: c.env,
    db: createDatabase(client),
    viewer: null,
    origin: new URL(c.req.url).origin,
    nonce: "",
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  try {
    await next();
  } finally {
    client.close();
  }
});

app.route("/api", api);
app.route("/images", images);

// `all`, not `get`: form posts to route actions must reach React Router too.
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(requestContext, c.var.services);
  return handleDocumentRequest(c.req.raw, context);
});

export default app;
