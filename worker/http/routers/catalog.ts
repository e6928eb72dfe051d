import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { getBook, getMovie, lookupWorks } from "../../core/catalog/index.ts";
import { bookWithConnections, movieWithConnections } from "../../core/connections/index.ts";
import { operation } from "../openapi/describe.ts";
import { Book, Connection, LookupCandidates, Movie } from "../openapi/shapes.ts";

export const moviesApi = new Hono<AppEnv>()
  .get("/:id", operation("Movies", "A movie", { success: Movie, errors: [404] }), async (c) =>
    c.json(await getMovie(c.var.services, c.req.param("id"))),
  )
  .get(
    "/:id/connections",
    operation("Movies", "A movie's connections", {
      access: "optional",
      success: z.array(Connection),
      errors: [404],
    }),
    async (c) => c.json((await movieWithConnections(c.var.services, c.req.param("id"))).connections),
  );

export const booksApi = new Hono<AppEnv>()
  .get("/:id", operation("Books", "A book", { success: Book, errors: [404] }), async (c) =>
    c.json(await getBook(c.var.services, c.req.param("id"))),
  )
  .get(
    "/:id/connections",
    operation("Books", "A book's connections", {
      access: "optional",
      success: z.array(Connection),
      errors: [404],
    }),
    async (c) => c.json((await bookWithConnections(c.var.services, c.req.param("id"))).connections),
  );

/** API.md "Catalog with identity": title suggestions from the catalog and the providers. */
export const catalogApi = new Hono<AppEnv>().get(
  "/lookup",
  operation("Catalog", "Title suggestions from the catalog and the providers", {
    access: "optional",
    query: {
      type: "movie or book",
      q: "What was typed (at least 2 characters)",
      year: "The release or publication year",
    },
    success: LookupCandidates,
    errors: [400],
  }),
  async (c) => c.json(await lookupWorks(c.var.services, c.req.query())),
);
