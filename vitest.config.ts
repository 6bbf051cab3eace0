import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/lint/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          // Generous: a loaded machine (or CI beside another job) must slow a hook, not fail it.
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "pg",
          include: ["tests/pg/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A journey took 85 s of its 90 with the machine's load at 20: each browser step has its
          // own 15 s limit (newPage), so a test that hangs still fails, but a slow one does not.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs every file in turn instead of a new process per file (each file still
          // launches its own browser and closes it): the files share nothing but the app under test.
          isolate: false,
        },
      },
    ],
  },
});
