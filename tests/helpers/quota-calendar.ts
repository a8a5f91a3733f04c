// Helpers for the quota tests: local midnights computed independently of PostgreSQL (from the
// runtime's zone data), the simulation's accounts, and reading reset records in bulk.
import pg from "pg";
import type { Db } from "../../lib/db/client.ts";
import { addDays, createAccount, cycleDate, cycleOnOrBefore, localDateOf, nextCycleAfter, type IsoDate } from "../../lib/quotas/index.ts";

export const simulationZones = ["UTC", "America/New_York", "Europe/Berlin", "Pacific/Auckland"] as const;

/** Anchors on every day of the month (December 2023, so the year boundary comes first) and on Feb 29. */
export const simulationAnchors: IsoDate[] = [
  ...Array.from({ length: 31 }, (_, i) => `2023-12-${String(i + 1).padStart(2, "0")}`),
  "2020-02-29",
];

const minuteMs = 60_000;
const midnightCache = new Map<string, Date>();

/**
 * The first instant whose local date in `timeZone` is `date`: its local midnight, or the end of
 * a daylight-saving gap that swallowed it. Zone offsets are whole minutes, so a binary search
 * over the minutes around UTC midnight finds it exactly.
 */
export function localMidnight(date: IsoDate, timeZone: string): Date {
  const cacheKey = `${timeZone} ${date}`;
  const cached = midnightCache.get(cacheKey);
  if (cached) return cached;
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let low = utcMidnight - 15 * 60 * minuteMs; // local date still before `date` everywhere (UTC+14 at most)
  let high = utcMidnight + 15 * 60 * minuteMs; // local date already `date` everywhere (UTC-12 at least)
  while (high - low > minuteMs) {
    const middle = low + Math.floor((high - low) / 2 / minuteMs) * minuteMs;
    if (localDateOf(new Date(middle), timeZone) >= date) high = middle;
    else low = middle;
  }
  const result = new Date(high);
  midnightCache.set(cacheKey, result);
  return result;
}

export function daysFrom(first: IsoDate, last: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface SimulatedAccount {
  id: bigint;
  anchorOn: IsoDate;
  timeZone: string;
  /** The first cycle index the simulation expects a reset for. */
  firstIndex: number;
}

/** One account per (zone, anchor), opened at `openedAt`; returns them with their first expected cycle. */
export async function openSimulationAccounts(db: Db, openedAt: Date, zones: readonly string[] = simulationZones, anchors = simulationAnchors): Promise<SimulatedAccount[]> {
  const accounts: SimulatedAccount[] = [];
  for (const timeZone of zones) {
    for (const anchorOn of anchors) {
      const plan = (["free", "pro", "business"] as const)[accounts.length % 3];
      const created = await createAccount(db, { name: `${anchorOn} ${timeZone}`, plan, anchorOn, timeZone }, openedAt);
      let firstIndex = 1;
      while (cycleDate(anchorOn, firstIndex) < created.nextResetOn) firstIndex++;
      accounts.push({ id: created.id, anchorOn, timeZone, firstIndex });
    }
  }
  return accounts;
}

export interface ResetRecord {
  accountId: bigint;
  cycleOn: IsoDate;
  dueOn: IsoDate;
  restoredOn: IsoDate;
  resetAt: Date;
  sweptBy: string;
}

export async function resetRecords(db: Db): Promise<ResetRecord[]> {
  const rows = await db.$queryRaw<Array<{ account_id: bigint; cycle_on: string; due_on: string; restored_on: string; reset_at: Date; swept_by: string }>>`
    SELECT account_id, to_char(cycle_on, 'YYYY-MM-DD') AS cycle_on, to_char(due_on, 'YYYY-MM-DD') AS due_on,
           to_char(restored_on, 'YYYY-MM-DD') AS restored_on, reset_at, swept_by
      FROM quota_resets ORDER BY account_id, reset_at, id`;
  return rows.map((r) => ({ accountId: r.account_id, cycleOn: r.cycle_on, dueOn: r.due_on, restoredOn: r.restored_on, resetAt: r.reset_at, sweptBy: r.swept_by }));
}

export function groupByAccount(records: ResetRecord[]): Map<bigint, ResetRecord[]> {
  const byAccount = new Map<bigint, ResetRecord[]>();
  for (const record of records) {
    const list = byAccount.get(record.accountId) ?? [];
    list.push(record);
    byAccount.set(record.accountId, list);
  }
  return byAccount;
}

/**
 * The resets a correct sweep makes for `account` given the tick instants (sorted): for each
 * cycle whose local midnight a tick reached, one reset at the first tick at or after it.
 */
export function expectedResets(account: SimulatedAccount, ticks: Date[]): Array<{ cycleOn: IsoDate; resetAt: Date; restoredOn: IsoDate }> {
  const expected: Array<{ cycleOn: IsoDate; resetAt: Date; restoredOn: IsoDate }> = [];
  let tickIndex = 0;
  for (let n = account.firstIndex; ; n++) {
    const cycleOn = cycleDate(account.anchorOn, n);
    const midnight = localMidnight(cycleOn, account.timeZone).getTime();
    while (tickIndex < ticks.length && ticks[tickIndex].getTime() < midnight) tickIndex++;
    if (tickIndex >= ticks.length) return expected;
    const resetAt = ticks[tickIndex];
    expected.push({ cycleOn, resetAt, restoredOn: localDateOf(resetAt, account.timeZone) });
  }
}

/**
 * The simulations commit thousands of tiny transactions: without waiting for each one's WAL
 * flush they run about twice as fast. Only this test database, and only for sessions opened
 * after this call (the file's pool opens its connections on first use).
 */
export async function withoutCommitFlush(directUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
}

/**
 * The reference model: what a correct sweep does to one account over the given ticks, in plain
 * TypeScript. At each tick, due when the account's local date has reached its next reset; then
 * one reset, whatever was missed, and the next reset is the first cycle date after today.
 */
export function referenceResets(account: SimulatedAccount, startNextResetOn: IsoDate, ticks: Date[]): Array<{ cycleOn: IsoDate; dueOn: IsoDate; restoredOn: IsoDate; resetAt: Date }> {
  const resets: Array<{ cycleOn: IsoDate; dueOn: IsoDate; restoredOn: IsoDate; resetAt: Date }> = [];
  let nextResetOn = startNextResetOn;
  for (const tick of ticks) {
    const today = localDateOf(tick, account.timeZone);
    if (nextResetOn > today) continue;
    resets.push({ cycleOn: cycleOnOrBefore(account.anchorOn, today)!.date, dueOn: nextResetOn, restoredOn: today, resetAt: tick });
    nextResetOn = nextCycleAfter(account.anchorOn, today).date;
  }
  return resets;
}
