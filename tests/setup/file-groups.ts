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
 * What the PgBouncer pass runs (docs/decisions/0039): the integration files where a
 * transaction-mode pooler, and the loss of named prepared statements behind it, can change an
 * outcome. That is everything that holds or races for connections and session state: the engine
 * (claims, leases, advisory locks, LISTEN, the admin API's locks), webhooks, events and alerts
 * (advisory locks, batches), the API (admission under a full pool, idempotency races, rate
 * limits), and the named files of other areas that race transactions, kill a sweep, or reach the
 * database the way the app's client does. A business rule checked one transaction at a time (a
 * refusal, a calendar, a page's query) computes the same through a pooler, so it runs once,
 * directly. A new file in the three areas joins the pass by itself; elsewhere, add it here when
 * it races sessions or depends on how connections are handed out.
 */
export const pooledAreas = ["tests/integration/engine/", "tests/integration/integrations/", "tests/integration/api/"];
export const pooledAlso = [
  // Concurrent sweeps, a held account row, a sweep killed mid-way.
  "tests/integration/quotas/quota-sweep-races.test.ts",
  "tests/integration/quotas/quota-reset-busy-account.test.ts",
  "tests/integration/quotas/quota-sweep-kill.test.ts",
  "tests/integration/quotas/quota-resets.test.ts",
  // The marketplace through real ticks, and its races.
  "tests/integration/marketplace/marketplace-paths.test.ts",
  "tests/integration/marketplace/marketplace-reply-race.test.ts",
  "tests/integration/marketplace/marketplace-duplicates.test.ts",
  "tests/integration/marketplace/marketplace-batches.test.ts",
  "tests/integration/marketplace/marketplace-running-move.test.ts",
  // Operators racing each other and ticks.
  "tests/integration/dashboard/concurrent-operator-actions-apply-once.test.ts",
  "tests/integration/dashboard/bulk-actions.test.ts",
  "tests/integration/dashboard/bulk-preview-snapshot.test.ts",
  "tests/integration/dashboard/recurring-run-now-adds-one-run.test.ts",
  // How the app's client and the harness reach the database (prepared statements or not).
  "tests/integration/platform/db-client.test.ts",
  "tests/integration/platform/database-harness.test.ts",
];

/** The integration files of the PgBouncer pass: its areas and the named others, less the processes project's. */
export function inPooledPass(file: string): boolean {
  if (timingSensitive.includes(file)) return false;
  return pooledAreas.some((area) => file.startsWith(area)) || pooledAlso.includes(file);
}

/**
 * Integration tests that open no database connection (a real `npm run db:generate`, the build's
 * staleness, the local ticker under a stepped clock): the PgBouncer pass, which only changes how
 * tests reach PostgreSQL, would run them again for nothing, so none may be in it
 * (docs/decisions/0034; a unit test checks). A file here that starts using the database must
 * leave this list.
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
