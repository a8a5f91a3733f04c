// The jobs list filtered by type AND status (lib/scheduler/admin/job-list.ts), paged by keyset:
// every page holds exactly the matching jobs in (run_at, id) order, forwards and backwards, in
// both directions, with and without a time window, including runs of jobs that share one run
// time (the keyset's tie-break on id) and the skews the type-first index was added for
// (decision 0043): a rare status within the biggest type, a rare type within the biggest status.
// Checked against the same rows filtered and sorted here, so it holds whatever plan is chosen.
// Then the plan: one range of the (job_type, status, run_at, id) index, no sort, no more index
// entries than the page, even with another type's backlog at the window's start.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { jobListSql, listJobs, type JobCursor, type JobListFilter, type JobListQuery } from "../../../lib/scheduler/admin/index.ts";
import type { JobStatus } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();

interface Row {
  id: bigint;
  jobType: string;
  status: JobStatus;
  runAt: Date;
}

const base = Date.parse("2031-05-01T00:00:00Z");
const minute = 60_000;
let all: Row[] = [];

beforeAll(async () => {
  // 600 jobs: "big" is most of them, "rare" has 6 pending ones; "dead" is rare in every type.
  // Run times repeat (every 7th job shares one instant with the next six), so pages break
  // inside runs of equal run_at and the tie-break on id decides what comes next.
  const types: string[] = [];
  const statuses: JobStatus[] = [];
  const runAts: Date[] = [];
  for (let i = 0; i < 600; i++) {
    const type = i % 100 === 18 ? "rare" : i % 5 === 0 ? "other" : "big";
    const status: JobStatus = i % 97 === 3 ? "dead" : i % 4 === 1 ? "succeeded" : i % 11 === 2 ? "cancelled" : "pending";
    types.push(type);
    statuses.push(status);
    // Not in id order: a later id can run earlier.
    runAts.push(new Date(base + (((i * 37) % 600) - ((i * 37) % 600) % 7) * minute));
  }
  const inserted = await database.db.$queryRaw<Array<{ id: bigint; jobType: string; status: JobStatus; runAt: Date }>>`
    INSERT INTO scheduled_jobs (job_type, run_at, status, finished_at)
    SELECT t, r, s::job_status, CASE WHEN s = 'pending' THEN NULL ELSE r END
    FROM unnest(${types}::text[], ${statuses}::text[], ${runAts}::timestamptz[]) AS u(t, s, r)
    RETURNING id, job_type AS "jobType", status::text AS status, run_at AS "runAt"`;
  all = inserted;
  await database.db.$executeRaw`ANALYZE scheduled_jobs`;
});

function expected(filter: JobListFilter, direction: "asc" | "desc"): string[] {
  const rows = all.filter(
    (r) =>
      (filter.jobType === undefined || r.jobType === filter.jobType) &&
      (filter.status === undefined || r.status === filter.status) &&
      (filter.from === undefined || r.runAt >= filter.from) &&
      (filter.to === undefined || r.runAt < filter.to),
  );
  rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (direction === "desc") rows.reverse();
  return rows.map((r) => r.id.toString());
}

/** Walks every page forwards, then back again from the last, checking each page both ways. */
async function walk(filter: JobListFilter, direction: "asc" | "desc", pageSize: number): Promise<void> {
  const want = expected(filter, direction);
  const pages: string[][] = [];
  let after: JobCursor | undefined;
  for (;;) {
    const page = await listJobs(database.db, { ...filter, direction, pageSize, after });
    pages.push(page.rows.map((r) => r.id));
    expect(page.previous === null, `page ${pages.length}'s previous`).toBe(pages.length === 1);
    if (!page.next) break;
    after = page.next;
    expect(pages.length).toBeLessThan(1000);
  }
  expect(pages.flat()).toEqual(want);
  // Backwards from the last page: each previous page is the one the forward walk saw.
  let before = (await listJobs(database.db, { ...filter, direction, pageSize, after })).previous;
  for (let i = pages.length - 2; i >= 0; i--) {
    expect(before, `a previous page before page ${i + 2}`).not.toBeNull();
    const page = await listJobs(database.db, { ...filter, direction, pageSize, before: before! });
    expect(page.rows.map((r) => r.id)).toEqual(pages[i]);
    before = page.previous;
  }
  expect(before).toBeNull();
}

