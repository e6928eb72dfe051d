import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { getBook, getMovie } from "../../core/catalog/index.ts";
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
