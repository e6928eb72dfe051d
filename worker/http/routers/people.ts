import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { pageNumber, personWithConnections } from "../../core/connections/index.ts";
import { operation } from "../openapi/describe.ts";
import { PersonPage } from "../openapi/shapes.ts";

/** The catalog's people (directors, actors, authors) by slug; members are `/users`. */
export const peopleApi = new Hono<AppEnv>().get(
  "/:slug",
  operation("People", "A director, actor or author with their connections", {
    access: "optional",
    query: { page: "Page number from 1" },
    success: PersonPage,
    errors: [404],
  }),
  async (c) => {
    const page = pageNumber(c.req.query("page") ?? c.req.query("pageNumber"));
    const { totalCount: _total, ...person } = await personWithConnections(c.var.services, c.req.param("slug"), page);
    return c.json(person);
  },
);
