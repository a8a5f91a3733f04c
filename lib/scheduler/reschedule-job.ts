// Move a pending job to another instant (an event moved to December).
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";

export async function reschedule(tx: Tx, jobId: bigint, runAt: Date): Promise<void> {
  const updated = await tx.$executeRaw`
    UPDATE scheduled_jobs SET run_at = ${runAt}, updated_at = CURRENT_TIMESTAMP
    WHERE id = ${jobId} AND status = 'pending'`;
  if (updated === 0) await explainUnchangedJob(tx, jobId, "reschedule", ["pending"]);
}
