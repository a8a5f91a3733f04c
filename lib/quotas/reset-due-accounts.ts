// The reset sweep: gives every due account its allowances back, set-based, in batches.
//
// One statement per batch (lib/quotas/reset-statement.ts) does everything for up to `batchSize`
// accounts: picks the due ones, SETS their allowances to their plan's values (never adds),
// moves restored_on, next_reset_on and next_reset_at on, applies a pending downgrade, and
// writes one quota_resets row each. Because the statement that resets an account is also the
// one that makes it not due, and it only touches rows that are still due, running it twice, or
// in two ticks at once, resets each account once: no lock table, no dedup table, the row's own
// state (docs/decisions/0014). Writers that read an account's allowances reset it the same way
// when it is due (lib/quotas/reset-account-if-due.ts), so the sweep and they never both do it.
//
// "Due" is judged on each account's own calendar: next_reset_on <= the account's local date at
// `now` (AT TIME ZONE its zone). next_reset_at (the first instant of that date) is the same
// condition in a form an index can range-scan, so a sweep with nothing due reads no row.
//
// Rows it could not reset: batches pick with SKIP LOCKED (a concurrent sweep takes other rows
// instead of waiting), so a row another transaction holds (a usage request, a plan change) is
// passed by; and a batch finds each picked row again by ctid, which misses a row changed between
// the statement's snapshot and its lock. After the last batch the sweep counts the due rows left
// (held or not); if any, it comes back for them (the "revisit", by primary key, still SKIP
// LOCKED so it never waits on a lock nor deadlocks with another sweep) every few milliseconds
// until none is left or `revisitMs` has passed, and reports any still held as `lockedDue`. A
// held account is then reset by its holder if that is a writer judging at or after the reset
// instant, else by the next such writer or the next sweep (docs/quotas.md, "On time").
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
import { countDueStatement, dueCondition, pickedColumns, resetStatement, type ResetStatementRow } from "./reset-statement.ts";

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
  /** How long to keep coming back for due rows other transactions hold (ms, default 1,000), once the batches are done. */
  revisitMs?: number;
}

export interface ResetSweepResult {
  /** Accounts reset (and reset records written). */
  reset: number;
  /** Reset statements run (batches and revisits; not the counts of what is left). */
  batches: number;
  /** The last batch was full: more may be due; the next sweep carries on where this one stopped. */
  more: boolean;
  /** When `more` and this sweep stopped in the middle of a walk: the last row it walked (a tid), for the next sweep's resumeAfter. */
  resumeAfter?: string;
  /** Accounts due at `now` that other transactions still held when the sweep stopped coming back for them (0 when `more`: not looked for). */
  lockedDue: number;
}

/** A row position ("(page,item)", PostgreSQL's tid): where a walk carries on. */
export const rowPositionPattern = /^\(\d{1,10},\d{1,5}\)$/;

type BatchKind = "index" | "walk" | "revisit";
interface Runner {
  batch(kind: BatchKind, sql: Prisma.Sql): Promise<ResetStatementRow>;
  /** countDueStatement's answer. */
  dueLeft(sql: Prisma.Sql): Promise<number>;
}
const noRow: ResetStatementRow = { picked: 0, reset: 0, last_row: null };
/** Between two revisits: from 1 ms (another sweep's batch commits in a few), doubling up to 50 ms (a request's transaction). */
const revisitPauseMs = { first: 1, max: 50 };

/**
 * Resets the accounts due at `now`, batch after batch, until none is left or a limit is reached.
 * Each batch is one statement on the client's pg pool and commits on its own, as a named
 * statement where the pool allows it (its plan is kept per connection: planning costs more than
 * running this CTE when little is due; docs/decisions/0003). For a job's transaction use
 * resetDueAccountsInTransaction: the same statements, committed with the job.
 */
