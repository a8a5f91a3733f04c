// A busy account is reset on time. The sweep skips rows other transactions hold (SKIP LOCKED),
// and a usage request holds its account's row for its whole transaction; with requests arriving
// back to back, sweeps passed the account by and its reset came sweeps late, while every request
// after midnight was counted against the old cycle. What holds now (docs/quotas.md, "On time"):
//
// 1. Every writer that reads the allowances (consumption, a plan change, an operator's reset
//    now) judged at or after the reset instant first resets a still-due account, in its own
//    transaction under the row lock: nothing after the reset instant counts against the old cycle.
// 2. Each cycle is reset once, whoever does it.
// 3. A sweep that finishes has reset every account due at its `now`, except those another
//    transaction held through its revisit (it looks again until `revisitMs` has passed), which
//    it reports as `lockedDue`; those are reset by their holder, the next writer or the next sweep.
// 4. A row the sweep picked but could not reset (a writer committed between the statement's
//    snapshot and its lock) is noticed and reset in the same run.
//
// Real concurrent connections throughout; holds and commits are placed with locks the test
// controls and observed in pg_stat_activity/pg_locks, never with sleeps that must be long enough.
import pg from "pg";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "../../../app/api/v1/accounts/[accountId]/usage/route.ts";
import { createDb, pgPoolOf } from "../../../lib/db/client.ts";
import { changePlan, consumeAllowance, createAccount, cycleDate, plans, resetDueAccounts } from "../../../lib/quotas/index.ts";
import { localDayStart } from "../../../lib/quotas/local-time.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";

const database = useTestDatabase();
useAppDatabase(database);
const route = POST as unknown as RouteHandler;
const zone = "Europe/Berlin";
const anchorOn = "2026-01-31";
const openedAt = new Date("2026-01-31T12:00:00Z");
const quarterHour = 15 * 60_000;
const resetInstant = (n: number) => localDayStart(cycleDate(anchorOn, n), zone);

let appKey: string;
const clients: pg.Client[] = [];
const pids = new Map<pg.Client, number>();

beforeAll(async () => {
  // X-Duly-Now sets each request's clock (a time-travelling server), so every request is judged
  // at the instant the test chooses, never at the day the test runs.
  process.env.DULY_TIME_TRAVEL = "1";
  appKey = await newKey(database.db);
});

beforeEach(async () => {
  await emptyTables(database.db, ["quota_accounts", "quota_resets"], { restartIdentity: true });
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => {});
});

/** A session of its own on a direct connection: it holds row and relation locks across statements. */
async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.directUrl, application_name: "quota-test-holder" });
  await client.connect();
  clients.push(client);
  pids.set(client, (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid);
  return client;
}

async function open(plan: "pro" | "business" = "pro") {
  return (await createAccount(database.db, { name: "busy", plan, anchorOn, timeZone: zone }, openedAt)).id;
}

async function state(id: bigint) {
  const [row] = await database.db.$queryRaw<Array<{ plan: string; pages: number; questions: number; next_reset_on: string; next_reset_at: Date }>>`
    SELECT plan::text, pages, questions, to_char(next_reset_on, 'YYYY-MM-DD') AS next_reset_on, next_reset_at FROM quota_accounts WHERE id = ${id}`;
  return row!;
}

async function resets(id: bigint) {
  return database.db.$queryRaw<Array<{ cycle_on: string; reset_at: Date; swept_by: string }>>`
    SELECT to_char(cycle_on, 'YYYY-MM-DD') AS cycle_on, reset_at, swept_by FROM quota_resets WHERE account_id = ${id} ORDER BY id`;
}

/** Whether the account is due at `now` (by the sweep's own condition). */
async function dueAt(id: bigint, now: Date): Promise<boolean> {
  const [row] = await database.db.$queryRaw<Array<{ due: boolean }>>`
    SELECT next_reset_at <= ${now}::timestamptz AND next_reset_on <= (${now}::timestamptz AT TIME ZONE time_zone)::date AS due
      FROM quota_accounts WHERE id = ${id}`;
  return row!.due;
}

