import { IMAGE_VARIANT_WIDTHS } from "../rules/index.ts";
import { type Codecs, imageCodecs, type Pixels } from "./codecs.ts";
import { imageDimensions } from "./dimensions.ts";
import type { ImageUpload } from "./uploads.ts";

export interface ImageVariant {
  width: number;
  bytes: Uint8Array;
}

/**
 * The largest image (in pixels) the Worker makes copies of (decision 036). Decoding holds the pixels twice (in the
 * decoder's memory and as its result), 8 bytes a pixel: 12 MP, a phone's photo, is about 100 MB, too close to an
 * isolate's 128 MB. Larger images are stored without copies; pages then get the original from the copies' URLs
 * until `npm run images:variants` (Node, no such limit) makes them.
 */
export const WORKER_MAX_VARIANT_PIXELS = 8_500_000;

/**
 * The WebP copies of an image at `IMAGE_VARIANT_WIDTHS`, widest first, or null when none are made: the image is
 * larger than `maxPixels`, or its bytes (already judged a PNG, JPEG or GIF) do not decode. Never a reason to refuse
 * an upload: the original is kept either way.
 */
export async function makeVariants(
  image: ImageUpload,
  options: { maxPixels: number; codecs?: Codecs },
): Promise<ImageVariant[] | null> {
  const size = imageDimensions(image.bytes, image.type);
  if (!size || size.width * size.height > options.maxPixels) return null;
  const codecs = options.codecs ?? (await imageCodecs());
  return oneAtATime(async () => {
    let source: Pixels;
    try {
      source = await codecs.decode(image.bytes, image.type);
    } catch (error) {
      console.warn(`An uploaded ${image.type} did not decode; it is kept without copies`, error);
      return null;
    }
    const variants: ImageVariant[] = [];
    let previous: ImageVariant | null = null;
    for (const width of [...IMAGE_VARIANT_WIDTHS].sort((a, b) => b - a)) {
      if (previous && source.width <= width) {
        // No wider than the image: the same pixels as the wider copy already made.
        variants.push({ width, bytes: previous.bytes });
        continue;
      }
      if (source.width > width) {
        const height = Math.max(1, Math.round((source.height * width) / source.width));
        source = await codecs.resize(shrinkTowards(source, width), width, height);
      }
      previous = { width, bytes: await codecs.encodeWebp(source) };
      variants.push(previous);
    }
    return variants;
  });
}

let busy = false;

/**
 * One image at a time per isolate, so two uploads never hold two decoded photos at once. A flag and a short sleep
 * rather than a chain of promises: a Worker request must not wait on a promise another request settles.
 */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
  busy = true;
  try {
    return await work();
  } finally {
    busy = false;
  }
}

/**
 * Averages blocks of pixels (alpha-weighted) until the image is at most twice `width` wide, so the resampling
 * filter, whose cost grows with the source's size, works on a small image; below twice the target it is the filter
 * alone, which keeps the detail a box average would blur.
 */
export function shrinkTowards(pixels: Pixels, width: number): Pixels {
  const factor = Math.floor(pixels.width / (2 * width));
  if (factor < 2) return pixels;
  const outWidth = Math.floor(pixels.width / factor);
  const outHeight = Math.max(1, Math.floor(pixels.height / factor));
  const out = new Uint8ClampedArray(outWidth * outHeight * 4);
  const { data } = pixels;
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let dy = 0; dy < factor; dy++) {
        let index = ((y * factor + dy) * pixels.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, index += 4) {
          const weight = data[index + 3] ?? 0;
          red += (data[index] ?? 0) * weight;
          green += (data[index + 1] ?? 0) * weight;
          blue += (data[index + 2] ?? 0) * weight;
          alpha += weight;
        }
      }
      const target = (y * outWidth + x) * 4;
      if (alpha > 0) {
        out[target] = red / alpha;
        out[target + 1] = green / alpha;
        out[target + 2] = blue / alpha;
        out[target + 3] = alpha / (factor * factor);
      }
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}