export async function resetDueAccounts(db: Db, options: ResetSweepOptions): Promise<ResetSweepResult> {
  const pool = pgPoolOf(db);
  return sweep(options, {
    batch: async (kind, sql) => (await pool.query<ResetStatementRow>(statement(pool, `duly_quota_reset_${kind}`, sql.text, sql.values))).rows[0] ?? noRow,
    dueLeft: async (sql) => (await pool.query<{ due: number }>(statement(pool, "duly_quota_due_left", sql.text, sql.values))).rows[0]?.due ?? 0,
  });
}

/** resetDueAccounts inside `tx` (a job's transaction): every batch commits, or none, with it. */
export async function resetDueAccountsInTransaction(tx: Tx, options: ResetSweepOptions): Promise<ResetSweepResult> {
  return sweep(options, {
    batch: async (_kind, sql) => (await tx.$queryRaw<ResetStatementRow[]>(sql))[0] ?? noRow,
    dueLeft: async (sql) => (await tx.$queryRaw<Array<{ due: number }>>(sql))[0]?.due ?? 0,
  });
}

async function sweep(options: ResetSweepOptions, run: Runner): Promise<ResetSweepResult> {
  const batchSize = options.batchSize ?? 5_000;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) throw new RangeError("batchSize must be 1..100000");
  if (Number.isNaN(options.now.getTime())) throw new RangeError("now is not a valid instant");
  if (options.resumeAfter !== undefined && !rowPositionPattern.test(options.resumeAfter)) throw new RangeError("resumeAfter is not a row position");
  const batches = await sweepInBatches(options, batchSize, run);
  if (batches.more) {
    // Stopped by a limit: the next sweep carries on (and looks for held rows when it is done).
    const { reset, statements, resumeAfter } = batches;
    return { reset, batches: statements, more: true, ...(resumeAfter === undefined ? {} : { resumeAfter }), lockedDue: 0 };
  }
  const revisit = await revisitHeldRows(options, batchSize, run);
  return { reset: batches.reset + revisit.reset, batches: batches.statements + revisit.statements, more: false, lockedDue: revisit.lockedDue };
}

interface BatchesDone {
  reset: number;
  statements: number;
  more: boolean;
  resumeAfter?: string;
}

async function sweepInBatches(options: ResetSweepOptions, batchSize: number, run: Runner): Promise<BatchesDone> {
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const budgetMs = options.budgetMs ?? Number.POSITIVE_INFINITY;
  // Elapsed time only bounds the work; it never decides what is due (that is `now`).
  const started = performance.now();
  let reset = 0;
  let statements = 0;
  let more = true;
  // Where the walk is (undefined: picking through the index); `walked`: this sweep walked to the end.
  let walkAfter = options.resumeAfter;
  let walked = false;
  while (more && statements < maxBatches && performance.now() - started < budgetMs) {
    const walking = walkAfter !== undefined;
    const last = walking
      ? await run.batch("walk", walkBatchStatement(options.now, options.sweptBy, batchSize, walkAfter!))
      : await run.batch("index", indexBatchStatement(options.now, options.sweptBy, batchSize));
    reset += last.reset;
    statements += 1;
    const full = last.picked === batchSize;
    if (walking) {
      // A walk batch that is not full reached the end of the table: back to the index, which
      // finds whatever the walk passed by, until a batch is not full.
      walkAfter = full ? (last.last_row ?? undefined) : undefined;
      if (!full) walked = true;
      more = true;
    } else {
      more = full;
      // Much is due: walk the table from its first page (once per sweep).
      if (full && !walked) walkAfter = "(0,0)";
    }
  }
  return walkAfter !== undefined && more ? { reset, statements, more, resumeAfter: walkAfter } : { reset, statements, more };
}

/**
 * After the batches: if accounts due at `now` are left (held by other transactions, or changed
 * under a batch), come back for them until none is left or `revisitMs` has passed. Answers how
 * many it reset, the reset statements it ran, and how many are still due (held) when it stopped.
 */
