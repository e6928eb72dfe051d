/**
 * Which of the Worker's doors a path goes through (README, "How it is built"), for the middleware that treats them
 * differently: the session comes from a Bearer token or a cookie, or is not read; the edge cache keeps API answers or
 * pages, or passes by. A door's path is its prefix alone or anything under it.
 */
const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);

export const API_PATH = "/api";
export const IMAGES_PATH = "/images";
/**
 * The build's files (Vite's default assets directory, named in every page) are served by Workers static assets
 * before the Worker runs: a request for one reaches it only when this build lacks the file (routers/assets.ts), and
 * needs neither a session nor the edge cache.
 */
export const BUILD_FILES_PATH = "/assets";

export const isApiPath = under(API_PATH);
/** Images have their own caching (decision 036) and look the viewer up only when an image's owner is private. */
export const isImagePath = under(IMAGES_PATH);
export const isBuildFile = under(BUILD_FILES_PATH);
