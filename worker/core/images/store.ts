import { type ImageKind, type ImageType, newImageKey } from "./keys.ts";

/** The part of an R2 bucket that storing needs, so the Worker's, Miniflare's and getPlatformProxy's all fit. */
export interface ImageBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
}

/** The part of an R2 bucket that deleting needs. */
export interface ImageRemover {
  delete(keys: string | string[]): Promise<unknown>;
}

/** Puts an image under a key made for it (`newImageKey`), to be served with its real type (judged by its bytes). */
export async function putImage(bucket: ImageBucket, key: string, image: { bytes: Uint8Array; type: ImageType }) {
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
}

/** Stores an image under a new key; returns the key. */
export async function storeImage(
  bucket: ImageBucket,
  kind: ImageKind,
  image: { bytes: Uint8Array; type: ImageType },
): Promise<string> {
  const key = newImageKey(kind, image.type);
  await putImage(bucket, key, image);
  return key;
}

/** Deletes stored images (R2 takes at most 1000 keys a call); a failure is thrown to the caller. */
export async function removeImages(bucket: ImageRemover, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 1000) await bucket.delete(keys.slice(start, start + 1000));
}
