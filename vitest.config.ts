import { defineConfig } from "vitest/config";
import TurnAwareSequencer from "./tests/support/sequencer.ts";

export default defineConfig({
  test: {
    // Two workers on every machine (decision 079): Vitest's default, one fewer than the cores, gave
    // a 2-core machine one worker, so every file of every project ran in turn while the PostgreSQL
    // server, the app under test or Chromium did the work and the worker waited.
    maxWorkers: 2,
    // Browser files interleaved with the others so that one of them is usually running.
    sequence: { sequencer: TurnAwareSequencer },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/lint/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          // Generous: a loaded machine (or CI beside another job) must slow a hook, not fail it.
          hookTimeout: 180_000,
          // A worker loads the app's modules once for all its files (decision 088): a fresh module
          // graph per file cost about 2.5 s of CPU each, a fifth of the whole run.
          isolate: false,
          // Below the browser files' CPU priority (decision 088).
          setupFiles: ["tests/support/yield-to-browser.setup.ts"],
        },
      },
      {
        test: {
          name: "pg",
          include: ["tests/pg/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          isolate: false, // as unit (decision 088)
          setupFiles: ["tests/support/yield-to-browser.setup.ts"],
          // Files run beside each other: each has its own temporary database (or its own server,
          // replica-cluster.ts), and the migrated template is built under an advisory lock.
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // One browser file at a time against the one app (tests/support/e2e-turn.ts); files of
          // the other projects run beside it.
          setupFiles: ["tests/support/e2e-turn.setup.ts"],
          // A journey took 85 s of its 90 with the machine's load at 20: each browser step has its
          // own 15 s limit (newPage), so a test that hangs still fails, but a slow one does not.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // A worker that runs browser files one after another keeps its process (each file still
          // launches its own browser and closes it): the files share nothing but the app under test.
          isolate: false,
        },
      },
    ],
  },
});
