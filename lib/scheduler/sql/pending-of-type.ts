// How the engine's statements read one job type's pending jobs in run_at order: a range scan
// of scheduled_jobs_pending_by_type_idx ((job_type, run_at) WHERE status = 'pending'), one per
// job type the statement asks about (a LATERAL join over the types), so each type's cost
// follows its own due jobs and never another type's.
//
// Why the row comparisons and the (job_type, run_at) order, rather than `job_type = t AND
// run_at <= now ORDER BY run_at`: with that plain form the planner may walk any index in run_at
// order and filter by type (it assumes a type's rows are spread evenly over time). A backlog of
// another type older than the wanted work (a paused type, an import) is then read and thrown
// away on every call: 100,000 paused jobs made each claim 39 ms instead of 1.8 ms
// (bench/RESULTS.md, "Fair claims"). A row comparison on (job_type, run_at) is an index
// condition only on an index that leads with those two columns, and the order (job_type, run_at)
// is one only such an index gives, so the run_at-ordered indexes are no longer a cheap plan.
// tests/integration/engine/paused-backlog.test.ts counts the buffers each statement reads with and
// without such a backlog.

/**
 * SQL condition: `alias`'s row is a pending job of type `type` due at or before `until` (SQL
 * expressions; `until` may be 'infinity'). Pair it with `ORDER BY <alias>.job_type, <alias>.run_at`.
 */
export function pendingOfType(alias: string, type: string, until: string): string {
  return `${alias}.status = 'pending'
          AND (${alias}.job_type, ${alias}.run_at) >= (${type}, '-infinity'::timestamptz)
          AND (${alias}.job_type, ${alias}.run_at) <= (${type}, ${until})`;
}

/** The order that goes with pendingOfType: the index's own. */
export function inIndexOrder(alias: string): string {
  return `${alias}.job_type, ${alias}.run_at`;
}
