export { action, loader } from "./connection-verdict.server.ts";
