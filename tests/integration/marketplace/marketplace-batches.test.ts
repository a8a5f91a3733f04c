// The marketplace's deadlines in batches (handleMany, docs/decisions/0027): many bookings closed,
// completed and paid out at once, each booking's change (and its money) committed with its job's
// completion; a booking the batch cannot do goes through its handler, alone, without holding the
// others back or doubling anything.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { findJob, jobsForSubject, reschedule, tick } from "../../../lib/scheduler/index.ts";
import {
  acceptBooking, closeEvent, closeEvents, payBooking, requestBooking, systemActor, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import type { Tx } from "../../../lib/db/client.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { at, day, expectInvariants, hour, marketCatalogue, registerPeople, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-06-07T10:00:00Z");
const eventAt = at(t0, 20 * day);
const price = 120_00;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

/** `n` paid bookings, one chef each, all with their event at `eventAt`. */
async function paidBookings(people: People, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const b = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[i]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: `Table ${i}`, priceMinor: price, currency: "EUR",
    });
    await acceptBooking(as(people.chef(i), at(t0, hour)), { bookingId: b.id });
    await payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: price, currency: "EUR" });
    ids.push(b.id);
  }
  return ids;
}

async function statusOf(bookingId: number): Promise<string> {
  const [row] = await database.db.$queryRaw<Array<{ status: string }>>`SELECT status::text AS status FROM bookings WHERE id = ${bookingId}`;
  return row!.status;
}

/** Each booking's payouts, with the transaction that wrote each and the one that last wrote its payout job. */
async function payouts(bookingIds: number[]) {
  return database.db.$queryRaw<Array<{ booking_id: number; amount_minor: number; entry_xid: string; job_xid: string | null; job_status: string | null }>>`
    SELECT l.booking_id, l.amount_minor, l.xmin::text AS entry_xid, j.xmin::text AS job_xid, j.status::text AS job_status
    FROM ledger_entries l
    LEFT JOIN scheduled_jobs j ON j.key = 'marketplace.booking.payout:booking:' || l.booking_id
    WHERE l.kind = 'payout' AND l.booking_id = ANY(${bookingIds}::int[])
    ORDER BY l.booking_id, l.id`;
}

async function payoutJobOf(bookingId: number) {
  const jobs = await jobsForSubject(database.db, { type: "booking", id: String(bookingId) });
  return jobs.find((j) => j.jobType === "marketplace.booking.payout")!;
}

/**
 * One lane, and a budget that lets a claim take several jobs (a claim takes what fits in the
 * remaining budget at a whole lease each until jobs are measured), so their batch runs.
 */
async function tickAt(db: typeof database.db, now: Date) {
  const summary = await tick({ db, catalogue: marketCatalogue, now, budgetMs: 600_000, concurrency: 1 });
  if (summary.errors.length > 0) throw new Error(summary.errors.join("; "));
  return summary;
}

beforeEach(() => truncateMarket(database.db));

class RolledBack extends Error {}

/**
 * What `work` writes to the outbox (events, deliveries and the deliveries' jobs), ids and keys left out,
 * read in its transaction, which is then rolled back so the next call starts from the same rows.
 */
async function outboxWrites(work: (tx: Tx) => Promise<unknown>) {
  let seen: unknown;
  await expect(database.db.$transaction(async (tx) => {
    const [{ events, jobs }] = await tx.$queryRaw<Array<{ events: bigint; jobs: bigint }>>`
      SELECT (SELECT coalesce(max(id), 0) FROM events) AS events, (SELECT coalesce(max(id), 0) FROM scheduled_jobs) AS jobs`;
    await work(tx);
    seen = {
      events: await tx.$queryRaw`
        SELECT type, object_type, object_id, ordering_key, data, actor, audience, created_at, position
        FROM events WHERE id > ${events} ORDER BY id`,
      deliveries: await tx.$queryRaw`
        SELECT d.endpoint_id, e.object_id, d.ordering_key, d.status::text, d.attempts, d.next_attempt_at, d.created_at, d.replay
        FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE e.id > ${events} ORDER BY d.id`,
      // The deliveries' jobs: one pump per endpoint and transaction (decision 0044).
      jobs: await tx.$queryRaw`
        SELECT j.run_at, j.status::text, j.payload
        FROM scheduled_jobs j
        WHERE j.id > ${jobs} AND j.job_type = 'webhooks.deliver' ORDER BY j.payload->>'endpointId'`,
    };
    throw new RolledBack();
  })).rejects.toBeInstanceOf(RolledBack);
  return seen as { events: unknown[]; deliveries: unknown[]; jobs: unknown[] };
}

