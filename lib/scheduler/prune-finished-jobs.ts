// Retention: finished jobs (succeeded, cancelled) and their runs are deleted once older than
// the retention age, a batch at a time so no statement holds many locks or a long snapshot.
// Dead jobs are kept: they wait for an operator to retry or cancel them. The run tallies
// and the tick history (decision 0033) older than the retention age go with them, a batch at a time too.
import type { Tx } from "../db/client.ts";

export interface PruneRequest {
  now: Date;
  olderThanDays: number;
  batchSize: number;
}

/** Deletes up to batchSize finished jobs (their runs cascade). Returns how many were deleted. */
export async function pruneFinishedJobs(tx: Tx, { now, olderThanDays, batchSize }: PruneRequest): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanDays * 86_400_000);
  const rows = await tx.$queryRaw<Array<{ deleted: bigint }>>`
    WITH doomed AS (
      SELECT id FROM scheduled_jobs
      WHERE status IN ('succeeded', 'cancelled') AND finished_at < ${cutoff}
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    ), deleted AS (
      DELETE FROM scheduled_jobs j USING doomed WHERE j.id = doomed.id RETURNING 1
    ), old_tallies AS (
      DELETE FROM job_run_tallies t
      WHERE t.id IN (SELECT id FROM job_run_tallies WHERE minute < ${cutoff} LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
    ), old_ticks AS (
      DELETE FROM tick_history h
      WHERE h.id IN (SELECT id FROM tick_history WHERE at < ${cutoff} LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
    )
    SELECT count(*) AS deleted FROM deleted`;
  return Number(rows[0]?.deleted ?? 0);
}
