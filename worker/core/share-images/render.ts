import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgModule from "@resvg/resvg-wasm/index_bg.wasm";
import playfairRegular from "./fonts/playfair-display-400.bin";
import playfairItalic from "./fonts/playfair-display-400-italic.bin";
import playfairBold from "./fonts/playfair-display-700.bin";

/**
 * SVG to PNG inside the Worker with resvg's WebAssembly build (decision 025). The module and the fonts are
 * imported as Worker modules, so nothing is fetched: the share card uses Playfair Display only, in the weights
 * it draws, and no system fonts exist to fall back on.
 */

const FONTS = [playfairRegular, playfairItalic, playfairBold].map((font) => new Uint8Array(font));

let ready: Promise<void> | null = null;

/** resvg's module is instantiated once per isolate; a failed start is tried again by the next render. */
function started(): Promise<void> {
  ready ??= initWasm(resvgModule).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

export async function renderPng(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  await started();
  const resvg = new Resvg(svg, {
    font: { fontBuffers: FONTS, loadSystemFonts: false, defaultFontFamily: "Playfair Display" },
  });
  try {
    const image = resvg.render();
    try {
      // wasm-bindgen copies the PNG out of the module's memory, so its buffer is a plain ArrayBuffer.
      const png = image.asPng();
      return new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
