// Two projects: `unit` (pure logic, no database) and `integration` (real PostgreSQL: one server
// and one migrated template per run, a database per test file; see tests/setup/global-database.ts).
//   npx vitest run --project unit
//   npx vitest run --project integration
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("./", import.meta.url));

export default defineConfig({
  // The tsconfig path alias `@/*`.
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Unit tests first (seconds), then the database tests: projects with different
          // maxWorkers must run in separate groups.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          // Real databases, child processes and lease expiry: generous, but finite.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files run in parallel, each in its own database; processes (not threads) so a
          // test can kill a worker without taking the others down.
          pool: "forks",
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
