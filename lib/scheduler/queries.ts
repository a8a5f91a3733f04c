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

const jobViewSelect = {
  id: true, jobType: true, key: true, runAt: true, status: true, attempts: true, maxAttempts: true,
  subjectType: true, subjectId: true, lastError: true, payload: true, cancelledBy: true,
  cancelReason: true, finishedAt: true,
} as const;

function toView<T extends { id: bigint }>(row: T): Omit<T, "id"> & { id: string } {
  return { ...row, id: row.id.toString() };
}

/**
 * What the agenda shows of a job. Not the payload: it can be megabytes per job and the page
 * never shows it (21 payloads of 5 MB made one page take 1.5 s).
 */
const agendaSelect = {
  id: true, jobType: true, runAt: true, status: true, attempts: true, maxAttempts: true,
  subjectType: true, subjectId: true, lastError: true,
} as const;

/** A job as the agenda lists it. */
export interface AgendaItem {
  id: string;
  jobType: string;
  runAt: Date;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  subjectType: string | null;
  subjectId: string | null;
  lastError: string | null;
}

export interface AgendaQuery {
  /** The page's clock: what is due before it is late, what is due after it is upcoming. */
  now: Date;
  /** End of the upcoming window (exclusive). */
  to: Date;
  /** At most this many jobs in each list. */
  limit?: number;
}

export interface Agenda {
  /**
   * Work that should have started and has not finished: pending jobs due before `now` (the
   * ticker is stopped, behind, or failing) and running jobs, most overdue first.
   */
  late: AgendaItem[];
  /** Pending jobs due in [now, to), soonest first. */
  upcoming: AgendaItem[];
}

/**
 * The operator's view of work still ahead. Both lists are served by the (status, run_at) index;
 * late work is listed first because a window starting at `now` would hide exactly the jobs
 * that need attention when ticks stop.
 */
export async function agenda(db: DbOrTx, { now, to, limit = 500 }: AgendaQuery): Promise<Agenda> {
  const order = [{ runAt: "asc" }, { id: "asc" }] as const;
  // One after the other: inside a transaction both would share one connection anyway.
  const late = await db.scheduledJob.findMany({
    where: { OR: [{ status: "pending", runAt: { lt: now } }, { status: "running" }] },
    orderBy: [...order],
    take: limit,
    select: agendaSelect,
  });
  const upcoming = await db.scheduledJob.findMany({
    where: { status: "pending", runAt: { gte: now, lt: to } },
    orderBy: [...order],
    take: limit,
    select: agendaSelect,
  });
  return { late: late.map(toView), upcoming: upcoming.map(toView) };
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
