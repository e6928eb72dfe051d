import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { getBook, getMovie, lookupWorks } from "../../core/catalog/index.ts";
import { bookWithConnections, movieWithConnections } from "../../core/connections/index.ts";

export const moviesApi = new Hono<AppEnv>()
  .get("/:id", async (c) => c.json(await getMovie(c.var.services, c.req.param("id"))))
  .get("/:id/connections", async (c) =>
    c.json((await movieWithConnections(c.var.services, c.req.param("id"))).connections),
  );

export const booksApi = new Hono<AppEnv>()
  .get("/:id", async (c) => c.json(await getBook(c.var.services, c.req.param("id"))))
  .get("/:id/connections", async (c) =>
    c.json((await bookWithConnections(c.var.services, c.req.param("id"))).connections),
  );

/** API.md "Catalog with identity": title suggestions from the catalog and the providers. */
export const catalogApi = new Hono<AppEnv>().get("/lookup", async (c) =>
  c.json(await lookupWorks(c.var.services, c.req.query())),
);
