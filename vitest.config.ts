import { defineConfig } from "vitest/config";

// Three projects: `unit` (pure logic and dev tooling, in Node, and the database's own rules on a freshly
// migrated local database), `integration` (the built Worker running in
// workerd through Miniflare against a real local database and R2), `e2e` (Chromium driving the same Worker).
// Integration and e2e need `npm run build` first; `npm test` does that.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/local-db/**/*.test.ts", "tests/database/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page on a busy 2-core machine can take more than vitest's default second to settle; Playwright's
          // own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
