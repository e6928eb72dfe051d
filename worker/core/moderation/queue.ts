import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { reportCases, reports, users } from "../../db/schema.ts";
import { badRequest } from "../errors.ts";
import {
  MODERATION_MESSAGES,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
  type ResolveAction,
} from "../rules/index.ts";
import { readStatus } from "./schemas.ts";

export const QUEUE_PAGE_SIZE = 10;

/** API.md `GET /moderation/reports`: one entry per case, with `notes` and `resolution` added (decision 017). */
export interface CaseView {
  _id: string;
  target: { type: ReportTargetType; _id: string; summary: string; url: string };
  reasons: Partial<Record<ReportReason, number>>;
  reportCount: number;
  firstReportedAt: string;
  status: ReportStatus;
  /** What reporters wrote, oldest first; reporters stay anonymous, even to moderators. */
  notes: Array<{ reason: ReportReason; note: string; createdAt: string }>;
  resolution: { action: ResolveAction; note: string; moderator: string; resolvedAt: string } | null;
}

/** A case someone still reports: its reports leave with their reporters' accounts. */
export const reportedCase = sql`exists (select 1 from ${reports} where ${reports.caseId} = ${reportCases.id})`;

/**
 * One page of cases: open ones with the most reports first, then the longest waiting; resolved ones most recently
 * resolved first. An open case whose every reporter has since left (their reports went with their accounts) is
 * withdrawn with them and not listed (`reportedCase`, which the sidebar's count uses too); a resolved one stays in
 * the history, with the reports that are left. Both reads are one round trip; `pages` counts pages of
 * `QUEUE_PAGE_SIZE`.
 */
export async function listCases({ db }: Pick<RequestServices, "db">, statusParam: string | null, page: number) {
  const status = readStatus(statusParam);
  if (!status) throw badRequest(MODERATION_MESSAGES.badStatus);
  const reportCount = sql<number>`count(${reports.id})`.mapWith(Number);
  const listed = status === "open" ? and(eq(reportCases.status, status), reportedCase) : eq(reportCases.status, status);
  const firstReportedAt = sql<number>`min(${reports.createdAt})`.mapWith(Number);
  const [rows, counted] = await db.batch([
    db
      .select({
        id: reportCases.id,
        targetType: reportCases.targetType,
        targetId: reportCases.targetId,
        summary: reportCases.summary,
        url: reportCases.url,
        status: reportCases.status,
        resolvedAt: reportCases.resolvedAt,
        action: reportCases.action,
        resolutionNote: reportCases.resolutionNote,
        moderator: users.username,
        reportCount,
        firstReportedAt,
        reports: sql<string>`coalesce(json_group_array(json_object('reason', ${reports.reason}, 'note', ${reports.note}, 'createdAt', ${reports.createdAt})) filter (where ${reports.id} is not null), '[]')`,
      })
      .from(reportCases)
      .leftJoin(reports, eq(reports.caseId, reportCases.id))
      .leftJoin(users, eq(users.id, reportCases.resolvedBy))
      .where(listed)
      .groupBy(reportCases.id)
      .orderBy(
        ...(status === "open"
          ? [desc(reportCount), asc(firstReportedAt)]
          : [desc(reportCases.resolvedAt), desc(reportCases.id)]),
        asc(reportCases.id),
      )
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reportCases)
      .where(listed),
  ]);
  return {
    cases: rows.map(toCaseView),
    status,
    page,
    pages: Math.ceil((counted[0]?.n ?? 0) / QUEUE_PAGE_SIZE),
  };
}

type CaseRow = {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  summary: string;
  url: string;
  status: ReportStatus;
  resolvedAt: number | null;
  action: ResolveAction | null;
  resolutionNote: string;
  moderator: string | null;
  reportCount: number;
  firstReportedAt: number;
  reports: string;
};

function toCaseView(row: CaseRow): CaseView {
  const filed = (JSON.parse(row.reports) as Array<{ reason: ReportReason; note: string; createdAt: number }>).sort(
    (a, b) => a.createdAt - b.createdAt,
  );
  const reasons: Partial<Record<ReportReason, number>> = {};
  for (const report of filed) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
  return {
    _id: row.id,
    target: { type: row.targetType, _id: row.targetId, summary: row.summary, url: row.url },
    reasons,
    reportCount: row.reportCount,
    firstReportedAt: new Date(row.firstReportedAt).toISOString(),
    status: row.status,
    notes: filed
      .filter((report) => report.note)
      .map((report) => ({ ...report, createdAt: new Date(report.createdAt).toISOString() })),
    resolution:
      row.status === "resolved" && row.action && row.resolvedAt !== null
        ? {
            action: row.action,
            note: row.resolutionNote,
            // A moderator who has since left is no longer named (the audit log keeps the name they acted under).
            moderator: row.moderator ?? "a former moderator",
            resolvedAt: new Date(row.resolvedAt).toISOString(),
          }
        : null,
  };
}
