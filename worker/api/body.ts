import type { Context } from "hono";
import { badRequest } from "../errors.ts";

/** The JSON body of a request, or `{}` when there is none; malformed JSON is API.md's 400. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Invalid JSON body.");
  }
}
