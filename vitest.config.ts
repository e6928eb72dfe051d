import { defineConfig } from "vitest/config";
import LongRunningFirst from "./tests/support/sequencer.ts";

// Three projects: `unit` (pure logic and dev tooling, in Node, and the database's own rules on a freshly
// migrated local database), `integration` (the built Worker running in
// workerd through Miniflare against a real local database and R2), `e2e` (Chromium driving the same Worker).
// Integration and e2e need `npm run build` first; `npm test` does that.
//
// The integration and browser files start from copies of a migrated and a seeded site made once per run
// (tests/global-setup.ts), and share imported modules across files (`isolate: false`); decision 041.
//
// Workers: Vitest's default is one fewer than the cores, one on this 2-core machine. Integration files wait on
// workerd and the database as much as they compute, so three run at once and keep both cores busy. Browser files
// run after them, two at a time: one leaves a core partly idle, three take as long as two.
export default defineConfig({
  test: {
    // The long-running files start first in each project, even on a fresh machine without timings.
    sequence: { sequencer: LongRunningFirst },
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
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/global-setup.ts"],
          environment: "node",
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          isolate: false,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/global-setup.ts"],
          environment: "node",
          maxWorkers: 2,
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
