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
//
// Two ways to pick a batch (docs/decisions/0015, "Catching up in the table's order"):
// - through the index (`next_reset_at`, most overdue first): every sweep starts so, and a sweep
//   whose first batch is not full is done after it (the usual case, and the no-op sweep);
// - walking the table in its physical order (a TID range scan from where the last batch
//   stopped), once a batch through the index came back full: a large due set (a catch-up after
//   downtime) is then reset page after page, each batch touching a few hundred neighbouring
//   pages instead of one or two rows on each of thousands (a due set picked by date is
//   scattered over the whole table: each batch dirtied, locked and logged most of its pages).
//   When the walk reaches the end, batches through the index again pick up anything it passed
//   by (rows a consumer moved behind it, rows locked by another sweep): the walk is only the
//   order of the work, never what decides that an account is due or is reset once.
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
  /** Carry on a walk of the table where an earlier sweep stopped (its result's resumeAfter): only the order of the work, never what is due. */
  resumeAfter?: string;
}

export interface ResetSweepResult {
  /** Accounts reset (and reset records written). */
  reset: number;
  batches: number;
  /** The last batch was full: more may be due; the next sweep carries on where this one stopped. */
  more: boolean;
  /** When `more` and this sweep stopped in the middle of a walk: the last row it walked (a tid), for the next sweep's resumeAfter. */
  resumeAfter?: string;
}

/** A row position ("(page,item)", PostgreSQL's tid): where a walk carries on. */
export const rowPositionPattern = /^\(\d{1,10},\d{1,5}\)$/;

interface BatchResult {
  /** Due accounts the batch locked. */
  picked: number;
  /** Of those, accounts it reset (and records written): the same number, unless the "still due" re-check refused one. */
  reset: number;
  /** The furthest row it locked (walk batches). */
  lastRow: string | null;
}

type BatchRunner = (kind: BatchKind, sql: Prisma.Sql) => Promise<BatchResult>;
type BatchKind = "index" | "walk";
type Row = { picked: number; reset: number; last_row: string | null };
const toBatchResult = (row: Row | undefined): BatchResult => ({ picked: row?.picked ?? 0, reset: row?.reset ?? 0, lastRow: row?.last_row ?? null });

/**
 * Resets the accounts due at `now`, batch after batch, until none is left or a limit is reached.
 * Each batch is one statement on the client's pg pool and commits on its own, as a named
 * statement where the pool allows it (its plan is kept per connection: planning costs more than
 * running this CTE when little is due; docs/decisions/0003). For a job's transaction use
 * resetDueAccountsInTransaction: the same statements, committed with the job.
 */
export async function resetDueAccounts(db: Db, options: ResetSweepOptions): Promise<ResetSweepResult> {
  const pool = pgPoolOf(db);
  return sweepInBatches(options, async (kind, sql) =>
    toBatchResult((await pool.query<Row>(statement(pool, `duly_quota_reset_${kind}`, sql.text, sql.values))).rows[0]),
  );
}

/** resetDueAccounts inside `tx` (a job's transaction): every batch commits, or none, with it. */
export async function resetDueAccountsInTransaction(tx: Tx, options: ResetSweepOptions): Promise<ResetSweepResult> {
  return sweepInBatches(options, async (_kind, sql) => toBatchResult((await tx.$queryRaw<Row[]>(sql))[0]));
}

async function sweepInBatches(options: ResetSweepOptions, runBatch: BatchRunner): Promise<ResetSweepResult> {
  const batchSize = options.batchSize ?? 5_000;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const budgetMs = options.budgetMs ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) throw new RangeError("batchSize must be 1..100000");
  if (Number.isNaN(options.now.getTime())) throw new RangeError("now is not a valid instant");
  if (options.resumeAfter !== undefined && !rowPositionPattern.test(options.resumeAfter)) throw new RangeError("resumeAfter is not a row position");
  // Elapsed time only bounds the work; it never decides what is due (that is `now`).
  const started = performance.now();
  let reset = 0;
  let batches = 0;
  let more = true;
  // Where the walk is (undefined: picking through the index); `walked`: this sweep walked to the end.
  let walkAfter = options.resumeAfter;
  let walked = false;
  while (more && batches < maxBatches && performance.now() - started < budgetMs) {
    const walking = walkAfter !== undefined;
    const batch = walking
      ? await runBatch("walk", walkBatchStatement(options.now, options.sweptBy, batchSize, walkAfter!))
      : await runBatch("index", indexBatchStatement(options.now, options.sweptBy, batchSize));
    reset += batch.reset;
    batches += 1;
    const full = batch.picked === batchSize;
    if (walking) {
      // A walk batch that is not full reached the end of the table: back to the index, which
      // finds whatever the walk passed by, until a batch is not full.
      walkAfter = full ? (batch.lastRow ?? undefined) : undefined;
      if (!full) walked = true;
      more = true;
    } else {
      more = full;
      // Much is due: walk the table from its first page (once per sweep).
      if (full && !walked) walkAfter = "(0,0)";
    }
  }
  return walkAfter !== undefined && more ? { reset, batches, more, resumeAfter: walkAfter } : { reset, batches, more };
}

