/**
 * Pictures for the benchmark's data, so pages are measured (and Lighthouse paints them) as they look with real
 * uploads: a small pool of posters, covers, avatars and screenshots drawn like the demo seed's, stored with their
 * WebP copies exactly as uploads are (`storeImage`), and shared round-robin by every movie, book and member, and by
 * one connection in four as its screenshot.
 */
import Database from "libsql";
import { type ImageBucket, type ImageKind, storeImage } from "../../worker/core/images/index.ts";
import { renderAvatar, renderCover, renderPoster, renderScreenshot } from "../seed/images.ts";

const POOL = 8;
/** One connection in this many has a screenshot. */
const SCREENSHOT_EVERY = 4;

export interface BenchImages {
  keys: Record<"posters" | "covers" | "avatars" | "screenshots", string[]>;
  objects: Map<string, { bytes: Uint8Array; contentType: string }>;
}

/** Draws the pool and makes its copies (once per run: the same pictures serve every size). */
export async function drawBenchImages(): Promise<BenchImages> {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const collect: ImageBucket = {
    async put(key, bytes, options) {
      objects.set(key, { bytes, contentType: options.httpMetadata.contentType });
    },
    async delete() {},
  };
  const store = (kind: ImageKind, draw: (index: number) => Uint8Array) =>
    Promise.all(
      Array.from({ length: POOL }, (_, index) => storeImage(collect, kind, { bytes: draw(index), type: "image/png" })),
    );
  const keys = {
    posters: await store("poster", (index) =>
      renderPoster({ title: `Feature ${index + 1}`, year: 1990 + index, seed: `poster ${index}` }),
    ),
    covers: await store("cover", (index) => renderCover({ title: `Volume ${index + 1}`, seed: `cover ${index}` })),
    avatars: await store("avatar", (index) => renderAvatar({ name: `Member ${index + 1}`, hue: index * 45 })),
    screenshots: await store("screenshot", (index) =>
      renderScreenshot({ caption: `Scene ${index + 1}`, seed: `screenshot ${index}` }),
    ),
  };
  return { keys, objects };
}

/** Points the generated rows at the pool (a column each, one statement per table). */
export function assignBenchImages(file: string, images: BenchImages): void {
  const db = new Database(file);
  try {
    // The pool is a JSON array parameter; each row takes the entry its rowid falls on.
    const pick = (pool: string) => `json_extract(:${pool}, '$[' || (rowid % ${POOL}) || ']')`;
    db.transaction(() => {
      db.prepare(`UPDATE movies SET poster_key = ${pick("posters")}`).run({
        posters: JSON.stringify(images.keys.posters),
      });
      db.prepare(`UPDATE books SET cover_key = ${pick("covers")}`).run({ covers: JSON.stringify(images.keys.covers) });
      db.prepare(`UPDATE users SET picture_key = ${pick("avatars")}`).run({
        avatars: JSON.stringify(images.keys.avatars),
      });
      db.prepare(
        `UPDATE connections SET screenshot_key = ${pick("screenshots")} WHERE rowid % ${SCREENSHOT_EVERY} = 0`,
      ).run({
        screenshots: JSON.stringify(images.keys.screenshots),
      });
    })();
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

/** Puts the pool into a running Worker's bucket (Miniflare's R2 starts empty with every Worker). */
export async function uploadBenchImages(
  bucket: { put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown> },
  images: BenchImages,
): Promise<void> {
  for (const [key, object] of images.objects) {
    await bucket.put(key, object.bytes, { httpMetadata: { contentType: object.contentType } });
  }
}
