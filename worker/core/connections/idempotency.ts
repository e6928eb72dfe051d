import { and, eq, gt, lt, lte } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema.ts";
import { AppError, badRequest } from "../errors.ts";
import { IDEMPOTENCY_MESSAGES } from "../rules/index.ts";

/**
 * Idempotency keys for posting connections (decision 030, after the IETF draft "The Idempotency-Key HTTP Header
 * Field"): a member's key names one post for a day. A retry with the key and the same request answers that post;
 * with another request, 422. The key is written in the post's own transaction, so a post and its key exist
 * together or not at all, and two racing posts with one key cannot both commit.
 */

/** How long a key names its post. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The key a request carries (the `Idempotency-Key` header, or the create form's hidden field), or null for none.
 * The draft writes it as a structured-field string (`"…"`); the quotes are dropped, so the bare key is the same key.
 */
export function readIdempotencyKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.malformed);
  return key;
}

/**
 * What a request asks for, as one SHA-256: its text fields (as sent, in name order) and each image's digest by
 * its field. A retry that sends a file again and one that names its staged upload are the same request.
 */
export async function requestFingerprint(
  fields: Record<string, unknown>,
  imageDigests: Partial<Record<string, string>>,
): Promise<string> {
  const sorted = (record: Record<string, unknown>) =>
    Object.keys(record)
      .sort()
      .map((name) => [name, record[name]]);
  const text = JSON.stringify([sorted(fields), sorted(imageDigests)]);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The live use of a member's key, if any: the post it made and the fingerprint of the request that made it. */
export async function keyUse(
  db: Database,
  userId: string,
  key: string,
  now = Date.now(),
): Promise<{ connectionId: string; fingerprint: string } | null> {
  const [row] = await db
    .select({ connectionId: idempotencyKeys.connectionId, fingerprint: idempotencyKeys.fingerprint })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_LIFETIME_MS),
      ),
    );
  return row ?? null;
}

/** The post a key's use names, for a request with this fingerprint: its connection's id when it matches, else 422. */
export function postOfUse(use: { connectionId: string; fingerprint: string } | null, fingerprint: string) {
  if (!use) return null;
  if (use.fingerprint !== fingerprint) throw new AppError(422, IDEMPOTENCY_MESSAGES.reused);
  return use.connectionId;
}

/**
 * The statements, for the post's own batch, that make the key name the post: an expired use of the key is
 * forgotten first, then the key is inserted, which fails (and so rolls the post back) when a live use exists.
 */
export function keyStatements(
  db: Database,
  use: { userId: string; key: string; fingerprint: string; connectionId: string },
  now = Date.now(),
) {
  return [
    db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, use.userId),
          eq(idempotencyKeys.key, use.key),
          lte(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_LIFETIME_MS),
        ),
      ),
    db.insert(idempotencyKeys).values({ ...use, createdAt: now }),
  ] as const;
}

/** The scheduled sweep: keys older than their lifetime are forgotten. */
export async function forgetIdempotencyKeys(db: Database, now = Date.now()) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_LIFETIME_MS));
}