describe("the jobs list by type and status", () => {
  const window = { from: new Date(base + 100 * minute), to: new Date(base + 400 * minute) };
  const cases: Array<[string, JobListFilter]> = [
    ["the biggest type, its commonest status", { jobType: "big", status: "pending" }],
    ["a rare status within the biggest type", { jobType: "big", status: "dead" }],
    ["a rare type within the biggest status", { jobType: "rare", status: "pending" }],
    ["a type and status with no jobs", { jobType: "rare", status: "dead" }],
    ["the biggest type, pending, inside a window", { jobType: "big", status: "pending", ...window }],
    ["a rare status within the biggest type, inside a window", { jobType: "big", status: "dead", ...window }],
    ["another type, cancelled, from an instant on", { jobType: "other", status: "cancelled", from: window.from }],
  ];

  it("has the skews it claims to test", () => {
    expect(expected({ jobType: "big", status: "pending" }, "asc").length).toBeGreaterThan(200);
    expect(expected({ jobType: "big", status: "dead" }, "asc").length).toBeGreaterThan(2);
    expect(expected({ jobType: "rare", status: "pending" }, "asc").length).toBeGreaterThan(2);
  });

  for (const [label, filter] of cases) {
    it(`${label}: every page, oldest first and newest first, forwards and back`, async () => {
      // Small pages too, so the rare cases' few jobs also span pages.
      for (const size of [2, 7, 50]) {
        await walk(filter, "asc", size);
        await walk(filter, "desc", size);
      }
    });
  }
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe("the plan of a type-and-status page", () => {
  const from = new Date(base + 10_000 * minute);
  const to = new Date(from.getTime() + 30 * 24 * 60 * minute);

  beforeAll(async () => {
    // 20,000 pending jobs of another type at the window's first instant (a backlog being drained)
    // and 20,000 of the wanted type over 30 days, 70 % pending, 1 % dead.
    await database.db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, run_at, status)
      SELECT 'plan.backlog', ${from}::timestamptz, 'pending' FROM generate_series(1, 20000)`;
    await database.db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, run_at, status)
      SELECT 'plan.wanted', ${from}::timestamptz + (g * 7919 % 43200) * interval '1 minute',
             (CASE WHEN g % 100 = 0 THEN 'dead' WHEN g % 10 < 7 THEN 'pending' ELSE 'succeeded' END)::job_status
      FROM generate_series(1, 20000) g`;
    await database.db.$executeRaw`VACUUM (ANALYZE) scheduled_jobs`;
  });

  async function planOf(query: JobListQuery): Promise<PlanNode[]> {
    const [row] = await database.db.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>>`EXPLAIN (ANALYZE, FORMAT JSON) ${jobListSql(query)}`;
    return nodes(row!["QUERY PLAN"][0]!.Plan);
  }

  // The most index entries each may read: the page (51) where many jobs match; all of them where
  // few do (the planner may then read the whole range through a bitmap and sort its 200 rows).
  const pages: Array<[string, JobListQuery, number]> = [
    ["pending, next 30 days", { jobType: "plan.wanted", status: "pending", from, to, direction: "asc", pageSize: 50 }, 51],
    ["pending, newest first", { jobType: "plan.wanted", status: "pending", from, to, direction: "desc", pageSize: 50 }, 51],
    ["pending, after a cursor", { jobType: "plan.wanted", status: "pending", from, to, direction: "asc", pageSize: 50, after: { runAt: new Date(from.getTime() + 3 * 24 * 60 * minute), id: 1n } }, 51],
    ["dead, no window (a rare status)", { jobType: "plan.wanted", status: "dead", direction: "asc", pageSize: 50 }, 200],
    ["pending, no window, of the backlog's type", { jobType: "plan.backlog", status: "pending", direction: "asc", pageSize: 50 }, 51],
  ];
  for (const [label, query, maxRead] of pages) {
    it(`${label}: one range of the type-and-status index, no more entries than ${maxRead}`, async () => {
      const plan = await planOf(query);
      const indexScans = plan.filter((n) => n["Index Name"] !== undefined);
      expect(indexScans.map((n) => n["Index Name"])).toEqual(["scheduled_jobs_job_type_status_run_at_id_idx"]);
      expect(plan.filter((n) => n["Node Type"] === "Seq Scan")).toEqual([]);
      expect(indexScans[0]!["Actual Rows"]).toBeLessThanOrEqual(maxRead);
    });
  }
});
