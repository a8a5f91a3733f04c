// Which integration files run where (vitest.config.ts reads these lists; scripts/test.ts runs the
// projects; tests/unit/platform/vitest-file-groups.test.ts checks the lists against the files).

/**
 * Integration tests that run alone (the `processes` project): several processes or real time
 * raced against short leases, which load would decide (a process starved of CPU for longer than
 * a lease looks dead). docs/decisions/0032; npm test runs its direct and pooled passes at once
 * after everything else, one file at a time in each (0054).
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
 * Integration files that need modules of their own (the `integration-isolated` project); every
 * other integration file runs without isolation (`integration`, isolate: false), in workers that
 * import the app's modules once for many files, which cut a pass's imports from 135 s to 29 s on
 * the marketplace files (docs/decisions/0046). These files change what modules keep for the
 * process: they set environment variables the app reads once (settings, the lifecycle policy,
 * webhook and alert options), reach the app's own clients (getDb, the route handlers under app/,
 * tests/helpers/api.ts, which points DATABASE_URL at the file's database), or read the engine's
 * per-process list of claimers to adopt. Run beside other files in one process, the next file's
 * routes answered from the previous file's database (20 files failed, 128 tests). A unit test
 * (platform/integration-module-isolation) fails when a file that does any of this is missing here.
 */
export const ownModules = [
  "tests/integration/api/api-conventions.test.ts",
  "tests/integration/api/api-infrastructure.test.ts",
  "tests/integration/api/api-party-views.test.ts",
  "tests/integration/api/api-payment-recording.test.ts",
  "tests/integration/api/api-routes.test.ts",
  "tests/integration/api/api-travelled-clock.test.ts",
  "tests/integration/api/field-vocabulary.test.ts",
  "tests/integration/api/forged-parties-ids-and-keys-refused.test.ts",
  "tests/integration/api/non-finite-numbers-refused.test.ts",
  "tests/integration/dashboard/booking-actions.test.ts",
  "tests/integration/dashboard/find-anything.test.ts",
  "tests/integration/dashboard/job-actions.test.ts",
  "tests/integration/dashboard/operator-disputes.test.ts",
  "tests/integration/dashboard/out-of-range-input-refused-before-database.test.ts",
  "tests/integration/dashboard/session-cookie-secure.test.ts",
  "tests/integration/dashboard/stale-page-messages.test.ts",
  "tests/integration/engine/cron-route.test.ts",
  "tests/integration/engine/tick-phases.test.ts",
  "tests/integration/integrations/alerts-heartbeat.test.ts",
  "tests/integration/integrations/endpoint-actions-racing-delete.test.ts",
  "tests/integration/integrations/events-cursor-expired.test.ts",
  "tests/integration/integrations/events-outbox.test.ts",
  "tests/integration/integrations/payment-webhook-races.test.ts",
  "tests/integration/integrations/payment-webhook-refusals.test.ts",
  "tests/integration/integrations/webhook-endpoint-delete.test.ts",
  "tests/integration/integrations/webhooks-api.test.ts",
  "tests/integration/marketplace/auction-sealed-bids.test.ts",
  "tests/integration/quotas/quota-operator-resets.test.ts",
  "tests/integration/quotas/quota-reset-busy-account.test.ts",
  "tests/integration/quotas/quota-usage-route.test.ts",
];

/**
 * What makes a file need modules of its own (see ownModules): it assigns or deletes an
 * environment variable, uses the API helper or a module under app/, the app's clients, or the
 * engine's list of claimers to adopt.
 */
export const needsOwnModules =
  /process\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*(\?\?|\|\|)?=[^=]|delete process\.env|helpers\/api|\/app\/|getDb\(|getEngineDb\(|unansweredClaimers|leaveUnansweredClaim/;

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

/**
 * What the faked-clock passes run (scripts/test.ts runs them three times under Debian's faketime,
 * at Dec 31 into the new year, Feb 29 and Jul 1; docs/decisions/0045). A faked process clock can
 * only change a test whose code reads the clock, so these are the unit files that do, in the file
 * or in any project module it imports, however indirectly (`Date.now`, `new Date()` without
 * arguments, `performance.now`, Intl date formatting, `toLocale…String`), and the quota
 * integration files whose code turns the current instant into local dates (the calendar
 * simulations choose every `now`, so they are not repeated). A pure file (every instant passed
 * in) gives the same result on any date and runs once, on the real clock.
 * tests/unit/platform/faked-clock-files.test.ts fails when a unit file that reads the clock is
 * missing here; keep it sorted.
 */
export const fakedClock = [
  "tests/unit/api/api-admission.test.ts",
  "tests/unit/api/api-openapi.test.ts",
  "tests/unit/api/api-types.test.ts",
  "tests/unit/dashboard/bad-page-queries-answer-400.test.ts",
  "tests/unit/dashboard/dashboard-queries.test.ts",
  "tests/unit/dashboard/forged-action-posts-refused.test.ts",
  "tests/unit/dashboard/history-chart-data.test.ts",
  "tests/unit/dashboard/history-fall-back-minutes-link-their-runs.test.ts",
  "tests/unit/dashboard/relative-time.test.ts",
  "tests/unit/dashboard/search-payload-non-finite-refused.test.ts",
  "tests/unit/dashboard/search-payload-nul-escape-refused.test.ts",
  "tests/unit/dashboard/search-terms.test.ts",
  "tests/unit/dashboard/zone-cache-bounded-per-zone.test.ts",
  "tests/unit/dashboard/zone-picker-shows-iana-names.test.ts",
  "tests/unit/dashboard/zoned-text.test.ts",
  "tests/unit/dashboard/zoned-time.test.ts",
  "tests/unit/engine/catalogue.test.ts",
  "tests/unit/engine/query-numbers-past-2-53-capped-or-limited.test.ts",
  "tests/unit/engine/recurring-occurrences.test.ts",
  "tests/unit/engine/tick-phases.test.ts",
  "tests/unit/engine/tick-query.test.ts",
  "tests/unit/integrations/alert-conditions.test.ts",
  "tests/unit/integrations/alert-email-to-silent-server-times-out.test.ts",
  "tests/unit/integrations/webhook-pools-forget-idle-origins.test.ts",
  "tests/unit/marketplace/currencies.test.ts",
  "tests/unit/marketplace/marketplace-rules.test.ts",
  "tests/unit/platform/integration-module-isolation.test.ts",
  "tests/unit/platform/test-process-early-exit-says-why.test.ts",
  "tests/unit/platform/tick-line.test.ts",
  "tests/unit/platform/ticker.test.ts",
  "tests/unit/quotas/quota-local-day-start.test.ts",
  "tests/integration/quotas/quota-resets.test.ts",
  "tests/integration/quotas/quota-consumption.test.ts",
  "tests/integration/quotas/quota-usage-route.test.ts",
];
