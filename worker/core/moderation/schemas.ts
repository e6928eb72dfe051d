import { z } from "zod";
import {
  isTargetType,
  MODERATION_MESSAGES,
  REPORT_FORM,
  REPORT_STATUSES,
  RESOLVE_FORM,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
  type ResolveAction,
  readText,
} from "../rules/index.ts";
import { followRules } from "../validation.ts";

// Missing or non-text fields count as empty, so a bad body gets the contract's message, not a type error; text is
// trimmed, as the forms read it.
const text = z.string().catch("").transform(readText);

/** The report form's fields alone (the page knows its target from the address). */
export const reportFieldsSchema = z.object({ reason: text, note: text }).superRefine(followRules(REPORT_FORM));

/** API.md `POST /reports`: the target's type first, then the form's rules (reason, note). */
export const reportSchema = z
  .object({ targetType: text, targetId: text, reason: text, note: text })
  .superRefine((input, ctx) => {
    if (!isTargetType(input.targetType)) {
      ctx.addIssue({ code: "custom", message: MODERATION_MESSAGES.badTarget, path: ["targetType"] });
      return;
    }
    followRules(REPORT_FORM)(input, ctx);
  })
  .transform((input) => ({
    ...input,
    targetType: input.targetType as ReportTargetType,
    reason: input.reason as ReportReason,
  }));

/** API.md `POST /moderation/reports/:id/resolve`. */
export const resolveSchema = z
  .object({ action: text, note: text })
  .superRefine(followRules(RESOLVE_FORM))
  .transform((input) => ({ ...input, action: input.action as ResolveAction }));

/** A request body as an object of fields: anything else has none, so it gets the first rule's message. */
export function fieldsOf(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** `?status=` of the queue: open when absent. */
export function readStatus(value: string | null | undefined): ReportStatus | null {
  const status = value ?? "open";
  return (REPORT_STATUSES as readonly string[]).includes(status) ? (status as ReportStatus) : null;
}
