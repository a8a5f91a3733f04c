// The jobs of business records (decision 0002: a job names its record as subject type and id),
// as the dashboard's record pages show them: every job of a few records with its runs, and the
// next open job of each row of a list. Each reads the (subject_type, subject_id) index.
import type { DbOrTx } from "../../db/client.ts";
import type { JobStatus, RunOutcome } from "../queries.ts";
import { subjectColumns, type Subject } from "../subject.ts";

export interface SubjectJob {
  id: string;
  jobType: string;
  status: JobStatus;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  subjectType: string;
  subjectId: string;
  cancelReason: string | null;
  /** Its attempts, first first (empty unless asked for). */
  runs: Array<{ attempt: number; startedAt: Date; finishedAt: Date | null; outcome: RunOutcome; error: string | null }>;
}

/** Every job of `subjects`, by run time (then id), with their runs when `runs` is set. */
export async function jobsOfSubjects(db: DbOrTx, subjects: Subject[], { runs = false }: { runs?: boolean } = {}): Promise<SubjectJob[]> {
  if (subjects.length === 0) return [];
  const rows = await db.scheduledJob.findMany({
    where: { OR: subjects.map((subject) => subjectColumns(subject) as { subjectType: string; subjectId: string }) },
    orderBy: [{ runAt: "asc" }, { id: "asc" }],
    include: { runs: runs ? { orderBy: { attempt: "asc" } } : false },
  });
  return rows.map((job) => ({
    id: job.id.toString(),
    jobType: job.jobType,
    status: job.status,
    runAt: job.runAt,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    subjectType: job.subjectType!,
    subjectId: job.subjectId!,
    cancelReason: job.cancelReason,
    runs: (job.runs ?? []).map((run) => ({ attempt: run.attempt, startedAt: run.startedAt, finishedAt: run.finishedAt, outcome: run.outcome, error: run.error })),
  }));
}

/** The soonest pending or running job of one group of records (a booking and its disputes). */
export interface OpenJob {
  id: string;
  jobType: string;
  status: string;
  runAt: Date;
}

/**
 * For each group (a list row: `key` and the records it stands for), its soonest pending or
 * running job, by run time then id; a group with none is absent from the map. One statement: one
 * probe of the subject index per record, as a page's rows need.
 */
export async function nextOpenJobs(db: DbOrTx, groups: Array<{ key: string; subjects: Subject[] }>): Promise<Map<string, OpenJob>> {
  const pairs = groups.flatMap((group) => group.subjects.map((subject) => ({ key: group.key, ...subjectColumns(subject) })));
  if (pairs.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ key: string; id: bigint; job_type: string; status: string; run_at: Date }>>`
    SELECT DISTINCT ON (w.key) w.key, j.id, j.job_type, j.status, j.run_at
    FROM unnest(${pairs.map((p) => p.key)}::text[], ${pairs.map((p) => p.subjectType)}::text[], ${pairs.map((p) => p.subjectId)}::text[])
         AS w(key, subject_type, subject_id)
    CROSS JOIN LATERAL (
      SELECT id, job_type, status::text AS status, run_at FROM scheduled_jobs
      WHERE subject_type = w.subject_type AND subject_id = w.subject_id AND status IN ('pending', 'running')
      ORDER BY run_at, id LIMIT 1
    ) j
    ORDER BY w.key, j.run_at, j.id`;
  return new Map(rows.map((row) => [row.key, { id: row.id.toString(), jobType: row.job_type, status: row.status, runAt: row.run_at }]));
}
