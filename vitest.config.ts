import { defineConfig } from "vitest/config";

// Three projects: `unit` (pure logic and dev tooling, in Node), `integration` (the built Worker running in
// workerd through Miniflare against a real local database and R2), `e2e` (Chromium driving the same Worker).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/local-db/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
