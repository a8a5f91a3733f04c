// The Idempotency-Key records' retention (jobs/prune-idempotency-records.ts): records past the
// 24 h window go, younger ones stay (a retry inside the window still replays), in batches with
// a follow-up job when a batch was full. Driven by a tick at a chosen instant.
import { describe, expect, it } from "vitest";
import { createApiKey } from "../../../lib/api/keys/api-keys.ts";
import { createCatalogue, schedule, tick } from "../../../lib/scheduler/index.ts";
import { pruneIdempotencyRecordsJob } from "../../../jobs/index.ts";
import { useTestDatabase } from "../../helpers/database.ts";

const database = useTestDatabase();
const now = new Date("2027-01-10T12:00:00Z");
const hour = 3_600_000;

describe("maintenance.prune-idempotency-records", () => {
  it("deletes records older than the window, batch by batch, and keeps younger ones", async () => {
    const { id: apiKeyId } = await createApiKey(database.db, { name: "retention", scope: "app" });
    const ages = [1, 23, 24.5, 30, 48, 100]; // hours before `now`
    await database.db.idempotencyRecord.createMany({
      data: ages.map((age, index) => ({
        apiKeyId, key: `k${index}`, requestHash: "h", method: "POST", path: "/api/v1/x", responseStatus: 200, responseBody: "{}",
        createdAt: new Date(now.getTime() - age * hour),
      })),
    });
    await database.db.$transaction((tx) =>
      schedule(tx, pruneIdempotencyRecordsJob, { runAt: now, payload: { olderThanHours: 24, batchSize: 2 }, key: "prune-test" }),
    );
    const catalogue = createCatalogue([pruneIdempotencyRecordsJob]);
    // Batches of 2 over 4 old records: the first run schedules a follow-up, which schedules another, which finds 0.
    for (let round = 0; round < 4; round++) await tick({ db: database.db, catalogue, now, budgetMs: 5_000, mode: "drain" });
    const left = await database.db.idempotencyRecord.findMany({ orderBy: { key: "asc" }, select: { key: true } });
    expect(left.map((record) => record.key)).toEqual(["k0", "k1"]);
    expect(await database.db.scheduledJob.count({ where: { jobType: pruneIdempotencyRecordsJob.name, status: "succeeded" } })).toBe(3);
  });
});
