import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  server: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1", strictPort: true },
  preview: { port: Number(process.env.PORT ?? 5173), host: "127.0.0.1", strictPort: true },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
});
