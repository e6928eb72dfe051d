import { eq, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { favorites, sessions, users } from "../../db/schema.ts";
import { AppError, badRequest, forbidden, unauthorized } from "../errors.ts";
import { newId } from "../ids.ts";
import { apiImageUrl } from "../images/index.ts";
import { limitAttempt } from "../limits/index.ts";
import { MODERATION_MESSAGES } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { AUTH_MESSAGES, loginSchema, signupSchema } from "./schemas.ts";
import { SESSION_TTL_SECONDS, signSessionToken } from "./tokens.ts";

type UserRow = typeof users.$inferSelect;

/** API.md "Auth": what login and register answer (the user plus the session token). */
export interface AuthUser {
  _id: string;
  username: string;
  email: string;
  displayName: string;
  profilePictureUrl: string;
  isPrivate: boolean;
  favorites: string[];
  createdAt: string;
  token: string;
}

export const TOKEN_MESSAGES = {
  noToken: "Not authorized, no token",
  tokenFailed: "Not authorized, token failed",
} as const;

/** A sign-up spends an attempt of the client's network and of the e-mail address's account (decision 027). */
export async function register(services: RequestServices, input: unknown): Promise<AuthUser> {
  const { username, email, password } = validate(signupSchema, input);
  const attempt = await limitAttempt(services, "register", email);
  const { db } = services;
  const [emailTaken, usernameTaken] = await db.batch([
    db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1),
    db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1),
  ]);
  if (emailTaken.length) throw badRequest(AUTH_MESSAGES.emailTaken, "email");
  if (usernameTaken.length) throw badRequest(AUTH_MESSAGES.usernameTaken, "username");

  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const user: UserRow = {
    id: newId(now),
    username,
    email,
    passwordHash,
    displayName: "",
    bio: "",
    location: "",
    pictureKey: null,
    isPrivate: false,
    createdAt: now,
    updatedAt: null,
    role: "member",
    suspendedAt: null,
    connectionCount: 0,
  };
  const session = newSession(user.id, now);
  try {
    // One batch, one transaction: never a user without the session that logs them in.
    await db.batch([db.insert(users).values(user), db.insert(sessions).values(session)]);
  } catch (error) {
    // Two sign-ups racing for the same name or address: the unique index decides, with the same messages.
    if (isUniqueViolation(error, "users_email_ci")) throw badRequest(AUTH_MESSAGES.emailTaken, "email");
    if (isUniqueViolation(error, "users_username_ci")) throw badRequest(AUTH_MESSAGES.usernameTaken, "username");
    throw error;
  }
  attempt.succeeded();
  return signedIn(services, user, session, []);
}

/**
 * Unknown e-mail and wrong password get the same answer, after the same amount of hashing work, so the
 * response says nothing about which accounts exist. The form shows it at the password, the field to type again.
 * A suspended member learns of the suspension only with the right password, so guessing reveals nothing. Each
 * attempt is limited per network and per account, an unregistered address counted like any other (decision 027);
 * the right password does not count against the account.
 */
export async function login(services: RequestServices, input: unknown): Promise<AuthUser> {
  const { email, password } = validate(loginSchema, input);
  const attempt = await limitAttempt(services, "login", email);
  const { db } = services;
  const withEmail = sql`lower(${users.email}) = ${email}`;
  // The member's favorites are read with the member, in the same round trip (decision 040).
  const [[user], favoriteRows] = await Promise.all([
    db.select().from(users).where(withEmail).limit(1),
    db
      .select({ id: favorites.connectionId })
      .from(favorites)
      .where(sql`${favorites.userId} = (select ${users.id} from ${users} where ${withEmail})`),
  ]);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !valid) throw unauthorized(AUTH_MESSAGES.invalidCredentials, "password");
  attempt.succeeded();
  if (user.suspendedAt !== null) throw forbidden(MODERATION_MESSAGES.suspended);

  const now = Date.now();
  const session = newSession(user.id, now);
  const writes = [db.insert(sessions).values(session)] as const;
  if (needsRehash(user.passwordHash)) {
    await db.batch([
      ...writes,
      db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id)),
    ]);
  } else {
    await db.batch(writes);
  }
  return signedIn(
    services,
    user,
    session,
    favoriteRows.map((row) => row.id),
  );
}

/**
 * Revokes the session behind the token everywhere (API and pages). A session already revoked (a logout racing this
 * one) is the 401 any later call with the token gets, so of racing logouts one answers 200.
 */
export async function logout(services: RequestServices, viewer: Viewer): Promise<void> {
  const revoked = await services.db
    .delete(sessions)
    .where(eq(sessions.id, viewer.sessionId))
    .returning({ id: sessions.id });
  if (!revoked.length) throw sessionGone();
}

/**
 * The member's session or account went while the request ran (a racing logout or account deletion): the answer is
 * the one the next request with the token gets.
 */
export const sessionGone = () => new AppError(401, TOKEN_MESSAGES.tokenFailed);

/** For routes that need a logged-in user: the API.md 401 messages. */
export function requireViewer(viewer: Viewer | null, token: "none" | "valid" | "invalid"): Viewer {
  if (viewer) return viewer;
  throw new AppError(401, token === "none" ? TOKEN_MESSAGES.noToken : TOKEN_MESSAGES.tokenFailed);
}

/** A new session row: it is what a token names, so deleting it revokes the token. */
export function newSession(userId: string, now: number) {
  return { id: newId(now), userId, createdAt: now, expiresAt: now + SESSION_TTL_SECONDS * 1000 };
}

/** The answer to a sign-up, a login or a password reset: the member, with a token naming their new session. */
export async function signedIn(
  services: Pick<RequestServices, "origin" | "env">,
  user: UserRow,
  session: ReturnType<typeof newSession>,
  favoriteIds: string[],
): Promise<AuthUser> {
  const token = await signSessionToken(
    services.env.JWT_SECRET,
    { userId: user.id, sessionId: session.id, role: user.role },
    session.createdAt,
  );
  return toAuthUser(services, user, favoriteIds, token);
}

function toAuthUser(
  services: Pick<RequestServices, "origin">,
  user: UserRow,
  favoriteIds: string[],
  token: string,
): AuthUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    profilePictureUrl: apiImageUrl(services.origin, user.pictureKey),
    isPrivate: user.isPrivate,
    favorites: favoriteIds,
    createdAt: new Date(user.createdAt).toISOString(),
    token,
  };
}

let dummy: Promise<string> | undefined;
/** A real hash of nothing in particular, computed once per isolate, to spend the same time on unknown e-mails. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomUUID());
  return dummy;
}
