// Which of a bulk change's jobs it moves earlier than they are now, among the given job types
// (the dashboard asks for the types bound to a business time, which will not act early:
// docs/decisions/0020). Writes nothing.
import type { DbOrTx } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { newRunAtSql, targetConditions, type BulkChange, type BulkTarget } from "./bulk-target.ts";

export interface JobsMovedEarlier {
  /** Pending jobs of each type that the change moves earlier, by type name. */
  perType: Array<{ jobType: string; jobs: number }>;
  /** The first few of them by id, with their payloads (to read each one's business instant). */
  first: Array<{ id: bigint; jobType: string; payload: unknown }>;
}

/** Empty when `jobTypes` is empty or the change is a cancel or a retry (they move no pending job). */
export async function jobsMovedEarlier(
  db: DbOrTx, target: BulkTarget, change: BulkChange, jobTypes: string[], examples = 5,
): Promise<JobsMovedEarlier> {
  if (jobTypes.length === 0 || change.kind === "cancel" || change.kind === "retry") return { perType: [], first: [] };
  const conditions = Prisma.join(
    [...targetConditions(target), Prisma.sql`status = 'pending'`, Prisma.sql`job_type = ANY(${jobTypes}::text[])`, Prisma.sql`${newRunAtSql(change)} < run_at`],
    " AND ",
  );
  // Counted over every matching job (the index on (job_type, run_at, id, status) serves a
  // type's filter); the payloads read for a few only.
  const counts = await db.$queryRaw<Array<{ job_type: string; n: number }>>`
    SELECT job_type, count(*)::int AS n FROM scheduled_jobs WHERE ${conditions} GROUP BY job_type ORDER BY job_type`;
  if (counts.length === 0) return { perType: [], first: [] };
  const first = await db.$queryRaw<Array<{ id: bigint; job_type: string; payload: unknown }>>`
    SELECT id, job_type, payload FROM scheduled_jobs WHERE ${conditions} ORDER BY id LIMIT ${examples}`;
  return {
    perType: counts.map((c) => ({ jobType: c.job_type, jobs: c.n })),
    first: first.map((job) => ({ id: job.id, jobType: job.job_type, payload: job.payload })),
  };
}
