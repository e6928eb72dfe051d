export { loader } from "./connection-comments.server.ts";
