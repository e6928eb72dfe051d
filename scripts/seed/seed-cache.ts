/**
 * The demo images and their WebP copies, kept on disk between seeds. The seed draws the same pictures every time,
 * and drawing them (resvg, then a maximally deflated PNG) and making their copies (decision 036) is most of its
 * work, some 15 s of CPU; every browser test file seeds its own site. An entry is found by the SHA-256 of what it
 * was made from (the SVG; the image's bytes and the copies' widths), so a changed picture or width list makes a
 * new one. Delete `node_modules/.cache/moviebooks-seed` after changing how pictures or copies are encoded.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type MakeCopies, makeVariants, WORKER_MAX_VARIANT_PIXELS } from "../../worker/core/images/index.ts";
import { IMAGE_VARIANT_WIDTHS } from "../../worker/core/rules/index.ts";

const DIRECTORY = path.resolve("node_modules/.cache/moviebooks-seed");

interface StoredCopy {
  width: number;
  base64: string;
}

function readEntry<T>(name: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path.join(DIRECTORY, name), "utf8")) as T;
  } catch {
    return undefined;
  }
}

function writeEntry(name: string, value: unknown) {
  mkdirSync(DIRECTORY, { recursive: true });
  // Written whole, then renamed: test files seeding at once never read half a file.
  const partial = path.join(DIRECTORY, `${name}.${process.pid}.tmp`);
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, path.join(DIRECTORY, name));
}

const digest = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

/** A picture drawn from `svg` by `draw`, or the one drawn before from the same SVG. */
export function cachedDrawing(svg: string, draw: (svg: string) => Uint8Array): Uint8Array {
  const name = `drawing-${digest(svg)}.json`;
  const stored = readEntry<string>(name);
  if (stored !== undefined) return new Uint8Array(Buffer.from(stored, "base64"));
  const bytes = draw(svg);
  writeEntry(name, Buffer.from(bytes).toString("base64"));
  return bytes;
}

/** An image's WebP copies, or the ones made before from the same bytes at the same widths. */
export const cachedCopies: MakeCopies = async (image) => {
  const name = `copies-${digest(image.bytes, IMAGE_VARIANT_WIDTHS.join(","))}.json`;
  const stored = readEntry<StoredCopy[] | null>(name);
  if (stored !== undefined) {
    return (
      stored?.map((copy) => ({ width: copy.width, bytes: new Uint8Array(Buffer.from(copy.base64, "base64")) })) ?? null
    );
  }
  const copies = await makeVariants(image, { maxPixels: WORKER_MAX_VARIANT_PIXELS });
  writeEntry(
    name,
    copies?.map((copy) => ({ width: copy.width, base64: Buffer.from(copy.bytes).toString("base64") })) ?? null,
  );
  return copies;
};
