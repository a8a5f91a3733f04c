// The deployments that tick this database, and which recurring schedules they want together.
//
// A deployment (a build of the app; Catalogue.deployment) records itself at the start of each of
// its ticks: one scheduler_state row `deployment:<id>` holding what it declares, whose
// updated_at is the start of its latest tick. It is *live* while that start is less than
// liveWindowMs old. Only the starts count: a staying tick that began before a rollback keeps
// running for its budget but no longer keeps its deployment live, and the cron (Vercel's, or
// each replica's) starts a tick of every deployment that serves at least once a minute.
//
// What the table should hold is a function of the live deployments alone, the same whichever of
// them computes it: every schedule any of them declares (so none of them loses a schedule while
// it still serves), and for a name declared differently, the newest build's definition (so two
// deployments overlapping for minutes agree, and nothing flaps between their timings).
import type pg from "pg";
import { z } from "zod";
import type { Catalogue, Deployment, RecurringDefinition } from "../job-definition.ts";

export const deploymentKeyPrefix = "deployment:";

/**
 * A deployment whose latest tick started longer ago than this no longer counts. Longer than the
 * longest tick (the cron route's maxDuration is 300 s, its budget less) and than a few missed
 * once-a-minute cron calls, so a serving deployment never drops out between two of its ticks;
 * short enough that a rolled-back deployment's schedules are retired minutes after its last tick.
 */
export const liveWindowMs = 5 * 60_000;

/** Registrations of deployments not seen for this long are deleted when the table is reconciled. */
export const forgetAfterMs = 30 * 86_400_000;

/** What a deployment's row says (scheduler_state.value, JSON). */
export interface DeploymentRecord {
  builtAt: number;
  fingerprint: string;
  recurring: RecurringDefinition[];
}

export interface LiveDeployment extends DeploymentRecord {
  id: string;
}

/** The live set as one string (sorted ids): the last reconciliation stores it, housekeeping compares. */
export function liveSetSignature(ids: string[]): string {
  return [...ids].sort().join("\n");
}

/**
 * Whether a deployment row's `updated_at` is a live start by the clock `clock` (SQL expressions;
 * `windowMs` is liveWindowMs): started less than the window ago, and not more than the window
 * ahead. A start further ahead cannot have happened: it was stamped by a clock that was ahead
 * then (a database clock stepped back since, a host restored with a wrong clock), and counting it
 * kept a deployment that had stopped live until that clock's time came round (a year ahead: a
 * year). The one rule, used by housekeeping's live set and by the reconciliation alike.
 */
export function liveStartSql(clock: string, windowMs: string): string {
  return `(updated_at > ${clock} - ${windowMs} * interval '1 millisecond' AND updated_at <= ${clock} + ${windowMs} * interval '1 millisecond')`;
}

/**
 * Records that `deployment` started a tick at `at` (the tick's clock; the database's real clock
 * when it travels). A clock that went back a little never makes a deployment look older than it
 * was (the later start is kept); a start stamped further ahead than liveWindowMs is replaced, so
 * a deployment that still ticks after its clock was put right is live by this start.
 */
export async function registerDeployment(connection: pg.PoolClient, deployment: Deployment, catalogue: Catalogue, at: Date): Promise<void> {
  const record: DeploymentRecord = { builtAt: deployment.builtAt.getTime(), fingerprint: catalogue.recurringFingerprint, recurring: catalogue.recurring };
  await connection.query(
    `INSERT INTO scheduler_state (key, value, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value,
       updated_at = CASE WHEN scheduler_state.updated_at > EXCLUDED.updated_at + $4 * interval '1 millisecond' THEN EXCLUDED.updated_at
                         ELSE greatest(scheduler_state.updated_at, EXCLUDED.updated_at) END`,
    [deploymentKeyPrefix + deployment.id, JSON.stringify(record), at, liveWindowMs],
  );
}

export interface LiveSet {
  /** Every deployment row live at the clock, readable or not: what housekeeping's live set holds. */
  ids: string[];
  /** Those whose row this code reads, with what each declares. */
  deployments: LiveDeployment[];
}

/**
 * The deployments live at `at`. `ids` counts a row this code cannot read (another version's
 * format, a hand-written one) as housekeeping does, so the live set a reconciliation stores is
 * the one housekeeping compares with: counted by one and not the other, it made every
 * housekeeping reconcile again, about once a second per tick.
 */
export async function liveDeployments(connection: pg.PoolClient, at: Date): Promise<LiveSet> {
  const { rows } = await connection.query<{ id: string; value: string }>(
    `SELECT substr(key, ${deploymentKeyPrefix.length + 1}) AS id, value FROM scheduler_state
     WHERE key LIKE '${deploymentKeyPrefix}%' AND ${liveStartSql("$1::timestamptz", "$2")}`,
    [at, liveWindowMs],
  );
  return {
    ids: rows.map((row) => row.id),
    deployments: rows.flatMap((row) => {
      const record = parseRecord(row.value);
      return record ? [{ id: row.id, ...record }] : [];
    }),
  };
}

/** Deletes registrations of deployments that have not ticked for forgetAfterMs. */
export async function forgetOldDeployments(connection: pg.PoolClient, at: Date): Promise<void> {
  await connection.query(
    `DELETE FROM scheduler_state WHERE key LIKE '${deploymentKeyPrefix}%' AND updated_at < $1::timestamptz - $2 * interval '1 millisecond'`,
    [at, forgetAfterMs],
  );
}

/**
 * The schedules the live deployments want: each name any of them declares, as the newest build
 * declares it (ties: the larger id, so every deployment picks the same one).
 */
export function wantedSchedules(live: LiveDeployment[]): RecurringDefinition[] {
  const newestFirst = [...live].sort((a, b) => b.builtAt - a.builtAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const wanted = new Map<string, RecurringDefinition>();
  for (const deployment of newestFirst) {
    for (const definition of deployment.recurring) if (!wanted.has(definition.name)) wanted.set(definition.name, definition);
  }
  return [...wanted.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What a row must hold; one written by a version that stored something else counts as no deployment. */
const deploymentRecord = z.object({
  builtAt: z.number(),
  fingerprint: z.string(),
  recurring: z.array(
    z.object({
      name: z.string(),
      cron: z.string(),
      timeZone: z.string(),
      jobType: z.string(),
      payload: z.unknown(),
      catchUp: z.enum(["latest", "all", "skip"]).optional(),
    }),
  ),
});

function parseRecord(value: string): DeploymentRecord | null {
  try {
    const parsed = deploymentRecord.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON
  }
}
