export { action, loader } from "./settings-blocked.server.ts";
