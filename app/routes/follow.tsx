export { action, loader } from "./follow.server.ts";
