import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { stagedUploads } from "../../db/schema.ts";
import { newId } from "../ids.ts";
import type { ImageField } from "../rules/index.ts";
import { type ImageKind, newImageKey } from "./keys.ts";
import { type ImageBucket, putImage, removeImages } from "./store.ts";
import type { ImageUpload } from "./uploads.ts";

/**
 * Staged uploads (decision 030): every image a write will show is recorded here before it is put in R2, and the
 * write claims it in its own transaction. An image is therefore never deleted because a write's answer was lost:
 * only the sweep deletes, and only images no write claimed within a day.
 */

const HOUR = 60 * 60 * 1000;
/** How long a failed form's images can be named by its retry. */
const STAGED_UPLOAD_KEPT_MS = 12 * HOUR;
/**
 * When the sweep deletes an unclaimed image (and forgets a claimed one): twice the retry window, so any write that
 * could still claim an image has long finished before the image can go.
 */
const STAGED_UPLOAD_SWEPT_MS = 24 * HOUR;

export interface StagedImage {
  id: string;
  field: ImageField;
  key: string;
  fileName: string;
  /** SHA-256 of the bytes, hex. */
  digest: string;
  /** A write has taken it already (a retry names an image its post has shown since). */
  claimed: boolean;
}

/** A checked upload on its way to being staged. */
export interface NewImage {
  field: ImageField;
  kind: ImageKind;
  image: ImageUpload;
  fileName: string;
  digest: string;
}

interface StagingServices {
  db: Database;
  bucket: ImageBucket;
}

/** SHA-256 of an image's bytes, hex: the same file is the same image however it is sent. */
export async function digestOf(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const FILE_NAME_MAX = 200;

const columns = {
  id: stagedUploads.id,
  field: stagedUploads.field,
  key: stagedUploads.imageKey,
  fileName: stagedUploads.fileName,
  digest: stagedUploads.digest,
  claimedAt: stagedUploads.claimedAt,
};

/**
 * Stages images for a member's write: their rows first (one statement), then the objects. An object whose put
 * fails leaves an unclaimed row the sweep clears; a row whose object never arrived costs the sweep nothing. The rows
 * travel beside the session check (decision 040), written only if it is going to confirm the member: a request the
 * check refuses stores no object either.
 */
export async function stageImages(
  services: Pick<RequestServices, "writeBesideTheCheck">,
  bucket: ImageBucket,
  userId: string,
  images: readonly NewImage[],
  now = Date.now(),
): Promise<StagedImage[]> {
  if (!images.length) return [];
  const rows = images.map((image) => ({
    id: newId(),
    field: image.field,
    imageKey: newImageKey(image.kind, image.image.type),
    fileName: image.fileName.slice(0, FILE_NAME_MAX),
    digest: image.digest,
  }));
  const values = sql.join(
    rows.map(
      (row) => sql`(${row.id}, ${userId}, ${row.field}, ${row.imageKey}, ${row.fileName}, ${row.digest}, ${now})`,
    ),
    sql`, `,
  );
  const column = (name: keyof typeof stagedUploads._.columns) => sql.identifier(stagedUploads[name].name);
  const names = sql.join(
    (["id", "userId", "field", "imageKey", "fileName", "digest", "createdAt"] as const).map(column),
    sql`, `,
  );
  await services.writeBesideTheCheck(
    (asClaimed) => sql`insert into ${stagedUploads} (${names}) select * from (values ${values}) where ${asClaimed}`,
  );
  await Promise.all(rows.map((row, index) => putImage(bucket, row.imageKey, (images[index] as NewImage).image)));
  return rows.map((row) => ({
    id: row.id,
    field: row.field,
    key: row.imageKey,
    fileName: row.fileName,
    digest: row.digest,
    claimed: false,
  }));
}

/** The member's staged images among `ids` that a retry may still name (staged within `STAGED_UPLOAD_KEPT_MS`). */
export async function keptImages(db: Database, userId: string, ids: readonly string[], now = Date.now()) {
  if (!ids.length) return [];
  const rows = await db
    .select(columns)
    .from(stagedUploads)
    .where(
      and(
        inArray(stagedUploads.id, [...ids]),
        eq(stagedUploads.userId, userId),
        gt(stagedUploads.createdAt, now - STAGED_UPLOAD_KEPT_MS),
      ),
    );
  return rows.map(({ claimedAt, ...row }): StagedImage => ({ ...row, claimed: claimedAt !== null }));
}

/**
 * One of the member's kept images as the form that kept it shows it (a thumbnail and the live preview), or null:
 * no one else's, and not once it is too old to be named by a retry.
 */
export async function keptImageFile(
  db: Database,
  bucket: { get(key: string): Promise<{ body: ReadableStream; httpMetadata?: { contentType?: string } } | null> },
  userId: string,
  id: string,
) {
  const [image] = await keptImages(db, userId, [id]);
  const object = image ? await bucket.get(image.key) : null;
  return object ? { body: object.body, type: object.httpMetadata?.contentType ?? "application/octet-stream" } : null;
}

/** The statement, for the write's own batch, that marks its staged images as shown. */
export function claimImages(db: Database, userId: string, ids: readonly string[], now = Date.now()) {
  return db
    .update(stagedUploads)
    .set({ claimedAt: now })
    .where(and(inArray(stagedUploads.id, [...ids]), eq(stagedUploads.userId, userId)));
}

/**
 * A deleted account's staged images, as statements for its batch: the keys of those no write claimed (to delete
 * once the batch has committed), then all its rows.
 */
export function stagedImagesDeletion(db: Database, userId: string) {
  return [
    db
      .select({ key: stagedUploads.imageKey })
      .from(stagedUploads)
      .where(and(eq(stagedUploads.userId, userId), isNull(stagedUploads.claimedAt))),
    db.delete(stagedUploads).where(eq(stagedUploads.userId, userId)),
  ] as const;
}

const SWEEP_BATCH = 500;
const SWEEP_ROUNDS = 20;

/**
 * The scheduled sweep: deletes the images no write claimed within `STAGED_UPLOAD_SWEPT_MS`, then their rows (an
 * object first, so a failed delete is tried again next time), and forgets claimed rows as old. Returns how many
 * images it deleted.
 */
export async function sweepStagedImages({ db, bucket }: StagingServices, now = Date.now()): Promise<number> {
  const cutoff = now - STAGED_UPLOAD_SWEPT_MS;
  let deleted = 0;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const due = await db
      .select({ id: stagedUploads.id, key: stagedUploads.imageKey })
      .from(stagedUploads)
      .where(and(isNull(stagedUploads.claimedAt), lt(stagedUploads.createdAt, cutoff)))
      .orderBy(asc(stagedUploads.createdAt))
      .limit(SWEEP_BATCH);
    if (!due.length) break;
    await removeImages(
      bucket,
      due.map((row) => row.key),
    );
    await db.delete(stagedUploads).where(
      and(
        inArray(
          stagedUploads.id,
          due.map((row) => row.id),
        ),
        isNull(stagedUploads.claimedAt),
      ),
    );
    deleted += due.length;
    if (due.length < SWEEP_BATCH) break;
  }
  await db.delete(stagedUploads).where(and(isNotNull(stagedUploads.claimedAt), lt(stagedUploads.claimedAt, cutoff)));
  return deleted;
}
