// The agenda's quota resets (lib/quotas/upcoming-resets.ts) and the demo accounts of npm start
// (scripts/lib/demo/quotas.ts): counts per local day and the accounts, late ones flagged; the
// demo has every plan, many zones and the anchors the cycle rule must get right.
import { beforeEach, describe, expect, it } from "vitest";
import { createAccount, resetDueAccounts, upcomingResets } from "../../../lib/quotas/index.ts";
import { seedQuotaDemo } from "../../../scripts/lib/demo/quotas.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";

const database = useTestDatabase();
const dayMs = 86_400_000;
beforeEach(async () => {
  await emptyTables(database.db, ["quota_accounts", "quota_resets"], { restartIdentity: true });
});

describe("upcoming quota resets", () => {
  it("counts accounts per local reset date in the window, lists them soonest first, and flags late ones", async () => {
    const { db } = database;
    const opened = new Date("2026-11-20T12:00:00Z");
    // Resets on Dec 1 (Berlin: Nov 30 23:00 UTC), Dec 1 (New York: 05:00 UTC), Dec 3, and Dec 20 (outside).
    await createAccount(db, { name: "berlin", plan: "pro", anchorOn: "2026-11-01", timeZone: "Europe/Berlin" }, opened);
    await createAccount(db, { name: "new york", plan: "free", anchorOn: "2026-11-01", timeZone: "America/New_York" }, opened);
    await createAccount(db, { name: "auckland", plan: "business", anchorOn: "2026-11-03", timeZone: "Pacific/Auckland" }, opened);
    await createAccount(db, { name: "later", plan: "pro", anchorOn: "2026-11-20", timeZone: "UTC" }, opened);
    const now = new Date("2026-11-30T12:00:00Z");
    const view = await upcomingResets(db, { now, to: new Date(now.getTime() + 7 * dayMs), limit: 10 });
    expect(view.late).toBe(0);
    expect(view.days).toEqual([{ day: "2026-12-01", accounts: 2 }, { day: "2026-12-03", accounts: 1 }]);
    expect(view.accounts.map((a) => a.name)).toEqual(["berlin", "new york", "auckland"]);
    expect(view.total).toBe(3);

    // An hour past Berlin's midnight with no sweep: late. Swept: gone from the list.
    const later = new Date("2026-12-01T00:45:00Z");
    const behind = await upcomingResets(db, { now: later, to: new Date(later.getTime() + 7 * dayMs), limit: 10 });
    expect(behind.late).toBe(1);
    await resetDueAccounts(db, { now: later, sweptBy: "test" });
    const caughtUp = await upcomingResets(db, { now: later, to: new Date(later.getTime() + 7 * dayMs), limit: 1 });
    expect(caughtUp.late).toBe(0);
    expect(caughtUp.accounts.map((a) => a.name)).toEqual(["new york"]);
    expect(caughtUp.total).toBe(2);
  });
});

describe("demo quota accounts", () => {
  it("seeds 300 accounts once, across plans, zones and the anchors that matter; every day of the next week has resets", async () => {
    const { db } = database;
    const now = new Date("2026-11-30T10:00:00Z");
    expect(await seedQuotaDemo(db, now)).toEqual({ created: 300 });
    expect(await seedQuotaDemo(db, now)).toEqual({ created: 0 });
    const [facts] = await db.$queryRaw<Array<{ accounts: number; plans: number; zones: number; jan31: number; feb29: number; december: number }>>`
      SELECT count(*)::int AS accounts, count(DISTINCT plan)::int AS plans, count(DISTINCT time_zone)::int AS zones,
             count(*) FILTER (WHERE to_char(anchor_on, 'MM-DD') = '01-31')::int AS jan31,
             count(*) FILTER (WHERE to_char(anchor_on, 'MM-DD') = '02-29')::int AS feb29,
             count(*) FILTER (WHERE extract(month FROM anchor_on) = 12)::int AS december
        FROM quota_accounts`;
    expect(facts.accounts).toBe(300);
    expect(facts.plans).toBe(3);
    expect(facts.zones).toBe(8);
    expect(facts.jan31).toBeGreaterThan(0);
    expect(facts.feb29).toBeGreaterThan(0);
    expect(facts.december).toBeGreaterThan(0);
    const week = await upcomingResets(db, { now, to: new Date(now.getTime() + 7 * dayMs), limit: 100 });
    expect(week.late).toBe(0);
    expect(week.days.length).toBeGreaterThanOrEqual(7);
    expect(week.total).toBeGreaterThan(30);
  });
});
