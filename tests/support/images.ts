import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import encodeJpegFile, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import decodeWebpFile, { init as initWebpDecoder } from "@jsquash/webp/decode";
import { PNG } from "pngjs";

/**
 * Small real images for upload tests. Uploads are judged by their bytes (worker/core/images/uploads.ts), so each
 * of these is a complete file a browser decodes, not just the right first bytes.
 */

/**
 * A PNG drawn with pngjs: a left-to-right gradient between two colours taken from `seed`, so different seeds
 * give different files (a replaced picture is told apart from the one it replaced by its bytes).
 */
export function testPng(seed: string, size: { width: number; height: number } = { width: 24, height: 36 }): Uint8Array {
  const png = new PNG(size);
  const hash = fnv1a(seed);
  const from = [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff];
  const to = [(hash >>> 24) & 0xff, (hash >>> 4) & 0xff, (hash >>> 12) & 0xff];
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const share = size.width > 1 ? x / (size.width - 1) : 0;
      const offset = (y * size.width + x) * 4;
      for (let channel = 0; channel < 3; channel++) {
        png.data[offset + channel] = Math.round((from[channel] ?? 0) * (1 - share) + (to[channel] ?? 0) * share);
      }
      png.data[offset + 3] = 0xff;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

/** A 1×1 GIF89a: screen descriptor, a two-colour palette, one LZW-coded pixel, trailer. */
export function testGif(): Uint8Array {
  return Uint8Array.from([
    ...ascii("GIF89a"),
    ...[1, 0, 1, 0, 0x80, 0, 0], // 1×1, global palette of 2 colours
    ...[0xb4, 0x53, 0x2a, 0xfb, 0xf6, 0xee], // the brand's rust and cream
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], // image descriptor: at 0,0, 1×1, no local palette
    ...[2, 2, 0x44, 0x01, 0], // LZW minimum code size 2; codes clear, 0, end (3 bits each); end of data
    0x3b,
  ]);
}

/**
 * An 8×8 grey baseline JPEG: quantisation table, frame header, one-code Huffman tables (a DC difference of 0, then
 * end of block), and a single block whose two codes fit in one byte.
 */
export function testJpeg(): Uint8Array {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0];
  return Uint8Array.from([
    ...[0xff, 0xd8], // start of image
    ...segment(0xe0, [...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // 8-bit, 8×8, one component
    ...segment(0xc4, oneCodeTable(0)),
    ...segment(0xc4, oneCodeTable(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0b0011_1111, // "0" (DC difference 0), "0" (end of block), padded with ones
    ...[0xff, 0xd9], // end of image
  ]);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** jSquash's emscripten codecs take the compiled module first, which their typings leave out. */
type InitWithModule = (module: WebAssembly.Module) => Promise<unknown>;

async function compiled(file: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(createRequire(import.meta.url).resolve(file)));
}

/** A photo-sized JPEG (mozjpeg): `testPng`'s gradient at any size, for the variants' resizing. */
export async function testJpegOf(seed: string, size: { width: number; height: number }): Promise<Uint8Array> {
  jpegEncoder ??= compiled("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm").then((module) =>
    (initJpegEncoder as unknown as InitWithModule)(module),
  );
  await jpegEncoder;
  const png = PNG.sync.read(Buffer.from(testPng(seed, size)));
  const pixels = { data: new Uint8ClampedArray(png.data), width: size.width, height: size.height } as ImageData;
  return new Uint8Array(await encodeJpegFile(pixels, { quality: 85 }));
}
let jpegEncoder: Promise<unknown> | null = null;

/**
 * A WebP's pixels, decoded with libwebp (jSquash's decoder, a different codec from the encoder the Worker uses), so
 * a test checks what a browser would show: the real width and height and that it decodes at all.
 */
export async function decodeWebp(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  webpDecoder ??= compiled("@jsquash/webp/codec/dec/webp_dec.wasm").then((module) =>
    (initWebpDecoder as unknown as InitWithModule)(module),
  );
  await webpDecoder;
  return decodeWebpFile(bytes.slice().buffer);
}
let webpDecoder: Promise<unknown> | null = null;

/**
 * A PNG whose header claims another size (nothing checks the header's checksum before decoding): a few hundred bytes
 * that say 20,000 × 20,000, as an attack would send.
 */
export function pngClaimingSize(png: Uint8Array, width: number, height: number): Uint8Array {
  const bytes = png.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}
