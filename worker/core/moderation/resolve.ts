import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { comments, connections, reportCases, sessions, users } from "../../db/schema.ts";
import { connectionDeletion, deleteImages } from "../connections/index.ts";
import { commentDeletion } from "../discussion/index.ts";
import { badRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { moderationNotice } from "../notifications/index.ts";
import { MODERATION_MESSAGES, type ResolveAction } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { auditEntry } from "./audit.ts";
import { fieldsOf, resolveSchema } from "./schemas.ts";

type Case = typeof reportCases.$inferSelect;

/**
 * API.md `POST /moderation/reports/:id/resolve`. One transaction: the audit entry, the action, and last the claim
 * that marks the case resolved. Every statement before the claim acts only while the case is still open, and the
 * first one writes, which holds the database's write lock for the rest: of two moderators resolving the same case,
 * one's batch does everything and the other's does nothing and answers 404. `remove` deletes the connection or
 * comment as its author's delete would (`connectionDeletion`, `commentDeletion`: rows by cascade, then the images)
 * and tells the author; `suspend` hides the member's content from all but moderators (the owner_private triggers)
 * and revokes every session they have.
 */
export async function resolveCase(services: RequestServices, moderator: Viewer, caseId: string, input: unknown) {
  if (!isId(caseId)) throw badRequest(MODERATION_MESSAGES.invalidReportId);
  const { action, note } = validate(resolveSchema, fieldsOf(input));
  const { db } = services;
  const [found] = await db
    .select()
    .from(reportCases)
    .where(and(eq(reportCases.id, caseId), eq(reportCases.status, "open")));
  if (!found) throw notFound(MODERATION_MESSAGES.reportNotFound);
  if (action === "remove" && found.targetType === "user") throw badRequest(MODERATION_MESSAGES.onlyContentRemovable);
  if (action === "suspend" && found.targetUserId === moderator.id) {
    throw badRequest(MODERATION_MESSAGES.cannotSuspendSelf);
  }

  const open = sql`exists (select 1 from ${reportCases} where ${reportCases.id} = ${caseId} and ${reportCases.status} = 'open')`;
  const audit = auditEntry(
    db,
    {
      actor: moderator,
      action,
      caseId,
      target: { type: found.targetType, id: found.targetId, summary: found.summary, url: found.url },
      note,
    },
    open,
  );
  const { statements, imageKeys } = actionStatements(db, moderator, found, action, open);
  const claim = db
    .update(reportCases)
    .set({ status: "resolved", resolvedAt: Date.now(), resolvedBy: moderator.id, action, resolutionNote: note })
    .where(and(eq(reportCases.id, caseId), eq(reportCases.status, "open")))
    .returning({ id: reportCases.id });
  const answers = await db.batch([audit, ...statements, claim] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const claimed = answers.at(-1) as Array<{ id: string }>;
  if (!claimed.length) throw notFound(MODERATION_MESSAGES.reportNotFound);
  if (imageKeys !== null) {
    const keys = answers[1 + imageKeys] as Array<{ image_key: string }>;
    await deleteImages(
      services,
      keys.map((row) => row.image_key),
    );
  }
  return { status: "resolved" as const, action };
}

/**
 * The statements that carry out `action` on the case's target, each guarded by `open`, and where among them the
 * removed images' keys are read (null when nothing is removed).
 */
function actionStatements(
  db: Database,
  moderator: Viewer,
  found: Case,
  action: ResolveAction,
  open: SQL,
): { statements: BatchItem<"sqlite">[]; imageKeys: number | null } {
  if (action === "dismiss") return { statements: [], imageKeys: null };
  if (action === "suspend") {
    return {
      statements: [
        db
          .update(users)
          .set({ suspendedAt: Date.now() })
          .where(and(eq(users.id, found.targetUserId), isNull(users.suspendedAt), open)),
        db.delete(sessions).where(and(eq(sessions.userId, found.targetUserId), open)),
      ],
      imageKeys: null,
    };
  }
  const isConnection = found.targetType === "connection";
  const target = isConnection ? eq(connections.id, found.targetId) : eq(comments.id, found.targetId);
  const stillThere = sql`exists (select 1 from ${isConnection ? connections : comments} where ${target})`;
  // The notice comes first: it is written only if the item is there to be removed.
  const notice = moderationNotice(db, {
    moderator,
    recipientId: found.targetUserId,
    targetType: isConnection ? "connection" : "comment",
    summary: found.summary,
    when: and(open, stillThere) as SQL,
  });
  if (isConnection) {
    return { statements: [notice, ...connectionDeletion(db, and(target, open) as SQL)], imageKeys: 1 };
  }
  return { statements: [notice, commentDeletion(db, and(target, open) as SQL)], imageKeys: null };
}