/** One batch's statement, as the sweep runs it: for the bench's EXPLAIN (bench/quotas.ts), not for resetting. */
export function resetBatchStatement(kind: BatchKind, options: { now: Date; sweptBy: string; batchSize: number; after?: string }): Prisma.Sql {
  return kind === "walk"
    ? walkBatchStatement(options.now, options.sweptBy, options.batchSize, options.after ?? "(0,0)")
    : indexBatchStatement(options.now, options.sweptBy, options.batchSize);
}

/** A batch through the index: the most overdue accounts first. */
function indexBatchStatement(now: Date, sweptBy: string, batchSize: number): Prisma.Sql {
  return resetStatement(now, sweptBy, Prisma.sql`
      SELECT ctid AS row_tid, id, anchor_on, time_zone, next_reset_on AS due_on, coalesce(next_plan, plan) AS plan,
             (${now}::timestamptz AT TIME ZONE time_zone)::date AS today
        FROM quota_accounts
       WHERE next_reset_at <= ${now}::timestamptz
         AND next_reset_on <= (${now}::timestamptz AT TIME ZONE time_zone)::date
       ORDER BY next_reset_at
       LIMIT ${batchSize}
       FOR UPDATE SKIP LOCKED`);
}

/**
 * A batch of the walk: the next due accounts in the table's physical order after `after` (a
 * TID range scan, which reads pages in order and stops at the LIMIT). Same due condition as
 * the index batch; its instant half is written so that no index can serve it (`IS TRUE`), so
 * the plan is the TID range scan whatever the planner guesses the due share to be.
 */
function walkBatchStatement(now: Date, sweptBy: string, batchSize: number, after: string): Prisma.Sql {
  return resetStatement(now, sweptBy, Prisma.sql`
      SELECT ctid AS row_tid, id, anchor_on, time_zone, next_reset_on AS due_on, coalesce(next_plan, plan) AS plan,
             (${now}::timestamptz AT TIME ZONE time_zone)::date AS today
        FROM quota_accounts
       WHERE ctid > ${after}::tid
         AND (next_reset_at <= ${now}::timestamptz) IS TRUE
         AND next_reset_on <= (${now}::timestamptz AT TIME ZONE time_zone)::date
       LIMIT ${batchSize}
       FOR UPDATE SKIP LOCKED`);
}

/** One batch: the statement described at the top of this file, around the rows `pickDue` locks. It answers how many it picked and reset, and the furthest row. */
function resetStatement(now: Date, sweptBy: string, pickDue: Prisma.Sql): Prisma.Sql {
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
    due AS (${pickDue}),
    -- The first cycle after today: cycle n is anchor + n months (PostgreSQL clamps to the month's
    -- last day, as lib/quotas/cycle-dates.ts does), counted from the anchor, never from the last
    -- reset. "months" is the cycle in today's month; if it is today or past, the next is one on.
    -- This date arithmetic was most of a batch's CPU (docs/decisions/0015), so it is done once
    -- per distinct (anchor, zone, local date) of the batch, and each step once: OFFSET 0 keeps
    -- PostgreSQL from inlining a step and repeating its expression wherever it is used.
    cycles AS MATERIALIZED (
      SELECT k.anchor_on, k.time_zone, k.today, d.next_on, d.cycle_on,
             d.next_on::timestamp AT TIME ZONE k.time_zone AS next_at
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
             updated_at = ${now}::timestamptz
        FROM due
        JOIN cycles c ON c.anchor_on = due.anchor_on AND c.time_zone = due.time_zone AND c.today = due.today
        JOIN plan_values p ON p.plan = due.plan
       WHERE a.ctid = due.row_tid
         AND a.next_reset_on <= due.today -- still due: the condition that makes a second reset impossible
      RETURNING a.id, c.cycle_on, due.due_on, due.today, due.plan
    ),
    recorded AS (
      INSERT INTO quota_resets (account_id, cycle_on, due_on, restored_on, reset_at, plan, swept_by)
      SELECT id, cycle_on, due_on, today, ${now}::timestamptz, plan, ${sweptBy}
        FROM reset
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM due)::int AS picked, (SELECT count(*) FROM recorded)::int AS reset,
           (SELECT max(row_tid) FROM due)::text AS last_row`;
}
