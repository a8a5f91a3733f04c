// The jobs and audit pages' URLs: parsed with zod, bad input named, never sent to the database.
import { describe, expect, it } from "vitest";
import { jobsHref, parseJobsQuery } from "../../../app/jobs/jobs-query.ts";
import { parseAuditQuery } from "../../../app/audit/audit-query.ts";
import { offset } from "../../../app/jobs/bulk-input.ts";

describe("the jobs page's URL", () => {
  it("reads filters, order, size and a keyset position, and writes them back canonically", () => {
    const parsed = parseJobsQuery({ type: "demo.ping", status: "pending", from: "2026-12-01T00:00:00Z", subject: "booking:42", key: "close:", dir: "desc", size: "25", after: "2026-12-02T10:00:00.000Z~17" }, "UTC");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query).toMatchObject({ jobType: "demo.ping", status: "pending", subject: { type: "booking", id: "42" }, keyPrefix: "close:", direction: "desc", pageSize: 25, after: { id: 17n } });
    expect(jobsHref(parsed.query, { after: parsed.query.after })).toBe(
      "/jobs?type=demo.ping&status=pending&from=2026-12-01T00%3A00%3A00.000Z&subject=booking%3A42&key=close%3A&dir=desc&size=25&after=2026-12-02T10%3A00%3A00.000Z%7E17",
    );
  });

  it("takes a local window in the operator's zone and refuses a skipped or repeated local time", () => {
    const berlin = parseJobsQuery({ from: "2026-12-01T09:00" }, "Europe/Berlin");
    expect(berlin.ok && berlin.query.from?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(parseJobsQuery({ from: "2026-03-29T02:30" }, "Europe/Berlin")).toMatchObject({ ok: false, error: expect.stringContaining("does not exist") });
    expect(parseJobsQuery({ to: "2026-10-25T02:30" }, "Europe/Berlin")).toMatchObject({ ok: false, error: expect.stringContaining("happens twice") });
  });

  it("refuses NUL, unknown parameters, huge sizes and an inverted window, naming them", () => {
    expect(parseJobsQuery({ key: "a\u0000b" }, "UTC")).toMatchObject({ ok: false, error: expect.stringContaining("key: contains a character") });
    expect(parseJobsQuery({ subject: "booking:\u0000" }, "UTC")).toMatchObject({ ok: false });
    expect(parseJobsQuery({ bogus: "1" }, "UTC")).toMatchObject({ ok: false, error: expect.stringContaining("bogus") });
    expect(parseJobsQuery({ size: "1000000" }, "UTC")).toMatchObject({ ok: false });
    expect(parseJobsQuery({ from: "2026-12-02T00:00:00Z", to: "2026-12-01T00:00:00Z" }, "UTC")).toMatchObject({ ok: false, error: expect.stringContaining("end after it starts") });
    expect(parseJobsQuery({ after: "x~1" }, "UTC")).toMatchObject({ ok: false });
  });
});

describe("the audit page's URL", () => {
  it("filters by record and day in the operator's zone, and refuses NUL", () => {
    const parsed = parseAuditQuery({ record: "scheduled_job:42", since: "2026-12-01", until: "2026-12-01" }, "Europe/Berlin");
    expect(parsed.ok && parsed.filter).toMatchObject({ recordType: "scheduled_job", recordId: "42", since: new Date("2026-11-30T23:00:00Z"), until: new Date("2026-12-01T23:00:00Z") });
    expect(parseAuditQuery({ actor: "a\u0000" }, "UTC")).toMatchObject({ ok: false });
  });
});

describe("a bulk shift's offset", () => {
  it("reads +2h, -30m, +1d and +1w, and refuses zero and nonsense", () => {
    expect(["+2h", "-30m", "+1d", "+1w"].map((v) => offset.parse(v))).toEqual([7_200_000, -1_800_000, 86_400_000, 604_800_000]);
    for (const bad of ["+0h", "2h", "+2x", "+1d2h", ""]) expect(offset.safeParse(bad).success, bad).toBe(false);
  });
});
