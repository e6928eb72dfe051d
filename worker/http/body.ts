import type { Context } from "hono";
import { badRequest } from "../core/errors.ts";
import { readFormData, splitFormData } from "../core/images/index.ts";

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

/**
 * The fields and files of a create/update request: multipart or urlencoded forms (text fields plus files),
 * or a JSON object (API.md: a JSON body is accepted wherever multipart is).
 */
export async function readFieldsAndFiles(
  c: Context,
): Promise<{ fields: Record<string, unknown>; files: Record<string, unknown> }> {
  const type = c.req.header("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    return splitFormData(await readFormData(c.req.raw));
  }
  const body = await readJson(c);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Request body must be a JSON object.");
  return { fields: body as Record<string, unknown>, files: {} };
}
