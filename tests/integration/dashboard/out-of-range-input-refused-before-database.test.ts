// Hostile input to the dashboard's parsers, each followed through to the database: a value the
// parser accepts must then work (a clear refusal, or a page), never reach PostgreSQL as an
// out-of-range bigint or a RangeError from Intl (which the page answers 500 and the action
// answers "something went wrong" with a logged stack).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob } from "../../fixtures/test-jobs.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { listJobs } from "../../../lib/scheduler/admin/index.ts";
import { previewBulk, startBulk } from "../../../lib/operations/bulk.ts";
import { listAuditEntries } from "../../../lib/audit/audit-log.ts";
import { formatInZone } from "../../../lib/time/zoned-time.ts";
import { parseJobsQuery } from "../../../app/jobs/jobs-query.ts";
import { parseAuditQuery } from "../../../app/audit/audit-query.ts";
import { parseBulkForm } from "../../../app/jobs/bulk-input.ts";

const database = useTestDatabase();
const actor = { id: "hostile-operator", email: "hostile@duly.test" };
const beyondBigint = "9999999999999999999"; // 19 digits, above 9223372036854775807

beforeEach(async () => {
  await createEffectTables(database.db);
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "audit_entries", "bulk_operation_job_chunks", "bulk_operations"]);
});

describe("jobs page position beyond bigint", () => {
  it("is refused by the parser instead of failing in PostgreSQL", async () => {
    const parsed = parseJobsQuery({ after: `2026-12-01T00:00:00Z~${beyondBigint}` }, "UTC");
    if (parsed.ok) await expect(listJobs(database.db, parsed.query)).resolves.toBeDefined();
    expect(parsed).toMatchObject({ ok: false, error: expect.stringContaining("page position") });
  });
});

describe("audit page", () => {
  it("refuses an entry id beyond bigint instead of failing in the query", async () => {
    const parsed = parseAuditQuery({ before: beyondBigint }, "UTC");
    if (parsed.ok) await expect(listAuditEntries(database.db, parsed.filter)).resolves.toBeDefined();
    expect(parsed.ok).toBe(false);
  });

  it("refuses a day whose next day has a six-digit year instead of crashing", () => {
    // until=9999-12-31 ends at the start of 10000-01-01, which the day parser cannot read.
    const run = () => parseAuditQuery({ until: "9999-12-31" }, "Europe/Berlin");
    expect(run).not.toThrow();
    expect(run()).toMatchObject({ ok: false, error: expect.stringContaining("until") });
  });
});

describe("bulk form", () => {
  const form = (fields: Record<string, string>) => ({ scope: "selected", ids: "1", change: "cancel", reason: "hostile test", ...fields });

  it("names a selected id beyond bigint as a bad field instead of failing in PostgreSQL", async () => {
    const parsed = parseBulkForm(form({ ids: `1,${beyondBigint}` }));
    if (parsed.ok) await expect(previewBulk(database.db, actor, parsed.value, new Date("2026-12-01T00:00:00Z"))).resolves.toBeDefined();
    expect(parsed.ok).toBe(false);
  });

  it("names a bogus display zone as a bad field instead of throwing when the preview is shown", () => {
    for (const zone of ["Not/AZone", "x".repeat(10_000), "UTC\u0000"]) {
      const parsed = parseBulkForm(form({ zone, change: "shift", offset: "+2h" }));
      if (parsed.ok) expect(() => formatInZone(new Date("2026-12-01T00:00:00Z"), parsed.value.zone)).not.toThrow();
      expect(parsed.ok, zone.slice(0, 20)).toBe(false);
    }
  });

  it("takes the previewed count from the preview itself, never from the form", async () => {
    const now = new Date("2026-12-01T00:00:00Z");
    const job = await schedule(database.db, countJob, { runAt: new Date("2026-12-02T00:00:00Z"), payload: {} });
    for (const previewed of ["1e309", "-5", "99999999999", "1.5", "NaN"]) {
      const parsed = parseBulkForm(form({ ids: String(job.id), previewed }));
      expect(parsed.ok, previewed).toBe(true);
      if (!parsed.ok) continue;
      const preview = await previewBulk(database.db, actor, parsed.value, now);
      await startBulk(database.db, actor, preview.id, now);
      expect((await database.db.bulkOperation.findUniqueOrThrow({ where: { id: preview.id } })).previewed, previewed).toBe(1);
    }
  });
});
