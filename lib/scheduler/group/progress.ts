// What one group transaction has done with its jobs so far, and the open transaction itself:
// the objects its steps (run each job, record and commit, or handle the transaction's failure)
// pass along.
import type pg from "pg";
import type { DeferralRecord, FailureRecord } from "../sql/finish-attempt.ts";
import type { JobScope } from "./job-scope.ts";
import type { RunOptions, Runnable } from "./runnable.ts";

export interface GroupProgress {
  /** What of the queue this transaction may run: its group, past jobs that run alone (runnable.ts, candidatesFrom). */
  readonly candidates: Runnable[];
  /** Jobs this transaction took off the queue to run. */
  readonly taken: Runnable[];
  /** Jobs whose handler returned: to be marked succeeded. */
  readonly ran: Array<{ runnable: Runnable; finishedAt: Date }>;
  /** Jobs whose handler failed: their writes rolled back, the attempt recorded as failed. */
  readonly failed: Map<Runnable, FailureRecord>;
  /** Jobs whose handler deferred them (NotBefore): their writes rolled back, moved, no attempt spent. */
  readonly deferred: Map<Runnable, DeferralRecord>;
  /** Jobs found re-claimed by another worker before they started. */
  readonly leaseLost: Runnable[];
  /** Jobs cancelled after their claim, before their handler started: not run at all. */
  readonly cancelledBeforeStart: Runnable[];
}

export function newGroupProgress(candidates: Runnable[]): GroupProgress {
  return { candidates, taken: [], ran: [], failed: new Map(), deferred: new Map(), leaseLost: [], cancelledBeforeStart: [] };
}

/** A group transaction that is open: BEGIN sent, the lane's jobs held. */
export interface OpenGroup {
  connection: pg.PoolClient;
  /** The server backend running the transaction (what a lease timeout cancels or ends). */
  backendPid: number;
  /** performance.now() when the jobs were held: the group's window starts here. */
  openedAt: number;
  /** The jobs this lane still holds, row-locked by this transaction, and whether each was cancelled since its claim. */
  held: Map<bigint, { cancelRequested: boolean }>;
  /** The lane's jobs not yet taken: a transaction takes its candidates from it, and puts back what it could not finish. */
  queue: Runnable[];
  scope: JobScope;
  progress: GroupProgress;
  options: RunOptions;
}
