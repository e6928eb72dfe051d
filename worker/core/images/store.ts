import { type ImageKind, type ImageType, newImageKey } from "./keys.ts";

/** The part of an R2 bucket that storing needs, so the Worker's, Miniflare's and getPlatformProxy's all fit. */
export interface ImageBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
}

/** Stores an image under a new key, to be served with its real type (judged by its bytes); returns the key. */
export async function storeImage(
  bucket: ImageBucket,
  kind: ImageKind,
  image: { bytes: Uint8Array; type: ImageType },
): Promise<string> {
  const key = newImageKey(kind, image.type);
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  return key;
}
