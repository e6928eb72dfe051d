declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}

/** A `.wasm` import is a compiled WebAssembly module in a Worker (the Cloudflare plugin's CompiledWasm rule). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

/**
 * The same with `?module`, for packages that ship typings for their `.wasm` file's exports (wasm-bindgen's), which
 * would otherwise win over the declaration above.
 */
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}

/** A `.bin` import is the file's bytes (the Cloudflare plugin's Data rule): the share images' fonts. */
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
