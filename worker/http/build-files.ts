/**
 * The build's files (Vite's default assets directory, named in every page) are served by Workers static assets
 * before the Worker runs: a request for one reaches the Worker only when this build lacks the file
 * (routers/assets.ts), and needs neither a session nor the edge cache.
 */
export const BUILD_FILES_PATH = "/assets";

export const isBuildFile = (path: string) => path === BUILD_FILES_PATH || path.startsWith(`${BUILD_FILES_PATH}/`);
