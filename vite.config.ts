import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const appDir = new URL("./app/", import.meta.url).pathname;
/**
 * The app's modules the root route imports, directly or through others. Every page loads them, so they are one
 * file: spread over the shared sets they were seven files on every page, each gzipped alone and each naming the
 * others (decision 037, the shell addendum).
 */
function shellModules(graph: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) {
  const found = new Set<string>();
  const queue = [`${appDir}root.tsx`];
  for (const id of queue) {
    if (found.has(id) || !id.startsWith(appDir) || id.includes("?")) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

export default defineConfig({
  server: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1", strictPort: true },
  preview: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1", strictPort: true },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A shared set's chunk is named for every route in it (up to 100 characters), and each file that imports
            // it repeats the name: short names are about 1 kB less on every page.
            chunkFileNames: (chunk) =>
              chunk.name.startsWith("components~") ? "assets/c-[hash].js" : "assets/[name]-[hash].js",
            codeSplitting: {
              // React, React DOM and React Router load on every page: one file instead of five compresses
              // better (each file is gzipped alone) and is one request (docs/performance.md, JavaScript). It comes
              // first, or the shell would take React along as a dependency of the root. The root's own modules are
              // the shell (above). The other shared components are one file per set of routes that use them, sets under 1.5 kB merged: a page
              // loads about 20 files instead of 37. A higher threshold merges more and so hands pages components
              // they do not use (decision 037). A component only one entry uses (a route, or a part loaded when
              // used) stays in that entry's file, where merging would hand it to a neighbour set. The rules are left
              // to Rolldown, file by file, so a page carries only the rules it uses (decision 013): one file of them
              // all was 5.2 kB on every page.
              groups: [
                {
                  name: "framework",
                  priority: 3,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                {
                  name: (id, graph) => (shellModules(graph).has(id) ? "shell" : null),
                  priority: 2,
                },
                {
                  name: "components",
                  test: /app[\\/](components|[^\\/]+\.tsx?$)/,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 1500,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
});
