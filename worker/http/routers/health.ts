import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { operation } from "../openapi/describe.ts";
import { Health } from "../openapi/shapes.ts";

/**
 * Liveness with a real database round trip, so a broken DATABASE_URL shows up here first; never kept by a cache
 * (the edge cache would otherwise answer it for half a minute).
 */
export const health = new Hono<AppEnv>().get(
  "/",
  operation("Health", "Liveness with a database round trip", { success: Health }),
  async (c) => {
    await c.var.services.db.run(sql`select 1`);
    return c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" });
  },
);
