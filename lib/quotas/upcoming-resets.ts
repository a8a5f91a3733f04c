// The agenda's view of quota resets: how many accounts get their allowances back on each of the
// coming days, and which ones. Read-only; the window is passed in (the agenda's `now`).
import type { DbOrTx } from "../db/client.ts";
import type { QuotaPlan } from "./plans.ts";

export interface UpcomingResetDay {
  /** The accounts' local date of the reset (each account's own zone). */
  day: string;
  accounts: number;
}

export interface UpcomingResetAccount {
  id: bigint;
  name: string;
  plan: QuotaPlan;
  nextPlan: QuotaPlan | null;
  timeZone: string;
  nextResetOn: string;
  nextResetAt: Date;
}

/** How long past its reset time an account may wait before it counts as late: the sweep runs every 15 minutes. */
export const resetGraceMs = 30 * 60_000;

export interface UpcomingResets {
  /** Accounts more than resetGraceMs past their reset time that no sweep has reset: the sweep is behind. */
  late: number;
  days: UpcomingResetDay[];
  /** The soonest accounts in the window (late ones first), at most `limit`. */
  accounts: UpcomingResetAccount[];
  total: number;
}

export async function upcomingResets(db: DbOrTx, { now, to, limit }: { now: Date; to: Date; limit: number }): Promise<UpcomingResets> {
  // Both read the next_reset_at index: only the window's accounts are touched.
  const lateBefore = new Date(now.getTime() - resetGraceMs);
  const days = await db.$queryRaw<Array<{ day: string; accounts: number; late: boolean }>>`
    SELECT to_char(next_reset_on, 'YYYY-MM-DD') AS day, count(*)::int AS accounts, next_reset_at <= ${lateBefore}::timestamptz AS late
      FROM quota_accounts
     WHERE next_reset_at < ${to}::timestamptz
     GROUP BY 1, 3
     ORDER BY 1, 3`;
  const accounts = await db.$queryRaw<Array<{
    id: bigint; name: string; plan: QuotaPlan; next_plan: QuotaPlan | null; time_zone: string; next_reset_on: string; next_reset_at: Date;
  }>>`
    SELECT id, name, plan, next_plan, time_zone, to_char(next_reset_on, 'YYYY-MM-DD') AS next_reset_on, next_reset_at
      FROM quota_accounts
     WHERE next_reset_at < ${to}::timestamptz
     ORDER BY next_reset_at, id
     LIMIT ${limit}`;
  const late = days.filter((d) => d.late).reduce((sum, d) => sum + d.accounts, 0);
  const byDay = new Map<string, number>();
  for (const d of days.filter((d) => !d.late)) byDay.set(d.day, (byDay.get(d.day) ?? 0) + d.accounts);
  return {
    late,
    days: [...byDay].map(([day, count]) => ({ day, accounts: count })),
    accounts: accounts.map((a) => ({
      id: a.id, name: a.name, plan: a.plan, nextPlan: a.next_plan, timeZone: a.time_zone, nextResetOn: a.next_reset_on, nextResetAt: a.next_reset_at,
    })),
    total: days.reduce((sum, d) => sum + d.accounts, 0),
  };
}
