// Recurring schedules as operators see them: the next occurrences, the last error, pause and
// resume (the sweep enqueues only enabled schedules; reconciling with the code never touches the
// flag), and run now (one extra occurrence, due now, through the engine). All audited.
import { Cron } from "croner";
import type { Db, DbOrTx } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { describeLastAudit } from "./audit-last-change.ts";
import { schedule, type Catalogue } from "../scheduler/index.ts";

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

export async function setRecurringEnabled(
  db: Db,
  actor: AuditActor,
  { name, enabled, reason, zone = "UTC" }: { name: string; enabled: boolean; reason?: string; zone?: string },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const changed = await tx.$executeRaw`
      UPDATE recurring_schedules SET enabled = ${enabled}, updated_at = CURRENT_TIMESTAMP
      WHERE name = ${name} AND enabled = ${!enabled} AND retired_at IS NULL`;
    if (changed === 0) {
      const exists = await tx.recurringSchedule.findUnique({ where: { name } });
      if (!exists) throw new DulyError(ErrorCode.InvalidInput, `no recurring schedule named ${name}`);
      // Who switched it last, and when: the audit log holds every operator's switch.
      const latest = await describeLastAudit(tx, { type: "recurring_schedule", id: name }, zone);
      const state = `${enabled ? "running" : "paused"}${exists.retiredAt ? " (retired)" : ""}`;
      throw new DulyError(ErrorCode.StaleRecord, `${name} is already ${state}${latest ? ` (${latest})` : ""}; nothing was changed`);
    }
    await recordAudit(tx, {
      actor, action: enabled ? "recurring.resume" : "recurring.pause", recordType: "recurring_schedule", recordId: name,
      from: { enabled: !enabled }, to: { enabled }, reason,
    });
  });
}

/**
 * Enqueues one occurrence of `name` due now (a normal job of its type, with its payload). Refused
 * while an earlier run-now of it is still waiting or running: two operators clicking at once
 * (or one clicking twice) meant one extra run, not two (found by a hostile test). The schedule's
 * row is locked first, so two such calls take turns and the second sees the first's job.
 */
export async function runRecurringNow(
  db: Db,
  actor: AuditActor,
  catalogue: Catalogue,
  { name, now, reason, zone = "UTC" }: { name: string; now: Date; reason?: string; zone?: string },
): Promise<bigint> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM recurring_schedules WHERE name = ${name} FOR UPDATE`;
    const row = await tx.recurringSchedule.findUnique({ where: { name } });
    if (!row || row.retiredAt) throw new DulyError(ErrorCode.InvalidInput, `no live recurring schedule named ${name}`);
    const [waiting] = await tx.$queryRaw<Array<{ id: bigint }>>`
      SELECT id FROM scheduled_jobs
      WHERE recurring_name = ${name} AND key LIKE ${`recurring:${name.replace(/[\\%_]/g, (c) => `\\${c}`)}:run-now:%`} AND status IN ('pending', 'running')
      LIMIT 1`;
    if (waiting) {
      const latest = await describeLastAudit(tx, { type: "recurring_schedule", id: name }, zone);
      throw new DulyError(ErrorCode.StaleRecord, `a run-now of ${name} is already waiting or running (job ${waiting.id}${latest ? `; ${latest}` : ""}); nothing was changed`);
    }
    const definition = catalogue.get(row.jobType);
    if (!definition) throw new DulyError(ErrorCode.InvalidInput, `job type ${row.jobType} is not in this deployment's catalogue`);
    const job = await schedule(tx, definition, {
      runAt: now,
      payload: row.payload as never,
      key: `recurring:${name}:run-now:${now.toISOString()}`,
      recurringName: name,
    });
    await recordAudit(tx, {
      actor, action: "recurring.run_now", recordType: "recurring_schedule", recordId: name,
      to: { jobId: job.id.toString(), runAt: now.toISOString() }, reason,
    });
    return job.id;
  });
}
