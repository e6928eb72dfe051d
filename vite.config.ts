import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // CORS is the Worker's (`CORS_ORIGINS`, decision 022): Vite's own would answer preflights before the Worker sees
  // them, and allows any localhost origin.
  server: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1", strictPort: true, cors: false },
  preview: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1", strictPort: true, cors: false },
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
              // better (each file is gzipped alone) and is one request (docs/performance.md, JavaScript).
              //
              // The shell is the root route and everything it imports: a group takes its modules' dependencies
              // along, unless a group of higher priority has them (so the framework's comes first). Every page
              // loads the root, so this is code each page loads anyway, in one file instead of seven (decision
              // 037, the shell addendum).
              //
              // The other shared components are one file per set of routes that use them, sets under 1.5 kB
              // merged. A higher threshold merges more and so hands pages components they do not use (decision
              // 037). A component only one entry uses (a route, or a part loaded when used) stays in that entry's
              // file, where merging would hand it to a neighbour set. The rules are left to Rolldown, file by
              // file, so a page carries only the rules it uses (decision 013): one file of them all was 5.2 kB on
              // every page.
              groups: [
                {
                  name: "framework",
                  priority: 3,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                {
                  name: "shell",
                  // The module itself: its route entry (`root.tsx?__react-router-build-client-route`) stays a file.
                  test: /[\\/]app[\\/]root\.tsx$/,
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
