// recurring_schedules follows the deployments that serve production, without a manual step
// (decision 0007). Only a deployment's own ticks (the cron route of a build: Catalogue.deployment)
// change it; a tick of anything else (a script, a test harness) only sweeps, and never retires.
//
// A deployment tick records itself when it starts (deployments.ts) and then reconciles: the table
// is made to hold what the live deployments want (every schedule any of them declares, a name
// declared differently as the newest build declares it), retiring (retired_at) what none of them
// declares. The last reconciliation stores which deployments were live and a digest of the rows
// it left (scheduler_state `recurring_fingerprint`); every housekeeping reads the live set and the
// table's digest in its one statement, and a live deployment's tick reconciles again when either
// changed: another deployment started ticking (a rollout, a rollback: its schedules are back at
// its first tick) or stopped (liveWindowMs after its last tick started, what only it declared
// retires), or someone edited the table by hand.
//
// Why this cannot flap: the wanted rows are a function of the live set alone, so two deployments
// ticking alternately for hours compute the same rows and rewrite nothing; a schedule's
// next_run_at changes only when its timing changes or it comes back from retirement, and its
// occurrences are keyed recurring:<name>:<instant>, so whichever deployment sweeps enqueues each
// occurrence once.
//
// One transaction under a transaction-scoped advisory lock (pooler-safe), deciding again under
// the lock, so ticks of several deployments or processes reconcile once.
import type pg from "pg";
import type { Catalogue, RecurringDefinition } from "../job-definition.ts";
import { fingerprintOf } from "../job-definition.ts";
import { nextOccurrenceAfter, validateCron } from "../cron-occurrences.ts";
import { activeSchedulesDigestSql } from "../sql/housekeeping.ts";
import { forgetOldDeployments, liveDeployments, liveSetSignature, registerDeployment, wantedSchedules } from "./deployments.ts";

export const fingerprintKey = "recurring_fingerprint";
/** pg_advisory_xact_lock key: "duly:recurring-reconcile". */
const reconcileLockKey = 0x4455_4c59;

/**
 * What the last reconciliation stored. `fingerprint` and `builtAt` are also what code before
 * this scheme read (it reconciled only for a build newer than `builtAt`, the newest live build):
 * kept so such a deployment, still ticking during the rollout of this one, leaves the table alone.
 */
interface ReconciledState {
  fingerprint: string;
  builtAt: number;
  liveSet: string;
  digest: string;
}

function parseReconciledState(value: string | null): ReconciledState | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<ReconciledState>;
    if (typeof parsed.liveSet === "string" && typeof parsed.digest === "string") return parsed as ReconciledState;
  } catch {
    // an earlier format: reconcile
  }
  return null;
}

/** What housekeeping read (sql/housekeeping.ts), for the decision below. */
export interface RecurringView {
  /** scheduler_state's `recurring_fingerprint`, as stored. */
  reconciled: string | null;
  /** Ids of the deployments live by the tick's clock. */
  liveDeployments: string[];
  /** md5 of the table's active rows. */
  tableDigest: string;
}

/**
 * Whether this tick should reconcile: it is a deployment's, that deployment is live (a staying
 * tick that began before its deployment stopped serving is not), and the live set or the table
 * changed since the last reconciliation.
 */
export function shouldReconcile(catalogue: Catalogue, view: RecurringView): boolean {
  const own = catalogue.deployment;
  if (!own || !view.liveDeployments.includes(own.id)) return false;
  const stored = parseReconciledState(view.reconciled);
  return !stored || stored.liveSet !== liveSetSignature(view.liveDeployments) || stored.digest !== view.tableDigest;
}

export interface Reconciliation {
  upserted: number;
  retired: number;
  /**
   * Schedules a live deployment declares that this code cannot write (a cron or time zone its
   * runtime does not know, text PostgreSQL cannot store), each with why: left as they stand in
   * the table, never retired while that deployment is live (its own ticks write them).
   */
  skipped: string[];
}

/**
 * Stored as the digest when a reconciliation skipped a schedule it cannot write: it matches no
 * table, so the next housekeeping of every live deployment reconciles again, and one that can
 * write the schedule (the deployment declaring it) puts it in and stores the real digest.
 */
const incompleteDigest = "incomplete: a live deployment declares a schedule the last reconciliation could not write";

/**
 * The start of a deployment's tick: records it (so it is live), then reconciles. Does nothing for
 * code that is not a deployment. `now` is the real clock (the tick's, or the database's when the
 * tick travels).
 */
export async function startDeploymentTick(connection: pg.PoolClient, catalogue: Catalogue, now: Date): Promise<Reconciliation | null> {
  if (!catalogue.deployment) return null;
  await registerDeployment(connection, catalogue.deployment, catalogue, now);
  return reconcileRecurringSchedules(connection, catalogue, now);
}

/**
 * Makes recurring_schedules hold what the deployments live at `now` want, on `connection`
 * (outside any transaction), if this catalogue's deployment is one of them and something changed.
 */