describe("booking deadlines in batches", () => {
  it("close, complete and pay out many bookings at once: each payout once, in its job's commit", async () => {
    const people = await registerPeople(database.db, t0, { customers: 1, chefs: 5 });
    const ids = await paidBookings(people, 5);
    const closing = await tickAt(database.db, eventAt);
    expect(closing).toMatchObject({ succeeded: 5, failed: 0 });
    for (const id of ids) expect(await statusOf(id)).toBe("closed");
    await expectInvariants(database.db); // each closed booking has exactly its completion pending

    expect(await tickAt(database.db, at(eventAt, 3 * hour))).toMatchObject({ succeeded: 5, failed: 0 });
    await expectInvariants(database.db);
    expect(await tickAt(database.db, at(eventAt, 51 * hour))).toMatchObject({ succeeded: 5, failed: 0 });
    for (const id of ids) expect(await statusOf(id)).toBe("paid_out");
    const paid = await payouts(ids);
    expect(paid.map((p) => [p.booking_id, p.amount_minor])).toEqual(ids.map((id) => [id, price]));
    // One batch: one commit for the five payouts, the same that marked their jobs succeeded.
    expect(new Set(paid.map((p) => p.entry_xid)).size).toBe(1);
    for (const p of paid) expect([p.job_xid, p.job_status]).toEqual([p.entry_xid, "succeeded"]);
    await expectInvariants(database.db);
    // Every change the batches made is an event, as the one-booking path writes it (lib/events).
    const events = await database.db.$queryRaw<Array<{ object_id: number; type: string }>>`
      SELECT object_id, type FROM events WHERE type IN ('booking.closed', 'booking.completed', 'booking.paid_out') ORDER BY object_id, id`;
    expect(events).toEqual(ids.flatMap((id) => ["booking.closed", "booking.completed", "booking.paid_out"].map((type) => ({ object_id: id, type }))));
  });

  it("a deadline run early in a batch waits for its instant; the others close", async () => {
    const people = await registerPeople(database.db, t0, { customers: 1, chefs: 3 });
    const ids = await paidBookings(people, 3);
    // The third booking's event is a day later, but an operator moved its close job to eventAt.
    await database.db.$executeRaw`UPDATE bookings SET event_at = ${at(eventAt, day)}, agreed_event_at = ${at(eventAt, day)} WHERE id = ${ids[2]!}`;
    const early = (await jobsForSubject(database.db, { type: "booking", id: String(ids[2]!) })).find((j) => j.status === "pending")!;
    await database.db.$transaction((tx) => reschedule(tx, BigInt(early.id), eventAt));

    const summary = await tickAt(database.db, eventAt);
    expect(summary).toMatchObject({ succeeded: 2, failed: 0, deferred: 1 });
    expect([await statusOf(ids[0]!), await statusOf(ids[1]!), await statusOf(ids[2]!)]).toEqual(["closed", "closed", "paid"]);
    const deferred = (await findJob(database.db, BigInt(early.id)))!;
    expect(deferred).toMatchObject({ status: "pending", runAt: at(eventAt, day) });
    expect(deferred.maxAttempts - deferred.attempts).toBe(10 - 0); // no attempt spent
  });

  it("a payout the batch cannot record sends each booking alone: the others pay out once, it fails and retries", async () => {
    const people = await registerPeople(database.db, t0, { customers: 1, chefs: 4 });
    const ids = await paidBookings(people, 4);
    await tickAt(database.db, eventAt);
    await tickAt(database.db, at(eventAt, 3 * hour));
    // A payout already in the ledger for the second booking (under another key): the batch's
    // insert skips it, so the batch rolls back and every payout runs its own handler.
    const blocked = ids[1]!;
    await database.db.$executeRaw`
      INSERT INTO ledger_entries (booking_id, kind, amount_minor, currency, idempotency_key, actor, created_at)
      VALUES (${blocked}, 'payout', 1, 'EUR', 'provider:manual-payout', 'test', ${eventAt})`;

    const summary = await tickAt(database.db, at(eventAt, 51 * hour));
    expect(summary).toMatchObject({ succeeded: 3, failed: 1 });
    const others = ids.filter((id) => id !== blocked);
    for (const id of others) expect(await statusOf(id)).toBe("paid_out");
    expect(await statusOf(blocked)).toBe("completed");
    const paid = await payouts(ids);
    expect(paid.map((p) => [p.booking_id, p.amount_minor])).toEqual(ids.map((id) => [id, id === blocked ? 1 : price]));
    // Alone: each payout in a commit of its own, the one that marked its job succeeded.
    const mine = paid.filter((p) => p.booking_id !== blocked);
    expect(new Set(mine.map((p) => p.entry_xid)).size).toBe(3);
    for (const p of mine) expect(p.job_xid).toBe(p.entry_xid);
    const failed = await payoutJobOf(blocked);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect((await findJob(database.db, BigInt(failed.id)))!.lastError).toMatch(/already has a payout/);
  });

  it("a batch writes the same events, deliveries and delivery jobs as its bookings one at a time", async () => {
    const people = await registerPeople(database.db, t0, { customers: 1, chefs: 4 });
    const ids = await paidBookings(people, 4);
    setWebhookOptions({ allowPrivate: true });
    try {
      // A platform endpoint for everything, a chef's for closes (sees only its own booking), one
      // for another type (gets nothing).
      await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/all", eventTypes: ["*"] }, t0);
      await createEndpoint(database.db, `chef:${people.chefs[1]}`, { url: "http://127.0.0.1:9/chef", eventTypes: ["booking.closed"] }, t0);
      await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/paid", eventTypes: ["booking.paid"] }, t0);
    } finally {
      setWebhookOptions(undefined);
    }
    const context = (tx: Tx): UseCaseContext => ({ db: tx, actor: systemActor("close"), now: eventAt });
    const batch = await outboxWrites((tx) => closeEvents(context(tx), [...ids].reverse()));
    const oneByOne = await outboxWrites(async (tx) => {
      for (const bookingId of ids) await closeEvent(context(tx), { bookingId });
    });
    expect(batch.events).toHaveLength(4);
    expect(batch.deliveries).toHaveLength(5);
    expect(batch.jobs).toHaveLength(2);
    expect(batch).toEqual(oneByOne);
  });
});
