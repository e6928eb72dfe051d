import { imageVariantPath, UPLOADED_IMAGE_FOLDERS } from "../rules/index.ts";
import { type ImageBucket, imageVariantKeys, isUploadedImageKey } from "./store.ts";
import { imageFromBytes } from "./uploads.ts";
import { makeVariants } from "./variants.ts";

/** What the conversion reads besides writing: listing and reading objects (R2's API, or getPlatformProxy's). */
export interface ListedBucket extends ImageBucket {
  list(options: { prefix: string; cursor?: string }): Promise<{
    objects: Array<{ key: string }>;
    truncated: boolean;
    cursor?: string;
  }>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

export interface ConversionReport {
  images: number;
  converted: number;
  alreadyDone: number;
  /** Objects that are not a PNG, JPEG or GIF by their bytes, or did not decode: kept as they are. */
  skipped: string[];
}

/**
 * Gives every uploaded image in the bucket the WebP copies that uploads now get (decision 036): images stored
 * before copies existed, and those the Worker left to this (larger than it decodes). Each image is done on its own
 * and written before the next is read, so a run stopped half-way is resumed by running it again, and a second run
 * finds nothing to do. The copies are made without the Worker's pixel limit (Node has the memory).
 */
export async function addMissingVariants(
  bucket: ListedBucket,
  options: { maxPixels: number; log?: (message: string) => void },
): Promise<ConversionReport> {
  const report: ConversionReport = { images: 0, converted: 0, alreadyDone: 0, skipped: [] };
  for (const folder of UPLOADED_IMAGE_FOLDERS) {
    const keys = await listKeys(bucket, `${folder}/`);
    for (const key of keys) {
      if (!isUploadedImageKey(key)) continue;
      report.images++;
      if (imageVariantKeys(key).every((variant) => keys.has(variant))) {
        report.alreadyDone++;
        continue;
      }
      const object = await bucket.get(key);
      const image = object && imageFromBytes(new Uint8Array(await object.arrayBuffer()));
      const variants = image && (await makeVariants(image, { maxPixels: options.maxPixels }));
      if (!variants) {
        report.skipped.push(key);
        options.log?.(`${key}: not converted (not a PNG, JPEG or GIF that decodes, or too large)`);
        continue;
      }
      await Promise.all(
        variants.map((variant) =>
          bucket.put(imageVariantPath(key, variant.width), variant.bytes, {
            httpMetadata: { contentType: "image/webp" },
          }),
        ),
      );
      report.converted++;
      if (report.converted % 50 === 0) options.log?.(`${report.converted} images converted so far`);
    }
  }
  return report;
}

async function listKeys(bucket: ListedBucket, prefix: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    for (const object of page.objects) keys.add(object.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}
