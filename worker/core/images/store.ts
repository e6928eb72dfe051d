import { IMAGE_VARIANT_WIDTHS, imageVariantPath, UPLOADED_IMAGE_FOLDERS } from "../rules/index.ts";
import { type ImageKind, type ImageType, newImageKey } from "./keys.ts";
import { type ImageVariant, makeVariants, WORKER_MAX_VARIANT_PIXELS } from "./variants.ts";

/** The part of an R2 bucket that storing needs, so the Worker's, Miniflare's and getPlatformProxy's all fit. */
export interface ImageBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  delete(keys: string | string[]): Promise<void>;
}

/**
 * The R2 keys of an uploaded image's WebP copies (decision 036): its own key as prefix, so a rule about the image
 * covers them too. None for other keys (share images).
 */
export function imageVariantKeys(key: string): string[] {
  return isUploadedImageKey(key) ? IMAGE_VARIANT_WIDTHS.map((width) => imageVariantPath(key, width)) : [];
}

/** An uploaded image's own key (`posters/<id>.jpg`), not a copy's and not a share image's. */
export function isUploadedImageKey(key: string): boolean {
  const [folder, file, ...rest] = key.split("/");
  return rest.length === 0 && Boolean(file) && (UPLOADED_IMAGE_FOLDERS as readonly string[]).includes(folder ?? "");
}

/** The uploaded image a key belongs to: itself, or the image a copy was made of; null for any other key. */
export function originalImageKey(key: string): string | null {
  const original = key.replace(/\/\d+\.webp$/, "");
  if (!isUploadedImageKey(original)) return null;
  return original === key || imageVariantKeys(original).includes(key) ? original : null;
}

/** What makes an image's WebP copies: the Worker's codecs, or the seed's cache of what they made before. */
export type MakeCopies = (image: { bytes: Uint8Array; type: ImageType }) => Promise<ImageVariant[] | null>;

const workerCopies: MakeCopies = (image) => makeVariants(image, { maxPixels: WORKER_MAX_VARIANT_PIXELS });

/**
 * Puts an uploaded image under a key made for it (`newImageKey`), to be served with its real type (judged by its
 * bytes), and its WebP copies beside it. The copies are written first, so an original in the bucket has its copies
 * unless the Worker left them to the conversion script (too large) or the bytes did not decode. A failed write
 * removes what this call wrote, so nothing is left without a row.
 */
export async function putImage(
  bucket: ImageBucket,
  key: string,
  image: { bytes: Uint8Array; type: ImageType },
  copies: MakeCopies = workerCopies,
) {
  const variants = await copies(image);
  try {
    await Promise.all(
      (variants ?? []).map((variant) =>
        bucket.put(imageVariantPath(key, variant.width), variant.bytes, {
          httpMetadata: { contentType: "image/webp" },
        }),
      ),
    );
    await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  } catch (error) {
    await removeImages(bucket, [key]).catch(() => {});
    throw error;
  }
}

/** Stores an uploaded image and its copies under a new key; returns the key. */
export async function storeImage(
  bucket: ImageBucket,
  kind: ImageKind,
  image: { bytes: Uint8Array; type: ImageType },
  copies?: MakeCopies,
): Promise<string> {
  const key = newImageKey(kind, image.type);
  await putImage(bucket, key, image, copies);
  return key;
}

/** Deletes stored images with their copies (R2 deletes at most 1000 keys per call); a failure is thrown to the caller. */
export async function removeImages(bucket: Pick<ImageBucket, "delete">, keys: readonly string[]): Promise<void> {
  const all = keys.flatMap((key) => [key, ...imageVariantKeys(key)]);
  for (let start = 0; start < all.length; start += 1000) {
    await bucket.delete(all.slice(start, start + 1000));
  }
}
