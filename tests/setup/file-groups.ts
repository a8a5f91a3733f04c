// Which integration files run where (vitest.config.ts reads these lists; scripts/test.ts runs the
// projects; tests/unit/platform/vitest-file-groups.test.ts checks the lists against the files).

/**
 * Integration tests that run alone (the `processes` project): several processes or real time
 * raced against short leases, which load would decide (a process starved of CPU for longer than
 * a lease looks dead). docs/decisions/0032.
 */
export const timingSensitive = [
  "tests/integration/engine/scheduler-concurrency.test.ts",
  "tests/integration/engine/eight-staying-processes-lose-no-lease.test.ts",
  "tests/integration/engine/connection-faults.test.ts",
  "tests/integration/engine/kill-storm-loses-no-job.test.ts",
  "tests/integration/engine/lease-protection.test.ts",
  // Real time against a one-second rhythm (a sweep every second, a LISTEN self-test answered
  // within a second, a wake-up within one): a pass at load 17 missed one, so they run alone.
  "tests/integration/engine/housekeeping-runs-while-lanes-busy.test.ts",
  "tests/integration/engine/wake-up.test.ts",
  "tests/integration/engine/listen-through-transaction-pooler-detected.test.ts",
];

/**
 * Integration tests the PgBouncer pass leaves out although they use the database: each runs
 * thousands of sweeps or function calls, one transaction at a time on one connection, with no
 * session state, so a transaction-mode pooler hands every transaction a server connection and
 * changes nothing they compute; it only plans each statement again and adds a hop, which made
 * the nine-year calendar the pass's longest file (308 s once). What the pooler can change for
 * the quota sweep (concurrent sweeps, a locked account, a killed sweep) stays in the pass:
 * quota-sweep-races, quota-reset-busy-account, quota-sweep-kill, quota-resets. docs/decisions/0034.
 */
export const samePooled = [
  "tests/integration/quotas/quota-calendar.test.ts",
  "tests/integration/quotas/quota-local-day-start.test.ts",
];

/**
 * Integration tests that open no database connection (a real `npm run db:generate`, the build's
 * staleness, the local ticker under a stepped clock): the PgBouncer pass, which only changes how
 * tests reach PostgreSQL, would run them again for nothing, so it leaves them out
 * (docs/decisions/0034). A file here that starts using the database must leave this list.
 */
export const withoutDatabase = [
  "tests/integration/platform/prisma-generate.test.ts",
  "tests/integration/platform/proxy-edit-makes-build-stale.test.ts",
  "tests/integration/platform/ticker-survives-clock-step-back.test.ts",
];

/**
 * The integration files measured slowest, slowest first: vitest starts them first, so no long
 * file is left to run alone at the end of a pass (tests/setup/slow-files-first.ts). Seconds from
 * runs of subsets on the shared 2-core machine, load average 11-14 (docs/decisions/0034); npm
 * test prints each pass's slowest files, to keep this list true.
 */
export const slowestFirst = [
  "tests/integration/quotas/quota-calendar.test.ts", // 144 s
  "tests/integration/marketplace/marketplace-properties.test.ts", // 113 s
  "tests/integration/marketplace/marketplace-paths.test.ts", // 100 s
  "tests/integration/marketplace/deadline-early-runs.test.ts", // 96 s
  "tests/integration/dashboard/operator-disputes.test.ts", // 66 s
  "tests/integration/quotas/quota-local-day-start.test.ts", // 62 s
  "tests/integration/marketplace/marketplace-duplicates.test.ts", // 62 s
  "tests/integration/api/api-routes.test.ts", // 57 s
  "tests/integration/quotas/quota-resets.test.ts", // 57 s
  "tests/integration/quotas/quota-sweep-races.test.ts", // 56 s
  "tests/integration/marketplace/marketplace-reply-race.test.ts", // 54 s
  "tests/integration/integrations/webhooks-delivery.test.ts", // 53 s
  "tests/integration/engine/recurring-resilience.test.ts", // 40 s
];
