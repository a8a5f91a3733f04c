// The one statement that resets accounts, shared by the sweep (lib/quotas/reset-due-accounts.ts:
// up to thousands of due accounts per statement) and by every writer that reads an account's
// allowances (lib/quotas/reset-account-if-due.ts: the one account it is about to use, in its own
// transaction). One statement around the rows a caller locks: it SETS their allowances to their
// plan's values (never adds), applies a pending downgrade, moves restored_on, next_reset_on and
// next_reset_at on, and writes one quota_resets row each. Because the statement that resets an
// account is the one that makes it not due, and it only writes rows still due, an account is
// reset once per cycle whoever gets there first (docs/decisions/0014, 0015).
import { Prisma } from "../db/client.ts";
import { planColumns } from "./plans.ts";

/**
 * Whose clock judges whether a reset is due: an instant the caller passes (the tick's `now`, a
 * test's, a time-travelling request's), or "database": PostgreSQL's statement_timestamp(), read
 * inside the statement that decides (what a request acting at the real clock uses).
 */
export type QuotaClock = Date | "database";

/** The clock as SQL: a parameter, or the database's own (stable within the statement). */
export function clockSql(now: QuotaClock): Prisma.Sql {
  return now === "database" ? Prisma.sql`statement_timestamp()` : Prisma.sql`${now}::timestamptz`;
}

/**
 * "Due at `clock`", on the account's own calendar: its local date has reached next_reset_on.
 * next_reset_at (the first instant of that date, quota_local_day_start) is the same condition as
 * an instant, which the next_reset_at index range-scans; both are kept so neither zone data nor
 * a stale instant can make a reset early.
 */
export function dueCondition(clock: Prisma.Sql, alias = Prisma.empty): Prisma.Sql {
  return Prisma.sql`${alias}next_reset_at <= ${clock} AND ${alias}next_reset_on <= (${clock} AT TIME ZONE ${alias}time_zone)::date`;
}

/** The columns `pickDue` must select, for the statement below (`today`: the account's local date at the clock). */
export function pickedColumns(clock: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`ctid AS row_tid, id, anchor_on, time_zone, next_reset_on AS due_on, coalesce(next_plan, plan) AS plan,
             (${clock} AT TIME ZONE time_zone)::date AS today`;
}

export interface ResetStatement {
  clock: Prisma.Sql;
  /** Written on each reset record: who reset it (a sweep's job key, "on consumption", ...). */
  sweptBy: string;
  /** SELECT pickedColumns() FROM quota_accounts WHERE <due> ... FOR UPDATE [SKIP LOCKED]: the rows to reset, locked. */
  pickDue: Prisma.Sql;
  /**
   * How the UPDATE finds each picked row again. "ctid": a TID scan, a fifth of a batch's time
   * less than the primary key (decision 0015); but it misses a row that another transaction
   * changed between this statement's snapshot and its lock (the lock follows the row to its
   * newest version, whose ctid this statement's snapshot cannot see): such a row is picked and
   * not reset, and the caller must look again ("picked" > "reset"). "id": the primary key, which
   * finds the newest version (re-checked, still due) whatever happened before the lock.
   */
  findBy: "ctid" | "id";
}

export interface ResetStatementRow {
  /** Due rows the statement locked. */
  picked: number;
  /** Of those, rows it reset (and records written). */
  reset: number;
  /** The furthest row it locked (a walk carries on after it). */
  last_row: string | null;
}

