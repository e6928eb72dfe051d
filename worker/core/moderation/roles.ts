import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { auditEntry, type ModerationAction } from "./audit.ts";
import { reportSnapshot } from "./targets.ts";

/** Operators' work from the command line (`npm run admin`); every change is in the audit log as "operator". */

export interface Member {
  id: string;
  username: string;
  email: string;
  displayName: string;
  role: "member" | "moderator";
  suspendedAt: number | null;
}

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  suspendedAt: users.suspendedAt,
};

/** A member by username or e-mail address, matched as the site matches them (case-insensitively). */
export async function findMember(db: Database, usernameOrEmail: string): Promise<Member | null> {
  const key = usernameOrEmail.trim().replace(/^@/, "").toLowerCase();
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${key} or lower(${users.email}) = ${key}`)
    .limit(1);
  return row ?? null;
}

export async function listModerators(db: Database): Promise<Member[]> {
  return db
    .select(memberColumns)
    .from(users)
    .where(eq(users.role, "moderator"))
    .orderBy(asc(sql`lower(${users.username})`));
}

/** What a change did: `changed` is false when the member already was as asked (nothing is written then). */
export interface RoleChange {
  member: Member;
  changed: boolean;
}

/** Makes the member a moderator or a member again; the role counts from their next request. */
export function setRole(db: Database, member: Member, role: Member["role"]): Promise<RoleChange> {
  return change(db, member, role === "moderator" ? "grant" : "revoke", member.role !== role, { role });
}

/** Ends a suspension: the member may log in again, and their content shows again (the owner_private triggers). */
export function liftSuspension(db: Database, member: Member): Promise<RoleChange> {
  return change(db, member, "unsuspend", member.suspendedAt !== null, { suspendedAt: null });
}

async function change(
  db: Database,
  member: Member,
  action: ModerationAction,
  needed: boolean,
  values: Partial<Pick<typeof users.$inferInsert, "role" | "suspendedAt">>,
): Promise<RoleChange> {
  if (!needed) return { member, changed: false };
  const target = { type: "user" as const, id: member.id, ...reportSnapshot({ type: "user", ...member }) };
  await db.batch([
    db.update(users).set(values).where(eq(users.id, member.id)),
    auditEntry(db, { actor: "operator", action, caseId: null, target, note: "" }),
  ]);
  return { member: { ...member, ...values }, changed: true };
}
