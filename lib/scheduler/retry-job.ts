// Put a dead job back to pending. Attempts are never reset: the attempt number is the fencing
// token a worker holds, so a retry grants more attempts instead of starting again from zero.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";
import { check, limits, retryGrant, runAt as runAtSchema } from "./limits.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { dueSoonChannel } from "./wake-up.ts";

export async function retry(tx: Tx, jobId: bigint, now: Date, extraAttempts = 1): Promise<void> {
  const at = check(runAtSchema, now, "retry");
  const grant = check(retryGrant, extraAttempts, "retry");
  const rows = await tx.$queryRaw<Array<{ id: bigint; max_attempts: number }>>`
    WITH target AS (
      UPDATE scheduled_jobs
      SET status = 'pending', run_at = ${at}, max_attempts = attempts + ${grant},
          finished_at = NULL, cancelled_at = NULL, cancelled_by = NULL, cancel_reason = NULL, updated_at = CURRENT_TIMESTAMP
      WHERE id = ${jobId} AND status = 'dead' AND attempts + ${grant} <= ${limits.maxAttempts}
      RETURNING id, max_attempts
    ), wake AS (SELECT pg_notify(${dueSoonChannel}::text, '') FROM target)
    SELECT id, max_attempts, (SELECT count(*) FROM wake) AS woken FROM target`;
  if (rows[0]) return;
  const [job] = await tx.$queryRaw<Array<{ attempts: number; status: string }>>`
    SELECT attempts, status::text AS status FROM scheduled_jobs WHERE id = ${jobId}`;
  if (job?.status === "dead") {
    throw new DulyError(ErrorCode.InvalidInput, `job ${jobId} has had ${job.attempts} attempts; no job may have more than ${limits.maxAttempts}`);
  }
  await explainUnchangedJob(tx, jobId, "retry", ["dead"]);
}
