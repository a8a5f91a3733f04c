// Small read-only probes the tick makes between batches. Both read only the partial index
// scheduled_jobs_due_idx, so they cost the same with 10 or 10 million future jobs.
import { pgPoolOf, type Db } from "../../db/client.ts";

/** How late the oldest due pending job is at `now`, in ms (0 when nothing is due). */
export async function oldestDueLagMs(db: Db, now: Date): Promise<number> {
  const { rows } = await pgPoolOf(db).query<{ oldest: Date | null }>(
    `SELECT min(run_at) AS oldest FROM scheduled_jobs WHERE status = 'pending' AND run_at <= $1::timestamptz`,
    [now],
  );
  const oldest = rows[0]?.oldest;
  return oldest ? Math.max(0, now.getTime() - oldest.getTime()) : 0;
}

/**
 * Milliseconds until the next pending job of a known type is due (0 if one is already due),
 * or null when none is scheduled.
 */
export async function millisecondsUntilNextWork(db: Db, now: Date, jobTypes: string[]): Promise<number | null> {
  const { rows } = await pgPoolOf(db).query<{ next: Date | null }>(
    `SELECT run_at AS next FROM scheduled_jobs
     WHERE status = 'pending' AND job_type = ANY($1::text[])
     ORDER BY run_at LIMIT 1`,
    [jobTypes],
  );
  const next = rows[0]?.next;
  return next ? Math.max(0, next.getTime() - now.getTime()) : null;
}
