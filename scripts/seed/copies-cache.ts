/**
 * The demo images' WebP copies, kept on disk between seeds. The seed draws the same images every time, and making
 * their copies is most of its work (about 15 s of CPU for some 100 images, decision 036); every browser test file
 * seeds its own site. A copy is found by the SHA-256 of the image it was made from and the widths asked for, so a
 * changed picture or width list makes new ones. Delete `node_modules/.cache/moviebooks-seed-copies` after changing
 * how copies are encoded.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type MakeCopies, makeVariants, WORKER_MAX_VARIANT_PIXELS } from "../../worker/core/images/index.ts";
import { IMAGE_VARIANT_WIDTHS } from "../../worker/core/rules/index.ts";

const DIRECTORY = path.resolve("node_modules/.cache/moviebooks-seed-copies");

interface Stored {
  width: number;
  base64: string;
}

export const cachedCopies: MakeCopies = async (image) => {
  const digest = createHash("sha256").update(image.bytes).update(IMAGE_VARIANT_WIDTHS.join(",")).digest("hex");
  const file = path.join(DIRECTORY, `${digest}.json`);
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Stored[] | null;
    return (
      stored?.map((copy) => ({ width: copy.width, bytes: new Uint8Array(Buffer.from(copy.base64, "base64")) })) ?? null
    );
  } catch {
    const copies = await makeVariants(image, { maxPixels: WORKER_MAX_VARIANT_PIXELS });
    const stored = copies?.map((copy) => ({ width: copy.width, base64: Buffer.from(copy.bytes).toString("base64") }));
    mkdirSync(DIRECTORY, { recursive: true });
    // Written whole, then renamed: test files seeding at once never read half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(stored ?? null));
    renameSync(partial, file);
    return copies;
  }
};
