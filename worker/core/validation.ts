import type { z } from "zod";
import { badRequest } from "./errors.ts";

/**
 * Parses input with a shared schema and throws the first problem as a 400 with the schema's own message.
 * Schemas are written so that their first issue is the rule the spec lists first.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? "Invalid request.");
}
