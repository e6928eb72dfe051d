export { action, loader } from "./connection-favorite.server.ts";
