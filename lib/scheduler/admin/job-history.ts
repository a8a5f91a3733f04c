// What the engine last did to a job, or what a business change did to it: its latest run
// (job_runs, with the outcome) or its cancellation (a business change, such as a customer
// cancelling a booking, cancels without an operator). The dashboard sets it beside its own audit
// log to tell an operator whose page is stale what happened (lib/operations/job-last-change.ts).
import type { Tx } from "../../db/client.ts";

export type JobEvent =
  | { kind: "cancel"; at: Date; by: string | null; reason: string | null }
  | { kind: "run"; at: Date; outcome: string; error: string | null };

/**
 * The later of the job's cancellation and its latest run (ties go to the cancellation, which
 * says who), or null when neither happened. Texts are cut at 200 characters: they are quoted in
 * a sentence.
 */
export async function latestJobEvent(tx: Tx, jobId: bigint): Promise<JobEvent | null> {
  const [event] = await tx.$queryRaw<Array<{ kind: "cancel" | "run"; at: Date; who: string | null; outcome: string | null; detail: string | null }>>`
    SELECT kind, at, who, outcome, detail FROM (
      (SELECT 'cancel' AS kind, 0 AS rank, j.cancelled_at AS at, j.cancelled_by AS who, NULL::text AS outcome, left(j.cancel_reason, 200) AS detail
       FROM scheduled_jobs j WHERE j.id = ${jobId} AND j.cancelled_at IS NOT NULL)
      UNION ALL
      (SELECT 'run', 1, coalesce(r.finished_at, r.started_at), NULL, r.outcome::text, left(r.error, 200)
       FROM job_runs r WHERE r.job_id = ${jobId} ORDER BY r.attempt DESC LIMIT 1)
    ) events
    ORDER BY at DESC, rank
    LIMIT 1`;
  if (!event) return null;
  return event.kind === "cancel"
    ? { kind: "cancel", at: event.at, by: event.who, reason: event.detail }
    : { kind: "run", at: event.at, outcome: event.outcome!, error: event.detail };
}
