import type { Context } from "hono";
import { badRequest } from "../core/errors.ts";
import { readFormData, splitFormData } from "../core/images/index.ts";

/**
 * The JSON object a request carries, or `{}` when it has no body. Malformed JSON is API.md's 400, and so is JSON
 * that is not an object (`[]`, `"text"`, `null`): every JSON body the API takes is an object of named fields.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("Invalid JSON body.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** A media type's essence, as the Fetch standard compares them: without parameters, in lower case. */
const essence = (contentType: string | undefined) => (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/** Whether a body is a multipart form, the only kind that can carry files. */
export const isMultipart = (contentType: string | undefined) => essence(contentType) === "multipart/form-data";

/**
 * The fields and files of a create/update request: multipart or urlencoded forms (text fields plus files),
 * or a JSON object (API.md: a JSON body is accepted wherever multipart is).
 */
export async function readFieldsAndFiles(
  c: Context,
): Promise<{ fields: Record<string, unknown>; files: Record<string, unknown> }> {
  const type = c.req.header("Content-Type");
  if (isMultipart(type) || essence(type) === "application/x-www-form-urlencoded") {
    return splitFormData(await readFormData(c.req.raw));
  }
  return { fields: await readJson(c), files: {} };
}
