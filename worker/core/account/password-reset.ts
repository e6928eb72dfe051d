import { and, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { favorites, passwordResets, sessions, users } from "../../db/schema.ts";
import { hashPassword, newSession, signedIn, toBase64Url } from "../auth/index.ts";
import { badRequest, forbidden } from "../errors.ts";
import { limitAttempt } from "../limits/index.ts";
import { type MailMessage, sendMail } from "../mail/index.ts";
import { ACCOUNT_MESSAGES, MODERATION_MESSAGES, memberName, RESET_LINK_MINUTES } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { forgotPasswordSchema, resetLinkSchema, resetPasswordSchema } from "./schemas.ts";

const LINK_LIFETIME_MS = RESET_LINK_MINUTES * 60_000;
/** Live links per account: enough for a mail or two that went astray, too few to flood someone's inbox. */
const MAX_LIVE_LINKS = 3;
/** Longer is not a token we issued (ours are 43 characters); it is not worth hashing. */
const MAX_TOKEN_LENGTH = 100;

/**
 * API.md `POST /auth/forgot-password`. The answer is the same whether or not the address is registered, and it
 * comes before anything about the address is looked up: finding the member, creating the link and mailing it
 * run after the response (`waitUntil`), so neither the answer nor its timing says which accounts exist, and a
 * slow or failing mail provider never holds the request.
 */
export async function requestPasswordReset(services: RequestServices, input: unknown) {
  const email = validate(forgotPasswordSchema, input ?? {});
  await limitAttempt(services, "forgotPassword", email);
  services.waitUntil(
    sendResetLink(services, email).catch((error: unknown) => console.error("A password reset link failed", error)),
  );
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

async function sendResetLink(services: RequestServices, email: string): Promise<void> {
  const { db } = services;
  const now = Date.now();
  const [user] = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!user) return;
  const token = newResetToken();
  const tokenHash = await hashToken(token);
  // The cap is part of the insert, so requests racing for the same account cannot pass it together.
  const [, created] = await db.batch([
    db.delete(passwordResets).where(lte(passwordResets.expiresAt, now)),
    db.all(sql`insert into ${passwordResets} (token_hash, user_id, created_at, expires_at)
      select ${tokenHash}, ${user.id}, ${now}, ${now + LINK_LIFETIME_MS}
      where (select count(*) from ${passwordResets} where user_id = ${user.id} and expires_at > ${now}) < ${MAX_LIVE_LINKS}
      returning token_hash`),
  ]);
  if (created.length) await sendMail(services, resetMail(services.origin, user, token));
}

function resetMail(origin: string, user: { username: string; displayName: string; email: string }, token: string) {
  const link = `${origin}/reset-password?${new URLSearchParams({ token })}`;
  return {
    to: user.email,
    subject: "Reset your MovieBooks password",
    text: [
      `Hi ${memberName(user)},`,
      "",
      `Someone asked to reset the password of your MovieBooks account, @${user.username}. To choose a new password, open this link:`,
      "",
      link,
      "",
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you didn't ask for it, ignore this email: your password stays as it is.`,
      "",
      "MovieBooks",
    ].join("\n"),
  } satisfies MailMessage;
}

/** Whether a link would still reset a password (the reset page asks before showing its form; nothing is used up). */
export async function isLiveResetLink(db: Database, token: string): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, await hashToken(token)), gt(passwordResets.expiresAt, Date.now())));
  return Boolean(row);
}

/**
 * API.md `POST /auth/reset-password`: the link first, then the form's rules (RESET_PASSWORD_FORM). One
 * transaction sets the password, revokes every session, drops the member's other links, logs this client in, and
 * claims the link by deleting it, last: each earlier statement only acts while the link is still there, so of two
 * racing resets one wins and the other changes nothing.
 */
export async function resetPassword(services: RequestServices, input: unknown) {
  const { token } = validate(resetLinkSchema, input ?? {});
  await limitAttempt(services, "resetPassword");
  const { db } = services;
  const now = Date.now();
  // At the link's hidden field: the reset page then offers a new link instead of its form.
  const invalid = badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, "token");
  if (!token || token.length > MAX_TOKEN_LENGTH) throw invalid;
  const tokenHash = await hashToken(token);
  const live = and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, now));
  const [link] = await db
    .select({ userId: passwordResets.userId, suspendedAt: users.suspendedAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(live);
  if (!link) throw invalid;
  // A suspended member keeps their link (it would log them in nowhere) and learns why, as at login.
  if (link.suspendedAt !== null) throw forbidden(MODERATION_MESSAGES.suspended);
  const { password } = validate(resetPasswordSchema, input ?? {});

  const passwordHash = await hashPassword(password);
  const session = newSession(link.userId, now);
  const stillLive = sql`exists (select 1 from ${passwordResets} where ${live})`;
  const [, , , , claimed, userRows, favoriteRows] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, link.userId), stillLive)),
    db.delete(sessions).where(and(eq(sessions.userId, link.userId), stillLive)),
    db.run(sql`insert into ${sessions} (id, user_id, created_at, expires_at)
      select ${session.id}, ${session.userId}, ${session.createdAt}, ${session.expiresAt} where ${stillLive}`),
    db
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, link.userId), ne(passwordResets.tokenHash, tokenHash), stillLive)),
    db.delete(passwordResets).where(live).returning({ userId: passwordResets.userId }),
    db.select().from(users).where(eq(users.id, link.userId)),
    db.select({ id: favorites.connectionId }).from(favorites).where(eq(favorites.userId, link.userId)),
  ]);
  const user = userRows[0];
  if (!claimed.length || !user) throw invalid;
  return signedIn(
    services,
    user,
    session,
    favoriteRows.map((row) => row.id),
  );
}

/** 32 random bytes, base64url: what the e-mailed link carries. */
function newResetToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Only the SHA-256 of a token is stored, so a copy of the database resets no one's password. */
async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
