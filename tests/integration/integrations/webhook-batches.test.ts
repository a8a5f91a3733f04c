// Webhook deliveries in batches (decision 0035): the deliveries a lane claims together are sent
// concurrently and recorded in one transaction, every attempt a row; the object's order holds; a
// receiver too slow for a batch is cut off (after a second by default) and sent again on its own with the full
// timeout, without holding the others back; a failing one backs off as before. The handler, which
// waits up to the timeout, sends at most four at once (advisory-lock slots replace maxRunning 4).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import { deliverWebhookJob } from "../../../jobs/webhooks/deliver.ts";
import { recordEvents, type EventInput } from "../../../lib/events/record-event.ts";
import { handlerSendSlots } from "../../../lib/webhooks/attempt-delivery.ts";
import { scheduleDeliveries } from "../../../lib/webhooks/delivery-job.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { startReceiver, type Receiver } from "../../fixtures/webhook-receiver.ts";

const database = useTestDatabase();
const catalogue = createCatalogue([deliverWebhookJob]);
const t0 = new Date("2027-05-03T09:00:00Z");
let receiver: Receiver;

beforeAll(async () => {
  // /slow: slower than a batch waits (3 s here), faster than the handler's timeout (15 s); the
  // margins are wide so that a loaded machine's healthy receiver is never taken for a slow one.
  receiver = await startReceiver({ slowMs: 6_000 });
  setWebhookOptions({ allowPrivate: true, timeoutMs: 15_000, batchAnswerMs: 3_000, disableAfterMs: 3 * 24 * 3_600_000 });
});
afterAll(async () => {
  setWebhookOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  setWebhookOptions({ batchAnswerMs: 3_000 });
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
  await emptyTables(database.db, ["scheduled_jobs", "job_runs"], { restartIdentity: true });
  receiver.received.length = 0;
});

async function register(path: string) {
  const { endpoint, secret } = await createEndpoint(database.db, "platform", { url: receiver.url(path), eventTypes: ["*"] }, t0);
  receiver.secrets.set(path, [secret]);
  return endpoint;
}

const event = (objectId: number, type: EventInput["type"] = "booking.requested"): EventInput => ({
  type, objectType: "booking", objectId, orderingKey: `booking:${objectId}`, data: { id: objectId, type }, actor: "system:test", audience: [], at: t0,
});

async function tickAt(now: Date) {
  const summary = await tick({ db: database.db, catalogue, now, budgetMs: 600_000, concurrency: 1 });
  if (summary.errors.length > 0) throw new Error(summary.errors.join("; "));
  return summary;
}

/** Attempts per delivery, with the transaction that wrote each. */
async function attempts() {
  return database.db.$queryRaw<Array<{ delivery_id: bigint; endpoint_id: number; ok: boolean; error: string | null; xid: string }>>`
    SELECT a.delivery_id, d.endpoint_id, a.ok, a.error, a.xmin::text AS xid
    FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id ORDER BY a.id`;
}

