import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { getBook, getMovie, lookupWorks } from "../../core/catalog/index.ts";
import { bookWithConnections, movieWithConnections } from "../../core/connections/index.ts";
import { operation } from "../openapi/describe.ts";

export const moviesApi = new Hono<AppEnv>()
  .get("/:id", operation("Movies", "A movie", { errors: [404] }), async (c) =>
    c.json(await getMovie(c.var.services, c.req.param("id"))),
  )
  .get(
    "/:id/connections",
    operation("Movies", "Public connections of a movie", { access: "optional", errors: [404] }),
    async (c) => c.json((await movieWithConnections(c.var.services, c.req.param("id"))).connections),
  );

export const booksApi = new Hono<AppEnv>()
  .get("/:id", operation("Books", "A book", { errors: [404] }), async (c) =>
    c.json(await getBook(c.var.services, c.req.param("id"))),
  )
  .get(
    "/:id/connections",
    operation("Books", "Public connections of a book", { access: "optional", errors: [404] }),
    async (c) => c.json((await bookWithConnections(c.var.services, c.req.param("id"))).connections),
  );

/** API.md "Catalog with identity": title suggestions from the catalog and the providers. */
export const catalogApi = new Hono<AppEnv>().get(
  "/lookup",
  operation("Catalog", "Title suggestions from the catalog and the providers", {
    query: { kind: "movie or book", q: "What was typed" },
    errors: [400],
  }),
  async (c) => c.json(await lookupWorks(c.var.services, c.req.query())),
);
