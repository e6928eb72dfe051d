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
      return bytes.length >= 10 ? size(view.getUint16(6, true), view.getUint16(8, true)) : null;
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
