import type { ImageType } from "./keys.ts";

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * An image's size in pixels read from its header (PNG's IHDR, GIF's screen descriptor, a JPEG's frame header),
 * without decoding it, so the cost of decoding is known before paying it. Null when the header does not say.
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType): Dimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  switch (type) {
    case "image/png":
      return bytes.length >= 24 ? size(view.getUint32(16), view.getUint32(20)) : null;
    case "image/gif":
      return gifDimensions(bytes, view);
    case "image/jpeg":
      return jpegDimensions(bytes, view);
  }
}

/** Start-of-frame markers (SOF0–SOF15) carry the size; C4, C8 and CC are other segments in that range. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDimensions(bytes: Uint8Array, view: DataView): Dimensions | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length (RSTn, TEM) stand alone.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    if (isStartOfFrame(marker)) {
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

/** A GIF's blocks: an extension, an image (a frame), the end. */
const [GIF_EXTENSION, GIF_IMAGE, GIF_TRAILER] = [0x21, 0x2c, 0x3b];

/**
 * A GIF's size: its screen, grown to every frame's bounds. Some decoders grow the canvas to fit a frame larger than
 * the screen, so a 1 × 1 screen may carry a 65,535 × 65,535 frame; counting only the screen would let it through.
 * The frames' data is skipped block by block, never decoded.
 */
function gifDimensions(bytes: Uint8Array, view: DataView): Dimensions | null {
  if (bytes.length < 13) return null;
  let width = view.getUint16(6, true);
  let height = view.getUint16(8, true);
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  /** The offset after a run of data sub-blocks (each a length byte and that many bytes, ended by a 0). */
  const skipSubBlocks = (from: number) => {
    let offset = from;
    while (offset < bytes.length && bytes[offset] !== 0) offset += 1 + (bytes[offset] ?? 0);
    return offset + 1;
  };
  let offset = 13 + colourTable(bytes[10] ?? 0);
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === GIF_TRAILER) break;
    if (block === GIF_EXTENSION) offset = skipSubBlocks(offset + 2);
    else if (block === GIF_IMAGE && offset + 10 <= bytes.length) {
      width = Math.max(width, view.getUint16(offset + 1, true) + view.getUint16(offset + 5, true));
      height = Math.max(height, view.getUint16(offset + 3, true) + view.getUint16(offset + 7, true));
      // The frame's colour table, its LZW code size, then its data.
      offset = skipSubBlocks(offset + 10 + colourTable(bytes[offset + 9] ?? 0) + 1);
    } else break; // a block no GIF has: what was read so far is all there is to go on
  }
  return width > 0 && height > 0 ? { width, height } : null;
}
