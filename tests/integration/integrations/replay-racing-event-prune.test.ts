// A replay of an old event while the retention prune deletes it: the replay read the event
// before the prune committed, then its delivery's foreign-key check found the event gone and
// the request failed with a database error (a 500). The replay must answer as for an event that
// does not exist (404), writing nothing; one that locked the event first keeps it (the prune skips it).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { recordEvent } from "../../../lib/events/record-event.ts";
import { sequenceEvents } from "../../../lib/events/sequence-events.ts";
import { pruneEvents } from "../../../lib/events/prune-events.ts";
import { createEndpoint, replayEvent } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";

const database = useTestDatabase();
const now = new Date("2027-05-10T12:00:00Z");
const day = 86_400_000;
const by = { id: "op-1", email: "olga@ops.test" };

async function eventAt(bookingId: number, at: Date): Promise<bigint> {
  const [row] = await database.db.$transaction(async (tx) => {
    await recordEvent(tx, {
      type: "booking.requested", objectType: "booking", objectId: bookingId, orderingKey: `booking:${bookingId}`,
      data: { id: bookingId }, actor: `customer:${bookingId}`, audience: [`customer:${bookingId}`], at,
    });
    return tx.event.findMany({ where: { objectId: bookingId }, select: { id: true } });
  });
  return row!.id;
}

async function waitForALockWait(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await database.db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the replay never waited for the prune");
}

beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true });
  await emptyTables(database.db, ["events", "event_retention", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "scheduled_jobs", "job_runs"], { restartIdentity: true });
});

describe("a replay racing the event prune", () => {
  it("answers NOT_FOUND when the prune deleted the event first, and writes nothing", async () => {
    const old = await eventAt(1, new Date(now.getTime() - 60 * day));
    await eventAt(2, now); // the newest position is always kept
    await sequenceEvents(database.db);
    const { endpoint } = await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/hook", eventTypes: ["*"] }, now);

    let release!: () => void;
    let deleted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pruneDeleted = new Promise<void>((resolve) => (deleted = resolve));
    const prune = database.db.$transaction(async (tx) => {
      expect(await pruneEvents(tx, new Date(now.getTime() - 30 * day), 100)).toBe(1);
      deleted();
      await held;
    }, { timeout: 20_000 });
    await pruneDeleted;
    const replay = database.db.$transaction((tx) => replayEvent(tx, null, endpoint.id, old, now, by), { timeout: 20_000 });
    const outcome = replay.then(() => "replayed", (error: unknown) => error);
    await waitForALockWait();
    release();
    await prune;
    const error = await outcome;
    expect(String(error)).toMatch(new RegExp(`event ${old} does not exist`));
    expect(await database.db.webhookDelivery.count()).toBe(0);
  });
});