export async function reconcileRecurringSchedules(connection: pg.PoolClient, catalogue: Catalogue, now: Date): Promise<Reconciliation | null> {
  const own = catalogue.deployment;
  if (!own) return null;
  await connection.query("BEGIN; SET LOCAL statement_timeout = 10000; SET LOCAL lock_timeout = 5000");
  try {
    await connection.query("SELECT pg_advisory_xact_lock($1)", [reconcileLockKey]);
    // Decide again under the lock: another tick may have reconciled while we waited for it.
    const { ids, deployments: live } = await liveDeployments(connection, now);
    const liveSet = liveSetSignature(ids);
    const stored = parseReconciledState(await storedValue(connection));
    if (!live.some((d) => d.id === own.id) || (stored && stored.liveSet === liveSet && stored.digest === (await tableDigest(connection)))) {
      await connection.query("COMMIT");
      return null;
    }
    const wanted = wantedSchedules(live);
    const skipped: string[] = [];
    for (const definition of wanted) {
      const problem = await writeSchedule(connection, definition, now);
      if (problem) skipped.push(`${JSON.stringify(definition.name)} (${problem})`);
    }
    // Every wanted name stays in force, written or not; a name PostgreSQL cannot hold is in no row.
    const keep = wanted.map((d) => d.name).filter((name) => !name.includes("\u0000") && name.isWellFormed());
    const retired = await connection.query(
      `UPDATE recurring_schedules SET retired_at = $2, updated_at = $2
       WHERE retired_at IS NULL AND NOT (name = ANY($1::text[]))`,
      [keep, now],
    );
    await forgetOldDeployments(connection, now);
    const state: ReconciledState = {
      fingerprint: fingerprintOf(wanted),
      builtAt: Math.max(...live.map((d) => d.builtAt)),
      liveSet,
      digest: skipped.length === 0 ? await tableDigest(connection) : incompleteDigest,
    };
    await connection.query(
      `INSERT INTO scheduler_state (key, value, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [fingerprintKey, JSON.stringify(state), now],
    );
    await connection.query("COMMIT");
    return { upserted: wanted.length - skipped.length, retired: retired.rowCount ?? 0, skipped };
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

async function storedValue(connection: pg.PoolClient): Promise<string | null> {
  const { rows } = await connection.query<{ value: string }>("SELECT value FROM scheduler_state WHERE key = $1", [fingerprintKey]);
  return rows[0]?.value ?? null;
}

async function tableDigest(connection: pg.PoolClient): Promise<string> {
  const { rows } = await connection.query<{ digest: string }>(`SELECT ${activeSchedulesDigestSql} AS digest`);
  return rows[0]!.digest;
}

/**
 * Writes one wanted schedule, or answers why this code cannot (and writes nothing). The live
 * deployments' rows are read from the database, so a definition may come from another version
 * (a cron syntax or a time zone this runtime does not know) or from no version at all: one such
 * definition made the whole reconciliation throw, at every tick of every deployment, and a live
 * deployment's own schedules never reached the table. In a savepoint, so a refusal by PostgreSQL
 * (text it cannot store) leaves the rest of the reconciliation standing.
 */
async function writeSchedule(connection: pg.PoolClient, definition: RecurringDefinition, now: Date): Promise<string | null> {
  try {
    validateCron(definition.cron, definition.timeZone);
  } catch (error) {
    return firstLine(error);
  }
  await connection.query("SAVEPOINT write_schedule");
  try {
    await upsert(connection, definition, now);
    await connection.query("RELEASE SAVEPOINT write_schedule");
    return null;
  } catch (error) {
    await connection.query("ROLLBACK TO SAVEPOINT write_schedule");
    return firstLine(error);
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n", 1)[0]!.slice(0, 300);
}

/**
 * Creates or updates one schedule (its cron and zone already validated). Its next run is
 * recomputed only when its timing changed or it comes back from retirement (it starts afresh
 * rather than catching up on its retirement).
 */
async function upsert(connection: pg.PoolClient, definition: RecurringDefinition, now: Date): Promise<void> {
  const nextRunAt = nextOccurrenceAfter(definition.cron, definition.timeZone, now);
  await connection.query(
    `INSERT INTO recurring_schedules (name, cron, time_zone, job_type, payload, catch_up, next_run_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::catch_up_policy, $7)
     ON CONFLICT (name) DO UPDATE SET
       job_type = EXCLUDED.job_type, payload = EXCLUDED.payload, catch_up = EXCLUDED.catch_up,
       next_run_at = CASE WHEN recurring_schedules.cron IS DISTINCT FROM EXCLUDED.cron
                            OR recurring_schedules.time_zone IS DISTINCT FROM EXCLUDED.time_zone
                            OR recurring_schedules.retired_at IS NOT NULL
                          THEN EXCLUDED.next_run_at ELSE recurring_schedules.next_run_at END,
       cron = EXCLUDED.cron, time_zone = EXCLUDED.time_zone, retired_at = NULL, updated_at = CURRENT_TIMESTAMP`,
    [
      definition.name, definition.cron, definition.timeZone, definition.jobType, JSON.stringify(definition.payload),
      definition.catchUp ?? "latest", nextRunAt ?? new Date("9999-12-31T00:00:00Z"),
    ],
  );
}
