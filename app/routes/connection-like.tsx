export { action, loader } from "./connection-like.server.ts";
