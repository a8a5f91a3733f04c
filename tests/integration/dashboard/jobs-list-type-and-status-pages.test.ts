// The jobs list filtered by type AND status (lib/scheduler/admin/job-list.ts), paged by keyset:
// every page holds exactly the matching jobs in (run_at, id) order, forwards and backwards, in
// both directions, with and without a time window, including runs of jobs that share one run
// time (the keyset's tie-break on id) and the skews the type-first index was added for
// (decision 0043): a rare status within the biggest type, a rare type within the biggest status.
// Checked against the same rows filtered and sorted here, so it holds whatever plan is chosen.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { listJobs, type JobCursor, type JobListFilter } from "../../../lib/scheduler/admin/index.ts";
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
