// Read side of the schedule: the schedule is data, so these are plain queries.
import type { DbOrTx } from "../db/client.ts";
import type { JobStatus, RunOutcome } from "../db/generated/enums.ts";
import { subjectColumns, type Subject } from "./subject.ts";

export type { JobStatus, RunOutcome };

export interface JobView {
  id: string;
  jobType: string;
  key: string | null;
  runAt: Date;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  subjectType: string | null;
  subjectId: string | null;
  lastError: string | null;
  payload: unknown;
  cancelledBy: string | null;
  cancelReason: string | null;
  finishedAt: Date | null;
}
/** The dashboard's name for a job in the agenda. */
export type AgendaItem = JobView;

const jobViewSelect = {
  id: true, jobType: true, key: true, runAt: true, status: true, attempts: true, maxAttempts: true,
  subjectType: true, subjectId: true, lastError: true, payload: true, cancelledBy: true,
  cancelReason: true, finishedAt: true,
} as const;

function toView<T extends { id: bigint }>(row: T): Omit<T, "id"> & { id: string } {
  return { ...row, id: row.id.toString() };
}

export interface AgendaQuery {
  from: Date;
  to: Date;
  /** Defaults to the work still ahead: pending and running. */
  statuses?: JobStatus[];
  limit?: number;
}

/** What is due in [from, to), soonest first. Served by the (status, run_at) index. */
export async function agenda(db: DbOrTx, { from, to, statuses = ["pending", "running"], limit = 500 }: AgendaQuery): Promise<JobView[]> {
  const rows = await db.scheduledJob.findMany({
    where: { runAt: { gte: from, lt: to }, status: { in: statuses } },
    orderBy: [{ runAt: "asc" }, { id: "asc" }],
    take: limit,
    select: jobViewSelect,
  });
  return rows.map(toView) as JobView[];
}

/** Every job of one business record, newest run time first. */
export async function jobsForSubject(db: DbOrTx, subject: Subject): Promise<JobView[]> {
  const { subjectType, subjectId } = subjectColumns(subject);
  const rows = await db.scheduledJob.findMany({
    where: { subjectType, subjectId },
    orderBy: [{ runAt: "desc" }, { id: "desc" }],
    select: jobViewSelect,
  });
  return rows.map(toView) as JobView[];
}

export async function jobsByStatus(db: DbOrTx, status: JobStatus, limit = 100): Promise<JobView[]> {
  const rows = await db.scheduledJob.findMany({
    where: { status },
    orderBy: [{ runAt: "asc" }, { id: "asc" }],
    take: limit,
    select: jobViewSelect,
  });
  return rows.map(toView) as JobView[];
}

export async function findJob(db: DbOrTx, jobId: bigint): Promise<JobView | null> {
  const row = await db.scheduledJob.findUnique({ where: { id: jobId }, select: jobViewSelect });
  return row ? (toView(row) as JobView) : null;
}

export interface RunView {
  attempt: number;
  tickId: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: RunOutcome;
  error: string | null;
  /** What was asked while the attempt ran (a cancel, a move), applied when it ended. */
  note: string | null;
}

/** The history of a job's attempts, first attempt first. */
export async function runsOfJob(db: DbOrTx, jobId: bigint): Promise<RunView[]> {
  return db.jobRun.findMany({
    where: { jobId },
    orderBy: { attempt: "asc" },
    select: { attempt: true, tickId: true, startedAt: true, finishedAt: true, outcome: true, error: true, note: true },
  });
}
