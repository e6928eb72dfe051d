export { loader } from "./filter-suggestions.server.ts";
