import { and, asc, eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { reportCases, reports } from "../../db/schema.ts";
import { sqlNow } from "../../db/sql.ts";
import { AppError, badRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import { limitAttempt } from "../limits/index.ts";
import { MODERATION_MESSAGES, type ReportTargetType } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { fieldsOf, reportSchema } from "./schemas.ts";
import { type ReportTarget, reportTarget } from "./targets.ts";

const openCaseOf = (type: ReportTargetType, id: string) =>
  and(eq(reportCases.targetType, type), eq(reportCases.targetId, id), eq(reportCases.status, "open"));

/**
 * API.md `POST /reports`. The target must be something the member may see (404 otherwise, as reading it) and not
 * their own. The report joins the target's open case, which the first report opens with a snapshot of the target;
 * both writes are one transaction, and the one-open-case-per-target and one-report-per-member-per-case indexes
 * settle racing reports: one case, and a member's second report is 409. A report of a target whose case was
 * resolved opens a new case.
 */
export async function fileReport(services: RequestServices, viewer: Viewer, input: unknown) {
  const { targetType, targetId, reason, note } = validate(reportSchema, fieldsOf(input));
  const target = await reportTarget(services, viewer, targetType, targetId);
  if (target.own) throw badRequest(MODERATION_MESSAGES.ownContent);
  await limitAttempt(services, "report", viewer.id);
  const { db } = services;
  const reportId = newId();
  try {
    await db.batch([
      openCase(db, target),
      db.insert(reports).select((qb) =>
        qb
          .select({
            id: sql`${reportId}`.as("id"),
            caseId: reportCases.id,
            reporterId: sql`${viewer.id}`.as("reporter_id"),
            reason: sql`${reason}`.as("reason"),
            note: sql`${note}`.as("note"),
            createdAt: sqlNow().as("created_at"),
          })
          .from(reportCases)
          .where(openCaseOf(target.type, target.id)),
      ),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "reports.")) throw new AppError(409, MODERATION_MESSAGES.alreadyReported);
    throw error;
  }
  return { _id: reportId, status: "open" as const };
}

/** The target's open case, created with its snapshot unless one is open already. */
export function openCase(db: Database, target: ReportTarget) {
  return db
    .insert(reportCases)
    .values({
      id: newId(),
      targetType: target.type,
      targetId: target.id,
      targetUserId: target.userId,
      summary: target.summary,
      url: target.url,
    })
    .onConflictDoNothing();
}

/** The reports a member filed, oldest first, for their data export: what, why, and where each case stands. */
export function reportsFiledBy(db: Database, memberId: string) {
  return db
    .select({
      id: reports.id,
      targetType: reportCases.targetType,
      targetId: reportCases.targetId,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      status: reportCases.status,
    })
    .from(reports)
    .innerJoin(reportCases, eq(reportCases.id, reports.caseId))
    .where(eq(reports.reporterId, memberId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

export function toFiledReport(row: Awaited<ReturnType<typeof reportsFiledBy>>[number]) {
  return {
    _id: row.id,
    target: { type: row.targetType, _id: row.targetId },
    reason: row.reason,
    note: row.note,
    createdAt: new Date(row.createdAt).toISOString(),
    status: row.status,
  };
}
