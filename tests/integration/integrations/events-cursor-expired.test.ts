// GET /api/v1/events with a cursor whose following events the retention prune already deleted
// (a reader that stopped polling for longer than DULY_EVENT_RETENTION_DAYS): it answered what was
// left after the cursor, as if nothing were missing, and the integrator lost events without
// knowing. The prune now records the highest position it deleted; a cursor below it answers
// 410 CURSOR_EXPIRED (param `after`, the message says how to resync and from which cursor),
// while a cursor at or past it, and 0 (from the oldest event kept), read as before. Through the
// route handler, with the prune run by ticks at a chosen instant.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listEventsRoute } from "../../../app/api/v1/events/route.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { recordEvent } from "../../../lib/events/record-event.ts";
import { sequenceEvents } from "../../../lib/events/sequence-events.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { createCatalogue, schedule, tick } from "../../../lib/scheduler/index.ts";
import { pruneEventsJob } from "../../../jobs/index.ts";

const database = useTestDatabase();
useAppDatabase(database);
const now = new Date("2027-05-10T12:00:00Z");
const day = 86_400_000;
const catalogue = createCatalogue([pruneEventsJob]);
let key: string;
let prunes = 0;

beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true });
  await emptyTables(database.db, ["events", "event_retention", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "scheduled_jobs", "job_runs"], { restartIdentity: true });
  key ??= await newKey(database.db, { name: "events reader" });
});

/** Events for bookings 1..n (ids and positions alike), the first `old` of them 40 days old. */
async function events(n: number, old: number): Promise<void> {
  for (let id = 1; id <= n; id++) {
    await database.db.$transaction((tx) =>
      recordEvent(tx, {
        type: "booking.requested", objectType: "booking", objectId: id, orderingKey: `booking:${id}`, data: { id }, actor: `customer:${id}`,
        audience: [`customer:${id}`], at: id <= old ? new Date(now.getTime() - 40 * day) : now,
      }),
    );
  }
  await sequenceEvents(database.db);
}

async function prune(): Promise<void> {
  await database.db.$transaction((tx) => schedule(tx, pruneEventsJob, { runAt: now, payload: { olderThanDays: 30, batchSize: 100 }, key: `cursor-expired-prune:${prunes++}` }));
  await tick({ db: database.db, catalogue, now, budgetMs: 5_000, mode: "drain" });
}

const read = (after: string) => callRoute(listEventsRoute as RouteHandler, { path: `/events?after=${after}&limit=100`, key });
const ids = (answer: Awaited<ReturnType<typeof read>>) => answer.json.data.map((e: { objectId: number }) => e.objectId);

describe("an events cursor older than the retention", () => {
  it("answers 410 CURSOR_EXPIRED saying how to resync; a cursor at or past the pruned ones and 0 read as before", async () => {
    await events(6, 4);
    const firstPage = await callRoute(listEventsRoute as RouteHandler, { path: "/events?after=0&limit=2", key });
    expect(firstPage.json.nextCursor).toBe("2"); // a reader that read two events, then stopped

    await prune(); // events 1–4 are past the retention
    expect((await database.db.event.findMany({ orderBy: { id: "asc" } })).map((e) => e.objectId)).toEqual([5, 6]);

    const stale = await read("2");
    expect(stale.status, stale.text).toBe(410);
    expect(stale.json.error).toMatchObject({ type: "invalid_request_error", code: "CURSOR_EXPIRED", param: "after" });
    expect(stale.json.error.message).toBe(
      "after: events after cursor 2 were deleted by the retention (events are kept 30 days): some you never read are gone. " +
        "Resync the records you follow from their lists (GET /bookings, /auctions, /disputes), then read events from after=4, the oldest cursor that misses nothing",
    );
    expect(stale.json.error.doc_url).toMatch(/\/api\/v1\/docs\/errors#cursor_expired$/);

    expect(ids(await read("4"))).toEqual([5, 6]); // where the message says to go on from
    expect(ids(await read("5"))).toEqual([6]);
    expect(ids(await read("0"))).toEqual([5, 6]); // 0: from the oldest event kept
    const head = await read("6");
    expect(head.status).toBe(200);
    expect(head.json.data).toEqual([]);
  });

  it("is expired when a later event was pruned, even if an older one is kept for a pending delivery", async () => {
    const { endpoint } = await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/hook", eventTypes: ["*"] }, new Date(now.getTime() - 60 * day));
    await events(5, 4);
    // Every delivery delivered but event 2's, still being retried: event 2 stays, 1, 3 and 4 go.
    await database.db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { status: "delivered", deliveredAt: now, createdAt: new Date(now.getTime() - 40 * day) } });
    await database.db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id, event: { objectId: 2 } }, data: { status: "pending" } });
    await prune();
    expect((await database.db.event.findMany({ orderBy: { id: "asc" } })).map((e) => e.objectId)).toEqual([2, 5]);

    // Cursor 1 or 2 (at the oldest event kept) would skip 3 and 4 without a word: both expired.
    for (const after of ["1", "2", "3"]) expect((await read(after)).status, after).toBe(410);
    expect(ids(await read("4"))).toEqual([5]);
    expect(ids(await read("0"))).toEqual([2, 5]);
  });

  it("is not expired by a prune that deleted nothing, nor before any prune", async () => {
    await events(3, 0);
    await prune();
    expect(ids(await read("1"))).toEqual([2, 3]);
  });
});
