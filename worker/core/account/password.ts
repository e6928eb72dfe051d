import { and, eq, ne } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { passwordResets, sessions, users } from "../../db/schema.ts";
import { hashPassword, sessionGone, signSessionToken, verifyPassword } from "../auth/index.ts";
import { badRequest } from "../errors.ts";
import { limitAttempt } from "../limits/index.ts";
import { ACCOUNT_MESSAGES } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { changePasswordSchema, currentPasswordSchema } from "./schemas.ts";

/** Whether `password` is the member's current one (an empty one never is); a member gone meanwhile is a 401. */
export async function isCurrentPassword(db: Database, userId: string, password: string): Promise<boolean> {
  if (!password) return false;
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw sessionGone();
  return verifyPassword(password, row.passwordHash);
}

/**
 * API.md `PUT /users/password`: the current password first (a wrong one is the answer whatever else is wrong),
 * then the form's rules (CHANGE_PASSWORD_FORM), at their fields. In one transaction the hash changes, every other
 * session of the member is revoked and unused reset links stop working; this session stays, with a freshly signed
 * token for it.
 */
export async function changePassword(services: RequestServices, viewer: Viewer, input: unknown) {
  const { db } = services;
  const { currentPassword } = validate(currentPasswordSchema, input ?? {});
  await limitAttempt(services, "changePassword");
  if (!(await isCurrentPassword(db, viewer.id, currentPassword))) {
    throw badRequest(ACCOUNT_MESSAGES.currentPasswordIncorrect, "currentPassword");
  }
  const { newPassword } = validate(changePasswordSchema, input ?? {});
  const passwordHash = await hashPassword(newPassword);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, viewer.id)),
    db.delete(sessions).where(and(eq(sessions.userId, viewer.id), ne(sessions.id, viewer.sessionId))),
    db.delete(passwordResets).where(eq(passwordResets.userId, viewer.id)),
  ]);
  const token = await signSessionToken(services.env.JWT_SECRET, {
    userId: viewer.id,
    sessionId: viewer.sessionId,
    role: viewer.role,
  });
  return { message: ACCOUNT_MESSAGES.passwordChanged, token };
}
