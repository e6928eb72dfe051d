import { crc32 } from "node:zlib";

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** An HTML page that runs script if a browser ever renders it as a document. */
export const HTML_PAGE = new TextEncoder().encode("<html><script>alert(1)</script></html>");

/** An image with the page appended after its end marker: not a valid image, so an upload must be refused. */
export function appendedPolyglot(image: Uint8Array): Uint8Array {
  return concat(image, HTML_PAGE);
}

/**
 * A PNG carrying the page in a tEXt chunk (with its correct CRC) right after IHDR: still a valid PNG, so it may be
 * stored, and is then only ever served as image/png with nosniff.
 */
export function pngWithHiddenPage(png: Uint8Array): Uint8Array {
  const type = new TextEncoder().encode("tEXt");
  const data = concat(new TextEncoder().encode("Comment\0"), HTML_PAGE);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, data.length);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(concat(type, data)));
  const afterHeader = 8 + 25; // signature, then IHDR (length, type, 13 bytes, CRC)
  return concat(png.subarray(0, afterHeader), length, type, data, crc, png.subarray(afterHeader));
}
