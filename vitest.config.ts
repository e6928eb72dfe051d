import { defineConfig } from "vitest/config";

// Three projects: `unit` (pure logic and dev tooling, in Node, and the database's own rules on a freshly
// migrated local database), `integration` (the built Worker running in
// workerd through Miniflare against a real local database and R2), `e2e` (Chromium driving the same Worker).
// Integration and e2e need `npm run build` first; `npm test` does that.
//
// Workers: Vitest's default is one fewer than the cores, one on this 2-core machine. Integration files wait on
// workerd and the database more than they compute, so three run at once; each browser file keeps Chromium busy on
// more than one core, so they run one at a time, after the others.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/local-db/**/*.test.ts", "tests/database/**/*.test.ts"],
          environment: "node",
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
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
