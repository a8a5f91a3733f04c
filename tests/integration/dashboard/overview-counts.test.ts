// The overview's counts: pending jobs per local day and type (each day a bounded range of the
// index, its boundaries the zone's midnights, across a clock change and in a zone whose
// midnight is not on a UTC hour), per local hour, and the figures (due now, lag, dead, failed
// attempts) — against what each row's own local time says.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { dueByDay, dueByHour, failedAttempts24h, overviewFigures } from "../../../lib/scheduler/admin/index.ts";

const database = useTestDatabase();

beforeEach(async () => {
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "job_run_tallies"]);
});

async function jobs(rows: Array<{ type: string; at: string; status?: string; finishedAt?: string }>): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (const row of rows) {
    const [inserted] = await database.db.$queryRaw<Array<{ id: bigint }>>`
      INSERT INTO scheduled_jobs (job_type, run_at, status, finished_at)
      VALUES (${row.type}, ${new Date(row.at)}, ${row.status ?? "pending"}::job_status, ${row.finishedAt ? new Date(row.finishedAt) : null})
      RETURNING id`;
    ids.push(inserted!.id);
  }
  return ids;
}

describe("due per local day", () => {
  it("counts per Berlin day and type across the spring-forward night (a 23-hour day), inside [from, to) only", async () => {
    await jobs([
      { type: "a", at: "2031-03-29T11:59:00Z" }, // before `from`
      { type: "a", at: "2031-03-29T12:00:00Z" }, // Sat 13:00 CET: the first instant counted
      { type: "b", at: "2031-03-29T22:59:00Z" }, // Sat 23:59 CET
      { type: "a", at: "2031-03-29T23:00:00Z" }, // Sun 00:00 CET: Sunday
      { type: "a", at: "2031-03-30T21:59:00Z" }, // Sun 23:59 CEST (Sunday had 23 hours)
      { type: "a", at: "2031-03-30T22:00:00Z" }, // Mon 00:00 CEST
      { type: "a", at: "2031-03-31T10:00:00Z", status: "succeeded", finishedAt: "2031-03-31T10:00:01Z" }, // not pending
      { type: "b", at: "2031-04-05T11:59:59Z" }, // the last instant before `to`
      { type: "b", at: "2031-04-05T12:00:00Z" }, // `to`: not counted
    ]);
    const counts = await dueByDay(database.db, { from: new Date("2031-03-29T12:00:00Z"), to: new Date("2031-04-05T12:00:00Z"), zone: "Europe/Berlin" });
    expect(counts).toEqual([
      { bucket: "2031-03-29", jobType: "a", count: 1 },
      { bucket: "2031-03-29", jobType: "b", count: 1 },
      { bucket: "2031-03-30", jobType: "a", count: 2 },
      { bucket: "2031-03-31", jobType: "a", count: 1 },
      { bucket: "2031-04-05", jobType: "b", count: 1 },
    ]);
  });

  it("starts days at local midnight in a zone half an hour off UTC (Asia/Kolkata, +05:30)", async () => {
    await jobs([
      { type: "a", at: "2031-01-10T18:29:59Z" }, // 23:59:59 on the 10th
      { type: "a", at: "2031-01-10T18:30:00Z" }, // 00:00 on the 11th
    ]);
    const counts = await dueByDay(database.db, { from: new Date("2031-01-10T00:00:00Z"), to: new Date("2031-01-17T00:00:00Z"), zone: "Asia/Kolkata" });
    expect(counts).toEqual([
      { bucket: "2031-01-10", jobType: "a", count: 1 },
      { bucket: "2031-01-11", jobType: "a", count: 1 },
    ]);
  });

  it("agrees with each job's own local day on a fall-back night (a 25-hour day)", async () => {
    const instants = ["2031-10-25T21:30:00Z", "2031-10-25T22:30:00Z", "2031-10-26T00:30:00Z", "2031-10-26T01:30:00Z", "2031-10-26T22:59:00Z", "2031-10-26T23:00:00Z"];
    await jobs(instants.map((at) => ({ type: "a", at })));
    const counts = await dueByDay(database.db, { from: new Date("2031-10-25T00:00:00Z"), to: new Date("2031-11-01T00:00:00Z"), zone: "Europe/Berlin" });
    const expected = new Map<string, number>();
    for (const at of instants) {
      const day = new Date(at).toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" }); // YYYY-MM-DD
      expected.set(day, (expected.get(day) ?? 0) + 1);
    }
    expect(counts.map((c) => [c.bucket, c.count])).toEqual([...expected.entries()]);
    // Per hour, that Sunday's two 02:00 hours are one local hour.
    const hours = await dueByHour(database.db, { from: new Date("2031-10-25T22:00:00Z"), to: new Date("2031-10-26T23:00:00Z"), zone: "Europe/Berlin" });
    expect(hours).toEqual([
      { bucket: "2031-10-26T00", jobType: "a", count: 1 },
      { bucket: "2031-10-26T02", jobType: "a", count: 2 }, // 02:30 CEST and 02:30 CET
      { bucket: "2031-10-26T23", jobType: "a", count: 1 },
    ]);
  });
});

describe("figures", () => {
  it("due now, the oldest due, dead in 24 h and in all, and failed attempts in 24 h", async () => {
    const now = new Date("2031-06-01T12:00:00Z");
    const [late] = await jobs([
      { type: "a", at: "2031-06-01T09:00:00Z" },
      { type: "a", at: "2031-06-01T11:00:00Z" },
      { type: "a", at: "2031-06-01T13:00:00Z" }, // not due yet
      { type: "a", at: "2031-05-20T00:00:00Z", status: "dead", finishedAt: "2031-05-31T11:00:00Z" }, // dead 25 h ago
      { type: "a", at: "2031-05-31T00:00:00Z", status: "dead", finishedAt: "2031-06-01T10:00:00Z" },
    ]);
    for (const [attempt, outcome, startedAt] of [[1, "failed", "2031-06-01T09:00:00Z"], [2, "lost", "2031-06-01T10:00:00Z"], [3, "succeeded", "2031-06-01T11:00:00Z"], [4, "failed", "2031-05-31T11:00:00Z"]] as const) {
      await database.db.$executeRaw`
        INSERT INTO job_runs (job_id, attempt, tick_id, started_at, outcome) VALUES (${late!}, ${attempt}, 't', ${new Date(startedAt)}, ${outcome}::run_outcome)`;
    }
    expect(await overviewFigures(database.db, now)).toEqual({ dueNow: 2, oldestDue: new Date("2031-06-01T09:00:00Z"), running: 0, dead24h: 1, deadTotal: 2 });
    expect(await failedAttempts24h(database.db, now)).toBe(2);
  });
});
