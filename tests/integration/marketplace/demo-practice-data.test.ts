// npm start's demo data as a newcomer practises on it (issue 15, item 13): every record a demo
// job names exists (a job's "booking 1002" link leads to booking 1002), there are dead jobs to
// retry (and a retry succeeds) and jobs still failing, disputes in every state, and people and
// accounts with believable names. The clock is a fixed instant, never today's.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { seedDemoData } from "../../../prisma/seed.ts";
import { seedQuotaDemo } from "../../../scripts/lib/demo/quotas.ts";
import { createCatalogue, retry, tick } from "../../../lib/scheduler/index.ts";
import { disputeStatus } from "../../../lib/validation/fields.ts";
import { demoPing } from "../../../jobs/index.ts";

const database = useTestDatabase();
const now = new Date("2027-10-04T07:30:00Z");
const minute = 60_000;

/** Whether the record a job names exists, per business record type the demo uses. */
async function recordExists(db: (typeof database)["db"], type: string, id: string): Promise<boolean> {
  const numeric = Number(id);
  switch (type) {
    case "booking": return (await db.booking.count({ where: { id: numeric } })) === 1;
    case "dispute": return (await db.dispute.count({ where: { id: numeric } })) === 1;
    case "auction": return (await db.auction.count({ where: { id: numeric } })) === 1;
    case "move_request": return (await db.bookingMoveRequest.count({ where: { id: numeric } })) === 1;
    default: throw new Error(`a demo job names a record of type ${type}, which this test does not know how to look up`);
  }
}

describe("the demo data a newcomer practises on", () => {
  it("names only records that exist, has failed and dead jobs, disputes in every state, and real-looking names", { timeout: 180_000 }, async () => {
    const { db } = database;
    const { created, marketplace } = await seedDemoData(db, now);
    expect(marketplace).not.toBeNull();
    expect(created).toBe(14);
    await seedQuotaDemo(db, now);

    const named = await db.scheduledJob.findMany({ where: { subjectType: { not: null } }, select: { id: true, jobType: true, subjectType: true, subjectId: true } });
    expect(named.filter((j) => j.jobType === "demo.ping")).toHaveLength(14);
    const missing: string[] = [];
    for (const job of named) {
      if (!(await recordExists(db, job.subjectType!, job.subjectId!))) missing.push(`job ${job.id} (${job.jobType}) names ${job.subjectType}:${job.subjectId}`);
    }
    expect(missing).toEqual([]);

    // Dead jobs to retry, and jobs still retrying after a failed attempt, each saying why.
    const dead = await db.scheduledJob.findMany({ where: { status: "dead" } });
    expect(dead.length).toBeGreaterThanOrEqual(3);
    expect(dead.every((j) => /503 Service Unavailable/.test(j.lastError ?? ""))).toBe(true);
    const failing = await db.scheduledJob.findMany({ where: { status: "pending", attempts: { gt: 0 }, lastError: { not: null } } });
    expect(failing.length).toBeGreaterThanOrEqual(2);
    // A retry now (the service is back) succeeds, as an operator's practice retry would.
    await db.$transaction((tx) => retry(tx, dead[0]!.id, now));
    const summary = await tick({ db, catalogue: createCatalogue([demoPing]), now: new Date(now.getTime() + minute), budgetMs: 20_000, concurrency: 1 });
    expect(summary.errors).toEqual([]);
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: dead[0]!.id } })).status).toBe("succeeded");

    const states = new Set((await db.dispute.findMany({ select: { status: true } })).map((d) => d.status));
    expect([...states].sort()).toEqual([...disputeStatus.options].sort());

    // Names a person would have: no "Customer 3", "test", "demo:" or bare numbers.
    const unrealistic = /^(customer|chef|test|demo)\b|demo:|^\d+$/i;
    const names = [
      ...(await db.customer.findMany({ select: { name: true } })).map((c) => c.name),
      ...(await db.chef.findMany({ select: { name: true } })).map((c) => c.name),
      ...(await db.quotaAccount.findMany({ select: { name: true } })).map((a) => a.name),
    ];
    expect(names.length).toBeGreaterThan(300);
    expect(names.filter((name) => unrealistic.test(name))).toEqual([]);

    // A second start seeds nothing again.
    expect((await seedDemoData(db, new Date(now.getTime() + 60 * minute))).created).toBe(0);
  });

  it("keeps its still-failing jobs retrying while their service is down, and runs no attempt before it seeded them", { timeout: 180_000 }, async () => {
    const { db } = database;
    const failing = await db.scheduledJob.findMany({ where: { key: { in: ["demo-seed:failing:3", "demo-seed:failing:4"] } }, include: { runs: { orderBy: { attempt: "asc" } } } });
    expect(failing).toHaveLength(2);
    // No attempt before the instant the seed runs at: the jobs are created then (at the database's
    // clock, which on npm start is that instant), and a first attempt travelled back half an hour
    // showed on the job's page as started 36 min ago, created 6 min ago.
    for (const job of failing) {
      expect(job.runs[0]!.startedAt.getTime(), job.key ?? undefined).toBeGreaterThanOrEqual(now.getTime());
      expect(job.createdAt.getTime(), job.key ?? undefined).toBeLessThanOrEqual(job.runs[0]!.startedAt.getTime());
    }
    // The seed says "still retrying against a service down for two more hours": with the type's
    // backoff (10 s doubling) five attempts were spent within three minutes of npm start, and the
    // newcomer found five dead jobs instead of three. Ticks over the next hour leave them retrying.
    for (const after of [3, 10, 30, 60]) {
      const summary = await tick({ db, catalogue: createCatalogue([demoPing]), now: new Date(now.getTime() + after * minute), budgetMs: 20_000, concurrency: 1 });
      expect(summary.errors).toEqual([]);
      const states = await db.scheduledJob.findMany({ where: { id: { in: failing.map((j) => j.id) } }, select: { key: true, status: true } });
      expect(states.map((j) => `${j.key} ${j.status}`).sort(), `${after} min after the seed`).toEqual(["demo-seed:failing:3 pending", "demo-seed:failing:4 pending"]);
    }
    // Once the service is back (two hours on), their next attempt succeeds.
    await tick({ db, catalogue: createCatalogue([demoPing]), now: new Date(now.getTime() + 5 * 60 * minute), budgetMs: 20_000, concurrency: 1 });
    const after = await db.scheduledJob.findMany({ where: { id: { in: failing.map((j) => j.id) } }, select: { status: true } });
    expect(after.map((j) => j.status)).toEqual(["succeeded", "succeeded"]);
  });
});
