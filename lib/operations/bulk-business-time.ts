// The bulk preview's warning about jobs bound to their business time (business-time.ts,
// docs/decisions/0020): which of the jobs a shift or a move takes earlier than they are now will
// not act early, per type, with when the first few will act. Writes nothing.
import type { DbOrTx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import type { Catalogue } from "../scheduler/index.ts";
import { businessTimeNotice, type JobTypes } from "./business-time.ts";
import { newRunAtSql, targetConditions, type BulkChange, type BulkTarget } from "./bulk.ts";

export interface BulkBusinessTimeWarning {
  /** Bound jobs the change moves earlier. */
  jobs: number;
  types: Array<{ jobType: string; instant: string; jobs: number }>;
  /** The first few of them (by id), with when each will act (null: cannot be known). */
  examples: Array<{ jobId: string; jobType: string; at: Date | null }>;
}

/** Null when the change moves no pending job of a bound type earlier (a cancel never does). */
export async function previewBulkBusinessTime(
  db: DbOrTx,
  jobTypes: JobTypes & Pick<Catalogue, "all">,
  target: BulkTarget,
  change: BulkChange,
  examples = 5,
): Promise<BulkBusinessTimeWarning | null> {
  const bound = jobTypes.all().filter((d) => d.businessTime).map((d) => d.name);
  if (bound.length === 0 || change.kind === "cancel") return null;
  const conditions = Prisma.join(
    [...targetConditions(target), Prisma.sql`status = 'pending'`, Prisma.sql`job_type = ANY(${bound}::text[])`, Prisma.sql`${newRunAtSql(change)} < run_at`],
    " AND ",
  );
  // Counted over every matching job (the index on (job_type, run_at, id, status) serves a
  // type's filter); the business instants read for a few only, one small read each.
  const counts = await db.$queryRaw<Array<{ job_type: string; n: number }>>`
    SELECT job_type, count(*)::int AS n FROM scheduled_jobs WHERE ${conditions} GROUP BY job_type ORDER BY job_type`;
  if (counts.length === 0) return null;
  const first = await db.$queryRaw<Array<{ id: bigint; job_type: string; payload: unknown }>>`
    SELECT id, job_type, payload FROM scheduled_jobs WHERE ${conditions} ORDER BY id LIMIT ${examples}`;
  const withInstants: BulkBusinessTimeWarning["examples"] = [];
  for (const job of first) {
    const notice = await businessTimeNotice(db, jobTypes, job.job_type, job.payload);
    withInstants.push({ jobId: job.id.toString(), jobType: job.job_type, at: notice?.at ?? null });
  }
  return {
    jobs: counts.reduce((sum, c) => sum + c.n, 0),
    types: counts.map((c) => ({ jobType: c.job_type, instant: jobTypes.get(c.job_type)?.businessTime?.instant ?? "its business time", jobs: c.n })),
    examples: withInstants,
  };
}
