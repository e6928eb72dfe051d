import jpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngDecoder from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import resizer from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import type { CodecModules } from "./codec-modules.ts";

/** In the Worker the codecs are module imports (the Cloudflare plugin's CompiledWasm rule): nothing is fetched. */
export async function codecModules(): Promise<CodecModules> {
  return { jpegDecoder, pngDecoder, webpEncoder, resizer };
}
