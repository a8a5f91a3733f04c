// The job page's read: a large payload is cut where the page shows it (the database cuts it: the
// megabytes never travel), with its full size; a small one is pretty-printed; the version is the
// row's xmin and changes with every write, the engine's included.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { claim } from "../../helpers/engine.ts";
import { findJobDetail, payloadShownChars } from "../../../lib/scheduler/admin/index.ts";
import { jobVersion } from "../../../lib/operations/job-as-seen.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { catalogue, demoPing } from "../../../jobs/index.ts";

const database = useTestDatabase();

describe("the job page's read", () => {
  it("cuts a 5 MB payload to what the page shows, saying how big it was", async () => {
    const { db } = database;
    const [{ id }] = await db.$queryRaw<Array<{ id: bigint }>>`
      INSERT INTO scheduled_jobs (job_type, run_at, payload)
      VALUES ('demo.ping', now() + interval '1 day', jsonb_build_object('note', repeat('x', 5000000)))
      RETURNING id` as [{ id: bigint }];
    const detail = (await findJobDetail(db, id))!;
    expect(detail.payloadTruncated).toBe(true);
    expect(detail.payloadText.length).toBe(payloadShownChars);
    expect(detail.payloadChars).toBeGreaterThan(5_000_000);
  });

  it("pretty-prints a small payload, and its version changes when a tick claims it", async () => {
    const { db } = database;
    const { id } = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date("2020-01-01T00:00:00Z"), payload: { note: "hello" } }));
    const detail = (await findJobDetail(db, id))!;
    expect(detail.payloadText).toBe('{\n    "note": "hello"\n}');
    expect(detail.payloadTruncated).toBe(false);
    const before = await jobVersion(db, id);
    expect(before).toEqual({ status: "pending", version: detail.version });
    await claim(db, catalogue, { now: new Date("2020-01-01T00:00:01Z"), tickId: "detail-test" });
    const after = await jobVersion(db, id);
    expect(after!.status).toBe("running");
    expect(after!.version).not.toBe(before!.version);
    expect(await findJobDetail(db, 999_999_999n)).toBeNull();
  });
});
