export { loader } from "./staged-upload.server.ts";
