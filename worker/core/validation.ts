import { z } from "zod";
import { badRequest } from "./errors.ts";
import { type FormRules, type FormValues, firstFailure, isTicked } from "./rules/index.ts";

/**
 * Parses input with a shared schema and throws the first problem as a 400 with the schema's own message, at the
 * issue's field. Schemas are written so that their first issue is the rule the spec lists first.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(issue?.message ?? "Invalid request.", issue?.path.join(".") || undefined);
}

/**
 * A schema refinement that checks a form's shared rules (worker/core/rules) on the parsed values and reports the
 * first broken one as the issue, at its field: the browser runs the same rules before sending the form.
 */
export function followRules<Name extends string>(form: FormRules<Name>) {
  return (values: FormValues<Name>, ctx: z.RefinementCtx) => {
    const failure = firstFailure(form, values);
    if (failure) ctx.addIssue({ code: "custom", message: failure.message, path: failure.field ? [failure.field] : [] });
  };
}

/** Checks values that need no parsing against a form's rules, throwing the first broken one as a 400. */
export function checkRules<Name extends string>(form: FormRules<Name>, values: FormValues<Name>): void {
  const failure = firstFailure(form, values);
  if (failure) throw badRequest(failure.message, failure.field);
}

/**
 * An optional flag: a JSON boolean, or the text a checkbox or a client sends for it ("true", "on", "1"); anything
 * else unticks it, and absent stays undefined (an edit then keeps the stored value).
 */
export const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .catch(undefined)
  .transform((value) => (value === undefined ? undefined : isTicked(value)));