describe("webhook deliveries in batches", () => {
  it("sends the deliveries claimed together in one transaction, each once, every attempt recorded, in order per object", async () => {
    setWebhookOptions({ batchAnswerMs: 15_000 }); // no cut-off here, however slow the machine
    await register("/ok-a");
    await register("/ok-b");
    // booking:1 has two events: its second waits for its first at each endpoint.
    await database.db.$transaction((tx) => recordEvents(tx, [event(1), event(1, "booking.accepted"), event(2), event(3), event(4), event(5)]));
    await tickAt(t0);

    const deliveries = await database.db.webhookDelivery.findMany({ orderBy: { id: "asc" } });
    expect(deliveries).toHaveLength(12);
    expect(deliveries.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
    const recorded = await attempts();
    expect(recorded).toHaveLength(12);
    expect(recorded.every((a) => a.ok)).toBe(true);
    // Batches: some transaction recorded several attempts at once.
    const perTransaction = new Map<string, number>();
    for (const a of recorded) perTransaction.set(a.xid, (perTransaction.get(a.xid) ?? 0) + 1);
    expect(Math.max(...perTransaction.values())).toBeGreaterThanOrEqual(4);
    for (const path of ["/ok-a", "/ok-b"]) {
      const got = receiver.received.filter((r) => r.path === path);
      expect(got.every((r) => r.signatureValid)).toBe(true);
      expect(got.map((r) => r.eventId).sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
      expect(got.filter((r) => r.objectId === 1).map((r) => r.type)).toEqual(["booking.requested", "booking.accepted"]);
    }
  }, 60_000);

  it("cuts a receiver too slow for a batch off and sends it again on its own, with the full timeout; the others are recorded without waiting for it", async () => {
    const ok = await register("/ok");
    const slow = await register("/slow");
    await database.db.$transaction((tx) => recordEvents(tx, [event(1), event(2), event(3)]));
    await tickAt(t0);

    const recorded = await attempts();
    const atOk = recorded.filter((a) => a.endpoint_id === ok.id);
    const atSlow = recorded.filter((a) => a.endpoint_id === slow.id);
    expect(atOk).toHaveLength(3);
    expect(atOk.every((a) => a.ok)).toBe(true);
    // Each slow delivery: the batch's attempt (cut off), then its own, with the full timeout, delivered.
    expect(atSlow).toHaveLength(6);
    const cut = atSlow.filter((a) => !a.ok);
    expect(cut).toHaveLength(3);
    for (const a of cut) expect(a.error).toMatch(/no answer within 3000 ms in a batch; sent again on its own/);
    // The batch recorded the fast ones and the cut-off ones together, in one transaction; each retry in its own.
    expect(new Set([...atOk, ...cut].map((a) => a.xid)).size).toBe(1);
    const retries = atSlow.filter((a) => a.ok);
    expect(retries).toHaveLength(3);
    expect(new Set(retries.map((a) => a.xid)).size).toBe(3);
    expect(retries.every((a) => a.xid !== cut[0]!.xid)).toBe(true);
    const deliveries = await database.db.webhookDelivery.findMany({ where: { endpointId: slow.id } });
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual([["delivered", 2], ["delivered", 2], ["delivered", 2]]);
    // At least once: the slow receiver saw each event twice, the fast one once.
    expect(receiver.received.filter((r) => r.path === "/slow")).toHaveLength(6);
    expect(receiver.received.filter((r) => r.path === "/ok")).toHaveLength(3);
  }, 60_000);

  it("a receiver failing in a batch: every attempt recorded, the endpoint backs off, each delivery's next attempt scheduled", async () => {
    const ok = await register("/ok");
    const failing = await register("/fail");
    await database.db.$transaction((tx) => recordEvents(tx, [event(1), event(2), event(3)]));
    await tickAt(t0);

    const recorded = await attempts();
    expect(recorded.filter((a) => a.endpoint_id === ok.id && a.ok)).toHaveLength(3);
    const failed = recorded.filter((a) => a.endpoint_id === failing.id);
    expect(failed).toHaveLength(3);
    expect(failed.every((a) => !a.ok && a.error === "answered 500")).toBe(true);
    const endpoint = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: failing.id } });
    expect(endpoint).toMatchObject({ status: "enabled", consecutiveFailures: 3, failingSince: t0 });
    expect(endpoint.retryAt!.getTime()).toBeGreaterThan(t0.getTime());
    const pending = await database.db.webhookDelivery.findMany({ where: { endpointId: failing.id }, orderBy: { id: "asc" } });
    expect(pending.every((d) => d.status === "pending" && d.attempts === 1 && d.nextAttemptAt > t0)).toBe(true);
    const next = await database.db.$queryRaw<Array<{ key: string; run_at: Date }>>`
      SELECT key, run_at FROM scheduled_jobs WHERE status = 'pending' AND job_type = 'webhooks.deliver' ORDER BY key`;
    expect(next.map((j) => j.key)).toEqual(pending.map((d) => `webhooks.deliver:${d.id}:1`).sort());
    expect(next.map((j) => j.run_at.getTime()).sort()).toEqual(pending.map((d) => d.nextAttemptAt.getTime()).sort());
  }, 60_000);

  it("the handler sends at most four deliveries at once: a fifth waits, without spending an attempt", async () => {
    const ok = await register("/ok");
    await database.db.$transaction((tx) => recordEvents(tx, [event(1)]));
    // An endpoint that failed once and is due for its probe: not the batch's case (a plain one
    // claimed alone takes the batch's way, below), so the handler sends it.
    await database.db.webhookEndpoint.update({ where: { id: ok.id }, data: { consecutiveFailures: 1, failingSince: new Date(t0.getTime() - 60_000), retryAt: t0 } });
    // Four handlers mid-send elsewhere hold the four slots.
    // A session's advisory locks need a session: directUrl (through a transaction pooler the lock
    // would stay on a server connection the engine's next transaction may be given, as its own).
    const holder = new pg.Client({ connectionString: database.directUrl });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(1146440787, s) FROM generate_series(0, $1::int - 1) s", [handlerSendSlots]);
      await tickAt(t0);
      expect(await attempts()).toHaveLength(0);
      // The endpoint's pump found it failing and left its delivery to a probe of its own (decision 0044): that job waits.
      const [job] = await database.db.$queryRaw<Array<{ status: string; left: number; run_at: Date }>>`
        SELECT status::text AS status, max_attempts - attempts AS left, run_at FROM scheduled_jobs WHERE job_type = 'webhooks.deliver' AND payload ? 'deliveryId'`;
      expect(job).toMatchObject({ status: "pending", left: 10, run_at: new Date(t0.getTime() + 1_000) });
    } finally {
      await holder.end();
    }
    await tickAt(new Date(t0.getTime() + 1_000));
    expect((await attempts()).map((a) => a.ok)).toEqual([true]);
    expect(receiver.received).toHaveLength(1);
  }, 60_000);

  it("a delivery claimed alone in the plain case takes the batch's way: sent at once even while the handler's four send slots are taken", async () => {
    await register("/ok");
    await database.db.$transaction((tx) => recordEvents(tx, [event(1)]));
    const holder = new pg.Client({ connectionString: database.directUrl });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(1146440787, s) FROM generate_series(0, $1::int - 1) s", [handlerSendSlots]);
      const summary = await tickAt(t0);
      expect(summary.succeeded).toBe(1);
      expect((await attempts()).map((a) => a.ok)).toEqual([true]);
      expect(receiver.received.map((r) => [r.eventId, r.signatureValid])).toEqual([["1", true]]);
      const [delivery] = await database.db.webhookDelivery.findMany();
      expect(delivery).toMatchObject({ status: "delivered", attempts: 1, deliveredAt: t0 });
    } finally {
      await holder.end();
    }
  }, 60_000);

  it("a delivery claimed alone whose object has an earlier event pending waits its turn, as the handler made it", async () => {
    await register("/ok");
    // Two events of booking:1; the first's job is moved a minute on, so the second's is claimed alone, first.
    await database.db.$transaction((tx) => recordEvents(tx, [event(1), event(1, "booking.accepted")]));
    const [first, second] = await database.db.webhookDelivery.findMany({ orderBy: { id: "asc" } });
    // The fan-out's pump (decision 0044) is replaced by a job per delivery, as retries, replays and
    // an object's next delivery have them: this is that path's turn-taking.
    await database.db.$executeRaw`DELETE FROM scheduled_jobs WHERE job_type = 'webhooks.deliver'`;
    await database.db.$transaction((tx) => scheduleDeliveries(tx, [{ deliveryId: first!.id, attempt: 0 }, { deliveryId: second!.id, attempt: 0 }], t0));
    await database.db.$executeRaw`UPDATE scheduled_jobs SET run_at = ${new Date(t0.getTime() + 60_000)} WHERE job_type = 'webhooks.deliver' AND key <> ${`webhooks.deliver:${second!.id}:0`}`;
    await tickAt(t0);
    expect(await attempts()).toHaveLength(0);
    const [job] = await database.db.$queryRaw<Array<{ status: string; left: number }>>`
      SELECT status::text AS status, max_attempts - attempts AS left FROM scheduled_jobs WHERE key = ${`webhooks.deliver:${second!.id}:0`}`;
    expect(job).toMatchObject({ status: "pending", left: 10 });
    // Its turn comes once the first lands (which wakes it), in order.
    await tickAt(new Date(t0.getTime() + 60_000));
    expect(receiver.received.map((r) => r.type)).toEqual(["booking.requested", "booking.accepted"]);
  }, 60_000);
});
