// Whether a job of a type, with a payload containing given values, is pending and due by an
// instant: for a type that keeps one job of a kind coming without a key shared by transactions
// (webhooks' pumps, docs/decisions/0044). The (job_type, run_at) row comparisons make it a range
// of scheduled_jobs_pending_by_type_idx, as the engine's own reads (sql/pending-of-type.ts).
import type { Tx } from "../db/client.ts";

export async function pendingJobDueBy(tx: Tx, jobType: string, payload: Record<string, unknown>, dueBy: Date): Promise<boolean> {
  const [row] = await tx.$queryRaw<Array<{ found: boolean }>>`
    SELECT EXISTS (
      SELECT 1 FROM scheduled_jobs j
      WHERE j.status = 'pending'
        AND (j.job_type, j.run_at) >= (${jobType}::text, '-infinity'::timestamptz)
        AND (j.job_type, j.run_at) <= (${jobType}::text, ${dueBy}::timestamptz)
        AND j.payload @> ${JSON.stringify(payload)}::jsonb
    ) AS found`;
  return row?.found ?? false;
}
