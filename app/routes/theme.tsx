export { action, loader } from "./theme.server.ts";
