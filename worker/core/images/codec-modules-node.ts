import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { CodecModules } from "./codec-modules.ts";

/** In Node (the seed, the conversion script, tests) the same WebAssembly files are read from the packages. */
export async function codecModules(): Promise<CodecModules> {
  const require = createRequire(import.meta.url);
  const compile = async (file: string) => WebAssembly.compile(await readFile(require.resolve(file)));
  const [jpegDecoder, pngDecoder, webpEncoder, resizer] = await Promise.all([
    compile("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"),
    compile("@jsquash/png/codec/pkg/squoosh_png_bg.wasm"),
    compile("@jsquash/webp/codec/enc/webp_enc_simd.wasm"),
    compile("@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm"),
  ]);
  return { jpegDecoder, pngDecoder, webpEncoder, resizer };
}
