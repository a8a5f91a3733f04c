// Put a dead job back to pending. Attempts are never reset: the attempt number is the fencing
// token a worker holds, so a retry grants more attempts instead of starting again from zero.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";

export async function retry(tx: Tx, jobId: bigint, now: Date, extraAttempts = 1): Promise<void> {
  const updated = await tx.$executeRaw`
    UPDATE scheduled_jobs
    SET status = 'pending', run_at = ${now}, max_attempts = attempts + ${extraAttempts},
        finished_at = NULL, updated_at = CURRENT_TIMESTAMP
    WHERE id = ${jobId} AND status = 'dead'`;
  if (updated === 0) await explainUnchangedJob(tx, jobId, "retry", ["dead"]);
}
