/** The compiled WebAssembly modules, loaded the way the runtime can: Worker module imports, or files in Node. */
export interface CodecModules {
  jpegDecoder: WebAssembly.Module;
  pngDecoder: WebAssembly.Module;
  webpEncoder: WebAssembly.Module;
  resizer: WebAssembly.Module;
}
