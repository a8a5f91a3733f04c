// "Not before T": how a handler says its work belongs to a business instant that has not come.
//
// A deadline's job runs at its run_at, but what it acts on is a business instant (the event's
// time, an answer deadline). An operator who runs such a job now, retries it, or moves it
// earlier makes it run before that instant, and the handler must not act yet. Refusing with an
// ordinary error used to cost an attempt per early run, and after the last one the job was dead
// long before its instant: the booking was never closed, completed or paid out. Instead the
// handler throws NotBefore(T): the engine rolls the attempt's writes back (its savepoint), moves
// the job to T and gives the attempt back, recording the run as `deferred` with the reason
// (docs/decisions/0020). The attempt number still grows (it is the fencing token, decision 0005);
// max_attempts grows with it, so the attempts left are what they were.
import type { z } from "zod";
import type { DbOrTx } from "../db/client.ts";
import { limits } from "./limits.ts";
import { runTimeRange } from "../validation/fields.ts";

/**
 * Thrown by a handler (or a use case it calls) when the business instant its work belongs to has
 * not come. `until` must be that absolute instant, read from the business records (the booking's
 * event time), never computed from the handler's `now`: a time-travelling tick's `now` is not the
 * real clock. The engine recognises it by type, whatever wraps it: subclass it for a domain error.
 */
export class NotBefore extends Error {
  constructor(
    readonly until: Date,
    readonly reason: string,
  ) {
    super(reason);
    this.name = "NotBefore";
  }
}

/**
 * Declares that a job type's work is bound to a business instant: its handler acts only once the
 * instant has come and defers (NotBefore) when run earlier. Nothing in the engine needs it; it
 * lets the dashboard say, before an operator runs such a job early, that it will not act early
 * and when it will act, and lets the audit log record that.
 */
export interface BusinessTime<Payload = unknown> {
  /** The instant in an operator's words: "the booking's event time". */
  instant: string;
  /**
   * The instant as the business records say now, or null when it cannot be known (the record is
   * gone, or has moved on and the job will do nothing). Reads only; never writes.
   */
  dueAt(db: DbOrTx, payload: Payload): Promise<Date | null>;
}

/** A business-time declaration for a job type's parsed payload. */
export type BusinessTimeOf<Schema extends z.ZodType> = BusinessTime<z.output<Schema>>;

/** A deferral the engine will apply: where the job goes and why. */
export interface Deferral {
  until: Date;
  reason: string;
}

/**
 * Checks a thrown NotBefore against the attempt's clock and the engine's limits. A deferral that
 * names no later instant (T not after the `now` the handler was given), an Invalid Date, or an
 * instant outside the run times the engine stores is a handler bug: it becomes an ordinary
 * failed attempt with this error (backoff, then dead after the last attempt), so a handler
 * deferring to "now" can never loop inside a tick.
 */
export function checkDeferral(thrown: NotBefore, handlerNow: Date): { ok: true; deferral: Deferral } | { ok: false; error: Error } {
  const { until, reason } = thrown;
  const what = `the handler deferred (NotBefore: ${reason})`;
  if (!(until instanceof Date) || Number.isNaN(until.getTime())) {
    return { ok: false, error: new Error(`${what} to an Invalid Date; a deferral must name the instant to run at`) };
  }
  if (until < limits.earliestRunAt || until > limits.latestRunAt) {
    return { ok: false, error: new Error(`${what} to ${until.toISOString()}, outside the run times a job may have (${runTimeRange}, UTC)`) };
  }
  if (until.getTime() <= handlerNow.getTime()) {
    return {
      ok: false,
      error: new Error(`${what} to ${until.toISOString()}, which is not after the attempt's clock (${handlerNow.toISOString()}); a deferral must name a later instant, so this counts as a failed attempt`),
    };
  }
  return { ok: true, deferral: { until, reason } };
}

/** What job_runs.note says of a deferred attempt. */
export function deferralNote({ until, reason }: Deferral): string {
  return `deferred to ${until.toISOString()}: ${reason}`;
}
