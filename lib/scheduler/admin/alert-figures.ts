// What the alerts judge (lib/alerts, docs/decisions/0036), read once a minute by alerts.evaluate:
// how late the oldest due job is among the types the deployment runs and no operator paused (the
// tick's own lag, tick/housekeeping.ts), and how many jobs are dead.
//
// The lag is one probe of scheduled_jobs_pending_by_type_idx per known type, in (job_type, run_at)
// order (sql/pending-of-type.ts says why the row comparisons): a paused type's backlog or a
// million jobs due next month cost nothing. The dead count stops at figureCap, as the overview's.
import type { DbOrTx } from "../../db/client.ts";
import { figureCap } from "./overview.ts";

export interface AlertFigures {
  /** Run time of the oldest due pending job of a known, unpaused type; null when none is due. */
  oldestDue: Date | null;
  /** Dead jobs, counted up to figureCap + 1. */
  deadJobs: number;
}

export async function alertFigures(db: DbOrTx, now: Date, knownTypes: string[]): Promise<AlertFigures> {
  const [row] = await db.$queryRaw<Array<AlertFigures>>`
    SELECT
      (SELECT min(o.run_at) FROM unnest(${knownTypes}::text[]) AS t(job_type)
         CROSS JOIN LATERAL (
           SELECT j.run_at FROM scheduled_jobs j
           WHERE j.status = 'pending'
             AND (j.job_type, j.run_at) >= (t.job_type, '-infinity'::timestamptz)
             AND (j.job_type, j.run_at) <= (t.job_type, ${now}::timestamptz)
           ORDER BY j.job_type, j.run_at LIMIT 1) o
         WHERE NOT EXISTS (SELECT 1 FROM job_type_pauses p WHERE p.job_type = t.job_type)) AS "oldestDue",
      (SELECT count(*)::int FROM (SELECT 1 FROM scheduled_jobs WHERE status = 'dead' LIMIT ${figureCap + 1}) capped) AS "deadJobs"`;
  return row!;
}
