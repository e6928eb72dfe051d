export {
  type AuthUser,
  login,
  logout,
  newSession,
  register,
  requireViewer,
  sessionGone,
  signedIn,
} from "./accounts.ts";
export { clearedSessionCookie, readBearerToken, readSessionCookie, sessionCookie } from "./cookie.ts";
export {
  hashPassword,
  MAX_WORKERS_PBKDF2_ITERATIONS,
  needsRehash,
  PBKDF2_ITERATIONS,
  toBase64Url,
  verifyPassword,
} from "./passwords.ts";
export { AUTH_MESSAGES, loginSchema, signupSchema } from "./schemas.ts";
export { claimViewer, resolveViewer, type ViewerClaim, writeAsClaimed } from "./session.ts";
export { signSessionToken } from "./tokens.ts";
