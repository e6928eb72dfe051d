import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { getBook, getMovie } from "../catalog.ts";
import { connectionsFeaturing } from "../connections.ts";

export const moviesApi = new Hono<AppEnv>()
  .get("/:id", async (c) => c.json(await getMovie(c.var.services, c.req.param("id"))))
  .get("/:id/connections", async (c) => {
    const movie = await getMovie(c.var.services, c.req.param("id"));
    return c.json(await connectionsFeaturing(c.var.services, { movieId: movie._id }));
  });

export const booksApi = new Hono<AppEnv>()
  .get("/:id", async (c) => c.json(await getBook(c.var.services, c.req.param("id"))))
  .get("/:id/connections", async (c) => {
    const book = await getBook(c.var.services, c.req.param("id"));
    return c.json(await connectionsFeaturing(c.var.services, { bookId: book._id }));
  });
