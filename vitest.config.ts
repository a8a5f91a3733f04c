// Projects: `unit` (pure logic, no database) and the integration files (real PostgreSQL: one
// server and one migrated template per run, a database per test file; see
// tests/setup/global-database.ts), in `integration` (files sharing their workers' modules) and
// `integration-isolated` (files that change what modules keep; tests/setup/file-groups.ts).
//   npx vitest run --project unit
//   npx vitest run --project 'integration*'
//   npx vitest run --project processes   (integration tests that need the machine to themselves)
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { inPooledPass, ownModules, pooledAlso, pooledAreas, timingSensitive } from "./tests/setup/file-groups.ts";
import { SlowFilesFirst } from "./tests/setup/slow-files-first.ts";

const root = fileURLToPath(new URL("./", import.meta.url));

// The PgBouncer pass (DULY_TEST_PGBOUNCER=1) runs the integration files where a pooler can change
// an outcome again behind one: the engine, integrations and API areas and the named others
// (tests/setup/file-groups.ts, docs/decisions/0039).
const pooledPass = process.env.DULY_TEST_PGBOUNCER === "1";

/** What both integration projects share: real databases, in forked workers, two at a time. */
const integrationFiles = {
  environment: "node" as const,
  globalSetup: ["tests/setup/global-database.ts"],
  // Real databases, child processes and lease expiry: generous, but finite. 3 minutes, not 1: on
  // two cores shared with other runs, a 2,500-job bulk and a dead-after-max-attempts test took
  // just over 60 s; a test must not fail because the machine is busy.
  testTimeout: 180_000,
  hookTimeout: 180_000,
  // Files run in parallel, each in its own database; processes (not threads) so a test can kill
  // a worker without taking the others down.
  pool: "forks" as const,
  fileParallelism: true,
  maxWorkers: 2,
};

export default defineConfig({
  // The tsconfig path alias `@/*`.
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  test: {
    // The files measured slowest start first (a fresh clone has no durations cache).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Not vitest's 5 s: npm test runs the unit project beside builds, browsers and other
          // passes on two cores, where a fast-check property over every currency took 13 s. A
          // timeout here only catches a hang; it must not measure the machine.
          testTimeout: 120_000,
          // One module graph per worker, not a fresh fork and import per file: the unit files
          // import the app's modules (the scheduler, the API, pages), and those imports were
          // most of the project's cost. Measured on this 2-core machine, two rounds alternated:
          // 57-60 CPU-s and 191-215 s with isolation, 21-26 CPU-s and 43-82 s without, all 308
          // tests passing each way and in shuffled orders (docs/decisions/0045). What it asks of
          // a unit file: leave no state behind (restore fake timers and process.env in
          // afterEach or finally; module caches may only be asserted on by difference).
          isolate: false,
          // Unit tests first (seconds), then the database tests: projects with different
          // maxWorkers must run in separate groups.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: pooledPass ? [...pooledAreas.map((area) => `${area}**/*.test.ts`), ...pooledAlso] : ["tests/integration/**/*.test.ts"],
          exclude: [...timingSensitive, ...ownModules],
          ...integrationFiles,
          // Files share their worker's modules (docs/decisions/0046): the app's modules are
          // imported once per worker, not once per file. Files that change what modules keep
          // run in the next project, each with its own.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: pooledPass ? ownModules.filter(inPooledPass) : ownModules,
          ...integrationFiles,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // The same database tests, but each file alone on the machine: they start several
          // processes, or race real time against short leases, and measure what load would
          // otherwise decide (a process starved of CPU for longer than a lease looks dead).
          name: "processes",
          include: timingSensitive,
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: "forks",
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
