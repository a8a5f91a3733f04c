// Make a pending job due at `now`, so the next tick (or the staying one) picks it up.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";

export async function runNow(tx: Tx, jobId: bigint, now: Date): Promise<void> {
  const updated = await tx.$executeRaw`
    UPDATE scheduled_jobs SET run_at = ${now}, updated_at = CURRENT_TIMESTAMP
    WHERE id = ${jobId} AND status = 'pending'`;
  if (updated === 0) await explainUnchangedJob(tx, jobId, "run now", ["pending"]);
}