/** The statement described at the top of this file. Answers one ResetStatementRow. */
export function resetStatement({ clock, sweptBy, pickDue, findBy }: ResetStatement): Prisma.Sql {
  const plan = planColumns();
  const findPicked = findBy === "ctid" ? Prisma.sql`a.ctid = due.row_tid` : Prisma.sql`a.id = due.id`;
  return Prisma.sql`
    WITH plan_values AS (
      SELECT * FROM unnest(${plan.names}::text[]::quota_plan[], ${plan.pages}::int[], ${plan.questions}::int[],
                           ${plan.questionsGpt4}::int[], ${plan.documents}::int[])
          AS p(plan, pages, questions, questions_gpt4, documents)
    ),
    -- The row lock holds each picked row still until this statement's transaction ends, so the
    -- UPDATE below can find it by ctid (see findBy) or by id.
    due AS (${pickDue}),
    -- The first cycle after today: cycle n is anchor + n months (PostgreSQL clamps to the month's
    -- last day, as lib/quotas/cycle-dates.ts does), counted from the anchor, never from the last
    -- reset. "months" is the cycle in today's month; if it is today or past, the next is one on.
    -- This date arithmetic was most of a batch's CPU (docs/decisions/0015), so it is done once
    -- per distinct (anchor, zone, local date) of the batch, and each step once: OFFSET 0 keeps
    -- PostgreSQL from inlining a step and repeating its expression wherever it is used. The next
    -- reset's instant is the first instant of its local date (quota_local_day_start: the first
    -- of two midnights where clocks go back over midnight).
    cycles AS MATERIALIZED (
      SELECT k.anchor_on, k.time_zone, k.today, d.next_on, d.cycle_on,
             quota_local_day_start(d.next_on, k.time_zone) AS next_at
        FROM (SELECT DISTINCT anchor_on, time_zone, today FROM due) k
        CROSS JOIN LATERAL (
          SELECT ((date_part('year', k.today) - date_part('year', k.anchor_on)) * 12
                  + date_part('month', k.today) - date_part('month', k.anchor_on))::int AS months OFFSET 0
        ) m
        CROSS JOIN LATERAL (
          SELECT greatest(1, m.months + ((k.anchor_on + make_interval(months => m.months))::date <= k.today)::int) AS next_index OFFSET 0
        ) n
        CROSS JOIN LATERAL (
          SELECT (k.anchor_on + make_interval(months => n.next_index))::date AS next_on,
                 (k.anchor_on + make_interval(months => n.next_index - 1))::date AS cycle_on OFFSET 0
        ) d
    ),
    reset AS (
      UPDATE quota_accounts a
         SET plan = due.plan,
             next_plan = NULL,
             pages = p.pages, questions = p.questions, questions_gpt4 = p.questions_gpt4, documents = p.documents,
             restored_on = due.today,
             next_reset_on = c.next_on,
             next_reset_at = c.next_at,
             updated_at = ${clock}
        FROM due
        JOIN cycles c ON c.anchor_on = due.anchor_on AND c.time_zone = due.time_zone AND c.today = due.today
        JOIN plan_values p ON p.plan = due.plan
       WHERE ${findPicked}
         AND a.next_reset_on <= due.today -- still due: the condition that makes a second reset impossible
      RETURNING a.id, c.cycle_on, due.due_on, due.today, due.plan
    ),
    recorded AS (
      INSERT INTO quota_resets (account_id, cycle_on, due_on, restored_on, reset_at, plan, swept_by)
      SELECT id, cycle_on, due_on, today, ${clock}, plan, ${sweptBy}
        FROM reset
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM due)::int AS picked, (SELECT count(*) FROM recorded)::int AS reset,
           (SELECT max(row_tid) FROM due)::text AS last_row`;
}

/**
 * How many accounts are due at the clock, up to `upTo`, whether other transactions hold them or
 * not: what the sweep has left after its batches (rows held, or changed under a batch). Its own
 * small statement rather than a column of the batch's: the batch statement is planned afresh on
 * each run (a custom plan: its parameters matter), and a sub-select there cost a sweep with
 * nothing due more planning than this costs to run. Through the next_reset_at index, in its
 * order (with nothing due it reads one index page).
 */
export function countDueStatement(clock: Prisma.Sql, upTo: number): Prisma.Sql {
  return Prisma.sql`
    SELECT count(*)::int AS due
      FROM (SELECT 1 FROM quota_accounts WHERE ${dueCondition(clock)} ORDER BY next_reset_at LIMIT ${upTo}::int) left_due`;
}