/** Polls until `check` is true (it reads the database's own view of sessions and locks). */
async function until(what: string, check: () => Promise<boolean>, done?: Promise<unknown>): Promise<"seen" | "finished"> {
  let finished = false;
  void done?.then(() => (finished = true), () => (finished = true));
  for (let i = 0; i < 2_000; i++) {
    if (await check()) return "seen";
    if (finished) return "finished";
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw: ${what}`);
}

/**
 * A sweep backend that has run the revisit statement (its current or last query), i.e. it came
 * back for a held row. (The pattern is split so that this query's own text does not match it.)
 */
const sweepRevisited = async () =>
  (await database.db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%quota sweep ' || 'revisit%'`)[0]!.n > 0;

describe("a writer holding the account's row when the sweep passes", () => {
  it("the sweep comes back for the held account and resets it before it finishes", async () => {
    const id = await open();
    const midnight = resetInstant(1);
    const holder = await session();
    // A consumption judged a moment before midnight, still open when the sweep passes.
    await holder.query("BEGIN");
    await holder.query("UPDATE quota_accounts SET questions = questions - 1 WHERE id = $1", [String(id)]);
    const sweep = resetDueAccounts(database.db, { now: midnight, sweptBy: "midnight", revisitMs: 60_000 });
    const seen = await until("the sweep revisiting the held account", sweepRevisited, sweep);
    await holder.query("COMMIT");
    const result = await sweep;
    // Before: the sweep finished at once, account still due ("finished", reset 0, no record).
    expect({ seen, reset: result.reset, lockedDue: result.lockedDue }).toEqual({ seen: "seen", reset: 1, lockedDue: 0 });
    expect(await dueAt(id, midnight)).toBe(false);
    expect((await resets(id)).map((r) => r.swept_by)).toEqual(["midnight"]);
    expect((await state(id)).questions).toBe(plans.pro.questions);
  });

  it("held past the sweep's revisit: reported as held, and the first consumption after midnight resets it before counting", async () => {
    const id = await open();
    const midnight = resetInstant(1);
    await consumeAllowance(database.db, id, { allowance: "questions", amount: 500 }, new Date(midnight.getTime() - 60_000));
    const holder = await session();
    await holder.query("BEGIN");
    await holder.query("UPDATE quota_accounts SET questions = questions - 1 WHERE id = $1", [String(id)]);
    const result = await resetDueAccounts(database.db, { now: midnight, sweptBy: "midnight", revisitMs: 100 });
    // Before: { reset: 0, lockedDue: undefined }: nothing said the account was left due.
    expect({ reset: result.reset, lockedDue: result.lockedDue }).toEqual({ reset: 0, lockedDue: 1 });
    expect(await dueAt(id, midnight)).toBe(true);
    await holder.query("COMMIT");
    const used = await consumeAllowance(database.db, id, { allowance: "questions", amount: 1 }, new Date(midnight.getTime() + 60_000));
    // Before: 1,498 left and "comes back at" the midnight just passed: counted against the old cycle.
    expect(used.remaining.questions).toBe(plans.pro.questions - 1);
    expect(used.nextResetAt).toEqual(resetInstant(2));
    expect((await resets(id)).map((r) => [r.cycle_on, r.swept_by])).toEqual([[cycleDate(anchorOn, 1), "on consumption"]]);
  });

  it("a plan change after midnight on an account still due resets it first: the upgrade raises the new cycle's allowances", async () => {
    const id = await open("pro");
    const midnight = resetInstant(1);
    await consumeAllowance(database.db, id, { allowance: "pages", amount: plans.pro.pages }, new Date(midnight.getTime() - 60_000));
    const change = await changePlan(database.db, id, "business", new Date(midnight.getTime() + 60_000));
    expect(change).toEqual({ takesEffect: "now", plan: "business", nextPlan: null });
    // Before: 9,000 pages (nothing left of the old cycle, plus the difference between the plans).
    expect((await state(id)).pages).toBe(plans.business.pages);
    expect((await resets(id)).map((r) => r.swept_by)).toEqual(["on plan change"]);
  });
});

describe("a row picked by the sweep and changed before its lock", () => {
  it("is noticed and reset in the same run", async () => {
    const id = await open();
    const midnight = resetInstant(1);
    // The window is between the sweep statement's snapshot and its lock on the row. To hold the
    // statement there: with a cached generic plan, the statement locks the index it scans only
    // when it starts executing, after taking its snapshot; a session queued for an exclusive
    // lock on that index (behind a consumer that holds a lock on it) makes it wait right there.
    // Direct connections: the plan cache and the locks are per session.
    const sweeper = createDb(database.directUrl, { poolSize: 1, preparedStatements: true });
    try {
      await pgPoolOf(sweeper).query("SET plan_cache_mode = force_generic_plan");
      await resetDueAccounts(sweeper, { now: new Date(midnight.getTime() - quarterHour), sweptBy: "warm-up" });
      const consumer = await session();
      const blocker = await session();
      await consumer.query("BEGIN");
      await consumer.query("UPDATE quota_accounts SET questions = questions - 1 WHERE id = $1", [String(id)]);
      await blocker.query("BEGIN");
      const blocking = blocker.query("ALTER INDEX quota_accounts_next_reset_at_idx SET TABLESPACE pg_default");
      await until("the blocker queued", async () => waitingOnRelation(pids.get(blocker)!));
      const sweep = resetDueAccounts(sweeper, { now: midnight, sweptBy: "raced" });
      await until("the sweep waiting behind the blocker, snapshot taken", async () => sweepWaitingOnRelation());
      await consumer.query("COMMIT"); // the consumer's new row version: after the sweep's snapshot
      await blocking;
      await blocker.query("ROLLBACK");
      const result = await sweep;
      // Before: { reset: 0 } and the account still due, with nothing to say so.
      expect(result.reset).toBe(1);
      expect(await dueAt(id, midnight)).toBe(false);
      expect((await state(id)).questions).toBe(plans.pro.questions);
      expect((await resets(id)).map((r) => r.swept_by)).toEqual(["raced"]);
    } finally {
      await sweeper.$disconnect();
    }
  });
});

async function waitingOnRelation(pid: number): Promise<boolean> {
  const [row] = await database.db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM pg_locks WHERE pid = ${pid} AND NOT granted AND locktype = 'relation'`;
  return row!.n > 0;
}

async function sweepWaitingOnRelation(): Promise<boolean> {
  const [row] = await database.db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted AND l.locktype = 'relation'
     WHERE a.datname = current_database() AND a.query LIKE '%WITH plan_values%' AND a.backend_xmin IS NOT NULL`;
  return row!.n > 0;
}

describe("usage arriving back to back on one account while sweeps run across its reset instants", () => {
  it("every request after midnight counts against the new cycle, each cycle is reset once and never a sweep late, and no sweep leaves it due unreported", { timeout: 180_000 }, async () => {
    const id = await open();
    const cycles = 6;
    let clock = resetInstant(1).getTime() - 60 * 60_000;
    let stop = false;
    let sequence = 0;
    const answers: Array<{ at: number; status: number; nextResetAt?: string; questions?: number }> = [];
    // Four consumers on the usage route (each request its own transaction, an Idempotency-Key
    // recorded in it, the app's own pool), each sending the next request when one is answered.
    const consumer = async () => {
      while (!stop) {
        const at = clock;
        const answer = await callRoute(route, {
          path: `/accounts/${id}/usage`, params: { accountId: String(id) }, key: appKey, idempotencyKey: `busy-${sequence++}`,
          headers: { "x-duly-now": new Date(at).toISOString() }, body: { allowance: "questions", amount: 1 },
        });
        answers.push({ at, status: answer.status, nextResetAt: answer.json?.nextResetAt, questions: answer.json?.remaining?.questions });
      }
    };
    const consumers = Array.from({ length: 4 }, consumer);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const sweeps: Array<{ cycle: number; at: number; reset: number; lockedDue: number | undefined; dueAfter: boolean }> = [];
    try {
      for (let n = 1; n <= cycles; n++) {
        const midnight = resetInstant(n).getTime();
        // Requests judged just before midnight, and the sweep of the midnight quarter hour
        // running among them; then requests judged after midnight, and the next sweeps.
        clock = midnight - 1;
        await pause(150);
        for (let k = 0; k <= 3; k++) {
          const at = midnight + k * quarterHour;
          if (k > 0) {
            clock = at;
            await pause(150);
          }
          const result = await resetDueAccounts(database.db, { now: new Date(at), sweptBy: `sweep ${new Date(at).toISOString()}`, revisitMs: 200 });
          sweeps.push({ cycle: n, at, reset: result.reset, lockedDue: result.lockedDue, dueAfter: await dueAt(id, new Date(at)) });
          if (k === 0) {
            clock = midnight + 1;
            await pause(150);
          }
        }
      }
    } finally {
      stop = true;
      await Promise.all(consumers);
    }
    const records = await resets(id);
    const lateness = records.map((r) => r.reset_at.getTime() - localDayStart(r.cycle_on, zone).getTime());
    const skipped = sweeps.filter((s) => s.dueAfter).length;
    const counted = answers.filter((a) => a.status === 200);
    // Counted against a cycle that had already ended when the request was judged. (A request
    // judged a moment before midnight and committed after the reset counts against the new
    // cycle: it raced the reset, and either side of it is fair.)
    const againstOldCycle = counted.filter((a) => Date.parse(a.nextResetAt!) <= a.at);
    console.log(
      `busy account: ${answers.length} requests (${counted.length} counted), ${sweeps.length} sweeps, ${skipped} left it due ` +
        `(${sweeps.filter((s) => s.dueAfter && s.lockedDue === undefined).length} without saying so); ${records.length} of ${cycles} cycles reset, ${lateness.map((ms) => `${ms / 1000} s`).join(", ")} after midnight; ` +
        `${againstOldCycle.length} requests after midnight counted against the old cycle`,
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // 1. Nothing judged at or after a reset instant counts against the old cycle.
    expect(againstOldCycle.slice(0, 5)).toEqual([]);
    // 2. One reset per cycle, 3. never later than one sweep interval.
    expect(records.map((r) => r.cycle_on)).toEqual([...Array(cycles).keys()].map((i) => cycleDate(anchorOn, i + 1)));
    expect(lateness.filter((ms) => ms > quarterHour)).toEqual([]);
    // 3. A sweep that leaves the account due says so.
    expect(sweeps.filter((s) => s.dueAfter && !(s.lockedDue! > 0))).toEqual([]);
    // Each cycle's requests took one unit each, none lost, none twice: they saw every count down from the allowance once.
    for (let n = 1; n <= cycles; n++) {
      const seen = counted.filter((a) => a.nextResetAt === resetInstant(n + 1).toISOString()).map((a) => a.questions!).sort((a, b) => b - a);
      expect(seen).toEqual(seen.map((_, i) => plans.pro.questions - 1 - i));
    }
  });
});
