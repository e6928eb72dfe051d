import decodeJpeg, { init as initJpegDecoder } from "@jsquash/jpeg/decode";
import decodePng, { init as initPngDecoder } from "@jsquash/png/decode";
import resize, { initResize } from "@jsquash/resize";
import encodeWebp, { init as initWebpEncoder } from "@jsquash/webp/encode";
import { GifReader } from "omggif";
import type { CodecModules } from "./codec-modules.ts";
import type { ImageType } from "./keys.ts";

/** Decoded pixels, RGBA, 4 bytes each, row by row (the shape of the browser's ImageData, which jSquash uses). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What making an image's copies needs: decoding, resizing and WebP encoding (jSquash's WebAssembly codecs). */
export interface Codecs {
  decode(bytes: Uint8Array, type: ImageType): Promise<Pixels>;
  resize(pixels: Pixels, width: number, height: number): Promise<Pixels>;
  encodeWebp(pixels: Pixels): Promise<Uint8Array>;
}

/** WebP's own default quality: posters and screenshots at a third of a JPEG's bytes, without visible loss. */
const WEBP_QUALITY = 75;

// jSquash's emscripten codecs take the compiled module as their first argument, which their typings leave out.
type InitWithModule = (module: WebAssembly.Module) => Promise<unknown>;

export async function codecsFrom(modules: CodecModules): Promise<Codecs> {
  await Promise.all([
    initPngDecoder(modules.pngDecoder),
    initResize(modules.resizer),
    (initWebpEncoder as unknown as InitWithModule)(modules.webpEncoder),
  ]);
  return {
    async decode(bytes, type) {
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const buffer = whole ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
      if (type === "image/png") return decodePng(buffer);
      if (type === "image/gif") return decodeGif(bytes);
      // A new instance per image: the decoder's memory grows to the image's size and never shrinks, so an instance
      // kept after a large photo would hold that memory for the isolate's life. The old one is garbage now.
      await (initJpegDecoder as unknown as InitWithModule)(modules.jpegDecoder);
      return decodeJpeg(buffer);
    },
    // Lanczos in sRGB: a third of the CPU of resampling in linear light, and no difference a thumbnail shows.
    resize: (pixels, width, height) => resize(asImageData(pixels), { width, height, linearRGB: false }),
    encodeWebp: async (pixels) => new Uint8Array(await encodeWebp(asImageData(pixels), { quality: WEBP_QUALITY })),
  };
}

/** A GIF's first frame (an animated GIF's copies are stills; the original keeps its animation). */
function decodeGif(bytes: Uint8Array): Pixels {
  const reader = new GifReader(bytes);
  const data = new Uint8ClampedArray(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, data);
  return { data, width: reader.width, height: reader.height };
}

/** jSquash's codecs read only these three fields; the decoders define a global ImageData where the runtime has none. */
function asImageData(pixels: Pixels): ImageData {
  return pixels as ImageData;
}

let loading: Promise<Codecs> | null = null;

/**
 * The codecs, loaded once per isolate or process: from the Worker's module imports in workerd, from the packages'
 * files in Node (the seed, the conversion script, tests). A failed load is tried again next time.
 */
export function imageCodecs(): Promise<Codecs> {
  loading ??= (
    isWorkerd()
      ? import("./codec-modules-workerd.ts").then((loader) => loader.codecModules())
      : import("./codec-modules-node.ts").then((loader) => loader.codecModules())
  )
    .then(codecsFrom)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

function isWorkerd(): boolean {
  return typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
}
