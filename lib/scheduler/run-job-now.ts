// Make a pending job due at `now`, so the next tick (or a staying one, woken by the notify) picks it up.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";
import { check, runAt as runAtSchema } from "./limits.ts";
import { dueSoonChannel } from "./wake-up.ts";

export async function runNow(tx: Tx, jobId: bigint, now: Date): Promise<void> {
  const at = check(runAtSchema, now, "run now");
  const rows = await tx.$queryRaw<Array<{ id: bigint }>>`
    WITH target AS (
      UPDATE scheduled_jobs SET run_at = ${at}, updated_at = CURRENT_TIMESTAMP
      WHERE id = ${jobId} AND status = 'pending'
      RETURNING id
    ), wake AS (SELECT pg_notify(${dueSoonChannel}::text, '') FROM target)
    SELECT id, (SELECT count(*) FROM wake) AS woken FROM target`;
  if (!rows[0]) await explainUnchangedJob(tx, jobId, "run now", ["pending"]);
}
