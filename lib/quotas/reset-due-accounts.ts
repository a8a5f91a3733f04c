// The reset sweep: gives every due account its allowances back, set-based, in batches.
//
// One statement per batch does everything for up to `batchSize` accounts: picks the due ones,
// SETS their allowances to their plan's values (never adds), moves restored_on, next_reset_on
// and next_reset_at on, applies a pending downgrade, and writes one quota_resets row each.
// Because the statement that resets an account is also the one that makes it not due, and it
// only touches rows that are still due, running it twice, or in two ticks at once, resets each
// account once: no lock table, no dedup table, the row's own state (docs/decisions/0014).
//
// "Due" is judged on each account's own calendar: next_reset_on <= the account's local date at
// `now` (AT TIME ZONE its zone). next_reset_at (that date's local midnight as an instant) is the
// same condition in a form an index can range-scan, so a sweep with nothing due reads no row.
import { Prisma, pgPoolOf, type Db, type Tx } from "../db/client.ts";
import { statement } from "../db/prepared-statements.ts";
import { planColumns } from "./plans.ts";

export interface ResetSweepOptions {
  /** The tick's clock. Accounts whose local date at this instant has reached next_reset_on are due. */
  now: Date;
  /** Written on each reset record: which sweep did it (a job's key, "bench", a test's label). */
  sweptBy: string;
  /** Accounts per statement (default 5,000): each batch is one statement and holds its rows' locks until its transaction ends. */
  batchSize?: number;
  /** Stop after this many batches (default: no limit). */
  maxBatches?: number;
  /** Stop starting batches after this long (ms, measured, default: no limit): the rest waits for the next sweep. */
  budgetMs?: number;
}

export interface ResetSweepResult {
  /** Accounts reset (and reset records written). */
  reset: number;
  batches: number;
  /** The last batch was full: more may be due; the next sweep carries on where this one stopped. */
  more: boolean;
}

/**
 * Resets the accounts due at `now`, batch after batch, until none is left or a limit is reached.
 * Each batch is one statement on the client's pg pool and commits on its own, as a named
 * statement where the pool allows it (its plan is kept per connection: planning costs more than
 * running this CTE when little is due; docs/decisions/0003). For a job's transaction use
 * resetDueAccountsInTransaction: the same statement, committed with the job.
 */
export async function resetDueAccounts(db: Db, options: ResetSweepOptions): Promise<ResetSweepResult> {
  const pool = pgPoolOf(db);
  return sweepInBatches(options, async (sql) => (await pool.query(statement(pool, "duly_quota_reset_batch", sql.text, sql.values))).rowCount ?? 0);
}

/** resetDueAccounts inside `tx` (a job's transaction): every batch commits, or none, with it. */
export async function resetDueAccountsInTransaction(tx: Tx, options: ResetSweepOptions): Promise<ResetSweepResult> {
  return sweepInBatches(options, (sql) => tx.$executeRaw(sql));
}

async function sweepInBatches(options: ResetSweepOptions, runBatch: (sql: Prisma.Sql) => Promise<number>): Promise<ResetSweepResult> {
  const batchSize = options.batchSize ?? 5_000;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const budgetMs = options.budgetMs ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) throw new RangeError("batchSize must be 1..100000");
  if (Number.isNaN(options.now.getTime())) throw new RangeError("now is not a valid instant");
  // Elapsed time only bounds the work; it never decides what is due (that is `now`).
  const started = performance.now();
  let reset = 0;
  let batches = 0;
  let more = true;
  while (more && batches < maxBatches && performance.now() - started < budgetMs) {
    const count = await runBatch(resetBatchStatement(options.now, options.sweptBy, batchSize));
    reset += count;
    batches += 1;
    more = count === batchSize;
  }
  return { reset, batches, more };
}

/** One batch: the statement described at the top of this file. Its count is the accounts it reset. */
function resetBatchStatement(now: Date, sweptBy: string, batchSize: number): Prisma.Sql {
  const plan = planColumns();
  return Prisma.sql`
    WITH plan_values AS (
      SELECT * FROM unnest(${plan.names}::text[]::quota_plan[], ${plan.pages}::int[], ${plan.questions}::int[],
                           ${plan.questionsGpt4}::int[], ${plan.documents}::int[])
          AS p(plan, pages, questions, questions_gpt4, documents)
    ),
    -- SKIP LOCKED: a concurrent sweep takes other accounts instead of waiting for these. The row
    -- lock holds each picked row still until this statement's transaction ends, so its ctid
    -- cannot change before the UPDATE below: that finds it by ctid (a TID scan), not through
    -- the primary key again (a fifth of a batch's time).
    due AS (
      SELECT ctid AS row_tid, id, anchor_on, time_zone, next_reset_on AS due_on, coalesce(next_plan, plan) AS plan,
             (${now}::timestamptz AT TIME ZONE time_zone)::date AS today
        FROM quota_accounts
       WHERE next_reset_at <= ${now}::timestamptz
         AND next_reset_on <= (${now}::timestamptz AT TIME ZONE time_zone)::date
       ORDER BY next_reset_at
       LIMIT ${batchSize}
       FOR UPDATE SKIP LOCKED
    ),
    -- The first cycle after today: cycle n is anchor + n months (PostgreSQL clamps to the month's
    -- last day, as lib/quotas/cycle-dates.ts does), counted from the anchor, never from the last
    -- reset. "months" is the cycle in today's month; if it is today or past, the next is one on.
    next_cycle AS (
      SELECT due.*, greatest(1, m.months + CASE WHEN (due.anchor_on + make_interval(months => m.months))::date <= due.today
                                                THEN 1 ELSE 0 END) AS next_index
        FROM due
        CROSS JOIN LATERAL (
          SELECT ((extract(year FROM due.today) - extract(year FROM due.anchor_on)) * 12
                 + extract(month FROM due.today) - extract(month FROM due.anchor_on))::int AS months
        ) m
    ),
    reset AS (
      UPDATE quota_accounts a
         SET plan = c.plan,
             next_plan = NULL,
             pages = p.pages, questions = p.questions, questions_gpt4 = p.questions_gpt4, documents = p.documents,
             restored_on = c.today,
             next_reset_on = (c.anchor_on + make_interval(months => c.next_index))::date,
             next_reset_at = (c.anchor_on + make_interval(months => c.next_index))::date::timestamp AT TIME ZONE c.time_zone,
             updated_at = ${now}::timestamptz
        FROM next_cycle c
        JOIN plan_values p ON p.plan = c.plan
       WHERE a.ctid = c.row_tid
         AND a.next_reset_on <= c.today -- still due: the condition that makes a second reset impossible
      RETURNING a.id, c.anchor_on, c.next_index, c.due_on, c.today, c.plan
    )
    INSERT INTO quota_resets (account_id, cycle_on, due_on, restored_on, reset_at, plan, swept_by)
    SELECT id, (anchor_on + make_interval(months => next_index - 1))::date, due_on, today, ${now}::timestamptz, plan, ${sweptBy}
      FROM reset`;
}
