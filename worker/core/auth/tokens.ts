import { errors, jwtVerify, SignJWT } from "jose";

/**
 * Session tokens: HS256 JWTs whose `sid` names a row in `sessions`. The signature, algorithm, issuer,
 * audience and expiry are checked here; the session row is checked by the caller, so deleting it (logout,
 * password change) revokes the token at once even though it has not expired. `role` is what the member's role
 * was when the token was signed: a guess the request's reads are written for before the session check confirms
 * it (decision 040), never a permission.
 */
const ALGORITHM = "HS256";
const ISSUER = "moviebooks";
const AUDIENCE = "moviebooks:session";
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  userId: string;
  sessionId: string;
  role: "member" | "moderator";
}

function keyFrom(secret: string): Uint8Array {
  if (!secret || secret.length < 32) throw new Error("JWT_SECRET must be set to at least 32 characters.");
  return new TextEncoder().encode(secret);
}

export async function signSessionToken(secret: string, claims: TokenClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
    .sign(keyFrom(secret));
}

/** The token's claims, or null for anything not signed by us, for us, with HS256, and still in date. */
export async function verifySessionToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "sub", "sid"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    // Tokens signed before the role was written in are members' until the session check says otherwise.
    return { userId: payload.sub, sessionId: payload.sid, role: payload.role === "moderator" ? "moderator" : "member" };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