async function revisitHeldRows(options: ResetSweepOptions, batchSize: number, run: Runner) {
  const dueLeft = () => run.dueLeft(countDueStatement(Prisma.sql`${options.now}::timestamptz`, batchSize));
  let lockedDue = await dueLeft();
  let reset = 0;
  let statements = 0;
  let pauseMs = revisitPauseMs.first;
  const deadline = performance.now() + (options.revisitMs ?? 1_000);
  while (lockedDue > 0) {
    const row = await run.batch("revisit", revisitStatement(options.now, options.sweptBy, batchSize));
    reset += row.reset;
    lockedDue = await dueLeft();
    statements += 1;
    if (row.picked === batchSize) continue; // rows came free: carry on at once
    if (lockedDue === 0 || performance.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(pauseMs * 2, revisitPauseMs.max);
  }
  return { reset, statements, lockedDue };
}

/** One batch's statement, as the sweep runs it: for the bench's EXPLAIN (bench/quotas.ts), not for resetting. */
export function resetBatchStatement(kind: "index" | "walk", options: { now: Date; sweptBy: string; batchSize: number; after?: string }): Prisma.Sql {
  return kind === "walk"
    ? walkBatchStatement(options.now, options.sweptBy, options.batchSize, options.after ?? "(0,0)")
    : indexBatchStatement(options.now, options.sweptBy, options.batchSize);
}

/**
 * A batch through the index: the most overdue accounts first. SKIP LOCKED: a concurrent sweep
 * takes other accounts instead of waiting for these.
 */
function indexBatchStatement(now: Date, sweptBy: string, batchSize: number): Prisma.Sql {
  const clock = Prisma.sql`${now}::timestamptz`;
  return resetStatement({
    clock,
    sweptBy,
    findBy: "ctid",
    pickDue: Prisma.sql`
      SELECT ${pickedColumns(clock)}
        FROM quota_accounts
       WHERE ${dueCondition(clock)}
       ORDER BY next_reset_at
       LIMIT ${batchSize}
       FOR UPDATE SKIP LOCKED`,
  });
}

/**
 * A batch of the walk: the next due accounts in the table's physical order after `after` (a
 * TID range scan, which reads pages in order and stops at the LIMIT). Same due condition as
 * the index batch; its instant half is written so that no index can serve it (`IS TRUE`), so
 * the plan is the TID range scan whatever the planner guesses the due share to be.
 */
function walkBatchStatement(now: Date, sweptBy: string, batchSize: number, after: string): Prisma.Sql {
  const clock = Prisma.sql`${now}::timestamptz`;
  return resetStatement({
    clock,
    sweptBy,
    findBy: "ctid",
    pickDue: Prisma.sql`
      SELECT ${pickedColumns(clock)}
        FROM quota_accounts
       WHERE ctid > ${after}::tid
         AND (next_reset_at <= ${clock}) IS TRUE
         AND next_reset_on <= (${clock} AT TIME ZONE time_zone)::date
       LIMIT ${batchSize}
       FOR UPDATE SKIP LOCKED`,
  });
}

/**
 * The revisit: like an index batch, but each picked row is found again by primary key, so a row
 * changed between the snapshot and the lock is still reset (re-checked as due). Still SKIP
 * LOCKED: it never waits for a holder (whose own reset, or commit, it will see next time).
 */
function revisitStatement(now: Date, sweptBy: string, batchSize: number): Prisma.Sql {
  const clock = Prisma.sql`${now}::timestamptz`;
  return resetStatement({
    clock,
    sweptBy,
    findBy: "id",
    pickDue: Prisma.sql`
      SELECT /* quota sweep revisit */ ${pickedColumns(clock)}
        FROM quota_accounts
       WHERE ${dueCondition(clock)}
       ORDER BY next_reset_at
       LIMIT ${batchSize}
       FOR UPDATE SKIP LOCKED`,
  });
}
