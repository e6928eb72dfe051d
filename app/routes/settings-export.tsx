export { loader } from "./settings-export.server.ts";
