export { AUDIT_PAGE_SIZE, type AuditEntryView, listAuditLog, type ModerationAction } from "./audit.ts";
export { requireModerator } from "./guard.ts";
export { type CaseView, listCases, QUEUE_PAGE_SIZE, reportedCase } from "./queue.ts";
export { fileReport, openCase, reportsFiledBy, toFiledReport } from "./reports.ts";
export { resolveCase } from "./resolve.ts";
export { findMember, liftSuspension, listModerators, type Member, type RoleChange, setRole } from "./roles.ts";
export { reportFieldsSchema, reportSchema, resolveSchema } from "./schemas.ts";
export { type ReportTarget, reportSnapshot, reportTarget } from "./targets.ts";
