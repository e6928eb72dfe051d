import { desc, type SQL, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { type MODERATION_ACTIONS, moderationActions } from "../../db/schema.ts";
import { sqlNewId, sqlNow } from "../../db/sql.ts";
import type { ReportTargetType } from "../rules/index.ts";

export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Who acted: a moderator (by id and username at the time) or an operator at the command line. */
export type Actor = { id: string; username: string } | "operator";

export interface AuditInput {
  actor: Actor;
  action: ModerationAction;
  caseId: string | null;
  target: { type: ReportTargetType; id: string; summary: string; url: string };
  note: string;
}

/**
 * The statement that records one action in the audit log, for the action's own batch, if `when` holds as it runs
 * (a resolution's case still open, say): the entry exists exactly when the action happened.
 */
export function auditEntry(db: Database, input: AuditInput, when: SQL = sql`1`) {
  const moderatorId = input.actor === "operator" ? null : input.actor.id;
  const actorName = input.actor === "operator" ? "operator" : input.actor.username;
  return db.run(sql`insert into ${moderationActions}
    (id, moderator_id, actor_name, action, case_id, target_type, target_id, summary, url, note, created_at)
    select ${sqlNewId()}, ${moderatorId}, ${actorName}, ${input.action}, ${input.caseId}, ${input.target.type},
      ${input.target.id}, ${input.target.summary}, ${input.target.url}, ${input.note}, ${sqlNow()}
    where ${when}`);
}

export const AUDIT_PAGE_SIZE = 25;

export interface AuditEntryView {
  _id: string;
  moderator: string;
  action: ModerationAction;
  caseId: string | null;
  target: { type: ReportTargetType; _id: string; summary: string; url: string };
  note: string;
  createdAt: string;
}

/** One page of the audit log, newest first, with how many pages there are (moderators only; checked by callers). */
export async function listAuditLog({ db }: Pick<RequestServices, "db">, page: number) {
  const [rows, counted] = await db.batch([
    db
      .select()
      .from(moderationActions)
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(moderationActions),
  ]);
  return {
    entries: rows.map(
      (row): AuditEntryView => ({
        _id: row.id,
        moderator: row.actorName,
        action: row.action,
        caseId: row.caseId,
        target: { type: row.targetType, _id: row.targetId, summary: row.summary, url: row.url },
        note: row.note,
        createdAt: new Date(row.createdAt).toISOString(),
      }),
    ),
    page,
    pages: Math.ceil((counted[0]?.n ?? 0) / AUDIT_PAGE_SIZE),
  };
}
