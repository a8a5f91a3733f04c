// Recurring schedules as operators see them: the next occurrences and the last error; pause and
// resume (the sweep enqueues only enabled schedules; reconciling with the code never touches the
// flag); and run now (one extra occurrence, due now, an ordinary job of the schedule's type). The
// caller writes its audit entry in the same transaction.
import { Cron } from "croner";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import type { Catalogue } from "../job-definition.ts";
import { schedule } from "../schedule-job.ts";

export interface RecurringView {
  name: string;
  cron: string;
  timeZone: string;
  jobType: string;
  enabled: boolean;
  retired: boolean;
  nextRunAt: Date;
  lastEnqueuedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** The next few occurrences after nextRunAt (none for a retired or broken schedule). */
  upcoming: Date[];
}

function nextOccurrences(cron: string, timeZone: string, from: Date, count: number): Date[] {
  try {
    return new Cron(cron, { timezone: timeZone, paused: true }).nextRuns(count, from);
  } catch {
    return []; // the schedule's lastError says why
  }
}

export async function listRecurring(db: DbOrTx): Promise<RecurringView[]> {
  const rows = await db.recurringSchedule.findMany({ orderBy: { name: "asc" } });
  return rows.map((row) => ({
    name: row.name,
    cron: row.cron,
    timeZone: row.timeZone,
    jobType: row.jobType,
    enabled: row.enabled,
    retired: row.retiredAt !== null,
    nextRunAt: row.nextRunAt,
    lastEnqueuedAt: row.lastEnqueuedAt,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
    upcoming: row.retiredAt ? [] : [row.nextRunAt, ...nextOccurrences(row.cron, row.timeZone, row.nextRunAt, 4)],
  }));
}

/** Pauses (`enabled: false`) or resumes schedule `name`; refused when there is none, or it already is so. */
export async function setRecurringEnabled(tx: Tx, name: string, enabled: boolean): Promise<void> {
  const changed = await tx.$executeRaw`
    UPDATE recurring_schedules SET enabled = ${enabled}, updated_at = CURRENT_TIMESTAMP
    WHERE name = ${name} AND enabled = ${!enabled} AND retired_at IS NULL`;
  if (changed > 0) return;
  const exists = await tx.recurringSchedule.findUnique({ where: { name } });
  if (!exists) throw new DulyError(ErrorCode.InvalidInput, `no recurring schedule named ${name}`);
  throw new DulyError(ErrorCode.StaleRecord, `${name} is already ${enabled ? "running" : "paused"}${exists.retiredAt ? " (retired)" : ""}; nothing was changed`);
}

/**
 * Enqueues one occurrence of `name` due now (a normal job of its type, with its payload) and
 * returns its id. Refused while an earlier run-now of it is still waiting or running: two
 * operators clicking at once (or one clicking twice) meant one extra run, not two (found by a
 * hostile test). The schedule's row is locked first, so two such calls take turns and the second
 * sees the first's job.
 */
export async function runRecurringNow(tx: Tx, catalogue: Catalogue, { name, now }: { name: string; now: Date }): Promise<bigint> {
  await tx.$queryRaw`SELECT 1 FROM recurring_schedules WHERE name = ${name} FOR UPDATE`;
  const row = await tx.recurringSchedule.findUnique({ where: { name } });
  if (!row || row.retiredAt) throw new DulyError(ErrorCode.InvalidInput, `no live recurring schedule named ${name}`);
  const [waiting] = await tx.$queryRaw<Array<{ id: bigint }>>`
    SELECT id FROM scheduled_jobs
    WHERE recurring_name = ${name} AND key LIKE ${`recurring:${name.replace(/[\\%_]/g, (c) => `\\${c}`)}:run-now:%`} AND status IN ('pending', 'running')
    LIMIT 1`;
  if (waiting) throw new DulyError(ErrorCode.StaleRecord, `a run-now of ${name} is already waiting or running (job ${waiting.id}); nothing was changed`);
  const definition = catalogue.get(row.jobType);
  if (!definition) throw new DulyError(ErrorCode.InvalidInput, `job type ${row.jobType} is not in this deployment's catalogue`);
  const job = await schedule(tx, definition, {
    runAt: now,
    payload: row.payload as never,
    key: `recurring:${name}:run-now:${now.toISOString()}`,
    recurringName: name,
  });
  return job.id;
}
