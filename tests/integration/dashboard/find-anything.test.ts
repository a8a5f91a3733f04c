// The header's search box, against a real database: jobs by payload containment (nested values,
// not a text match), by key prefix (LIKE's wildcards taken literally; a whole key wins over the
// keys it begins), by id; people by email, in any case.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { jobsByPayload } from "../../../lib/scheduler/admin/index.ts";
import { findAnything } from "../../../lib/operations/find-anything.ts";
import { registerCustomer, systemActor } from "../../../lib/marketplace/index.ts";
import { termsOf } from "../../../app/search/search-query.ts";

const database = useTestDatabase();

async function insertJob(key: string | null, payload: unknown): Promise<string> {
  const [row] = await database.db.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO scheduled_jobs (job_type, key, run_at, payload)
    VALUES ('demo.ping', ${key}, now() + interval '1 day', ${JSON.stringify(payload)}::jsonb) RETURNING id`;
  return row!.id.toString();
}

const hrefs = async (text: string) => (await findAnything(database.db, termsOf(text))).map((match) => match.href);

describe("find anything", () => {
  it("finds jobs by a value in their payload, nested ones included, and nothing that only looks alike", async () => {
    const a = await insertJob(null, { bookingId: 42, note: "x" });
    const b = await insertJob(null, { bookingId: 420 });
    const c = await insertJob(null, { booking: { id: 42, tags: ["late", "vip"] } });
    await insertJob(null, { bookingId: "42" }); // a string is not the number 42
    expect((await jobsByPayload(database.db, { bookingId: 42 }, 50)).map((job) => job.id)).toEqual([a]);
    expect((await jobsByPayload(database.db, { booking: { tags: ["vip"] } }, 50)).map((job) => job.id)).toEqual([c]);
    expect(await hrefs("bookingId=420")).toEqual([`/jobs/${b}`]);
    expect(await hrefs('{"booking": {"id": 42}}')).toEqual([`/jobs/${c}`]);
  });

  it("finds jobs by key prefix, wildcards literal, and a whole key alone", async () => {
    const one = await insertJob("pct%1", {});
    const two = await insertJob("pct%10", {});
    await insertJob("pctx1", {});
    expect(await hrefs("pct%")).toEqual([`/jobs/${one}`, `/jobs/${two}`]);
    expect(await hrefs("pct%1")).toEqual([`/jobs/${one}`]);
    expect(await hrefs(`#${two}`)).toEqual([`/jobs/${two}`]);
    expect(await hrefs("no-such-key")).toEqual([]);
  });

  it("finds a customer by email in any case, and a record type without a page by its jobs", async () => {
    const ctx = { db: database.db, actor: systemActor("test"), now: new Date() };
    await registerCustomer(ctx, { name: "Ana Find", email: "ana.find@example.test" });
    expect(await hrefs("ANA.Find@example.test")).toEqual(["/bookings?q=ana.find%40example.test"]);
    await database.db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, run_at, subject_type, subject_id) VALUES ('demo.ping', now(), 'auction', '77')`;
    expect(await hrefs("auction:77")).toEqual(["/jobs?subject=auction%3A77"]);
    expect(await hrefs("booking:999999")).toEqual([]);
  });
});
