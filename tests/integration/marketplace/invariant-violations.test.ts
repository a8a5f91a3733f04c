// The marketplace tests' own referee (tests/fixtures/marketplace.ts: invariantViolations): every
// marketplace file asserts it finds nothing, so a checker that found nothing whatever the state
// would let every broken invariant pass. Here each rule is broken once, on rows written directly
// (the use cases would refuse to), and each must be named, with its message, in order; and a
// consistent market must give none.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, invariantViolations, registerPeople, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T10:00:00Z");
let people: People;
let nextEvent = 0;

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
  nextEvent = 0;
});

type Status = "requested" | "accepted" | "cancelled" | "paid" | "disputed" | "paid_out" | "refunded" | "settled";

/** A booking row as given (each on its own day unless `eventAt` says), its ledger and its pending jobs. */
async function booking(
  status: Status,
  { price = 1000, chef = 0, eventAt, charge, payout, refund, jobs = [] }:
  { price?: number; chef?: number; eventAt?: Date; charge?: number; payout?: number; refund?: number; jobs?: string[] } = {},
): Promise<number> {
  const { db } = database;
  nextEvent += 1;
  const row = await db.booking.create({
    data: {
      customerId: people.customers[0]!, chefId: people.chefs[chef]!, status, eventAt: eventAt ?? at(t0, 30 * day + nextEvent * 2 * day), timeZone: "UTC",
      place: "Lyon", priceMinor: price, currency: "EUR", requestedAt: t0, acceptBy: at(t0, day),
    },
  });
  for (const [kind, amount] of [["charge", charge], ["payout", payout], ["refund", refund]] as const) {
    if (amount !== undefined) {
      await db.ledgerEntry.create({ data: { bookingId: row.id, kind, amountMinor: amount, currency: "EUR", idempotencyKey: `${kind}:${row.id}`, actor: "test", createdAt: t0 } });
    }
  }
  for (const jobType of jobs) await job(jobType, "booking", row.id);
  return row.id;
}

async function job(jobType: string, subjectType: string, subjectId: number, status: "pending" | "running" | "dead" = "pending"): Promise<void> {
  await database.db.scheduledJob.create({ data: { jobType, subjectType, subjectId: String(subjectId), status, runAt: at(t0, day) } });
}

async function dispute(bookingId: number, status: "awaiting_reply" | "refunded", jobs: string[] = []): Promise<number> {
  const row = await database.db.dispute.create({ data: { bookingId, status, reason: "cold soup", openedAt: t0, replyBy: at(t0, day) } });
  for (const jobType of jobs) await job(jobType, "dispute", row.id);
  return row.id;
}

async function moveRequest(bookingId: number, status: "pending" | "declined", jobs: string[] = []): Promise<number> {
  const row = await database.db.bookingMoveRequest.create({
    data: { bookingId, status, fromEventAt: t0, eventAt: at(t0, 90 * day), timeZone: "UTC", requestedBy: "customer", requestedAt: t0, answerBy: at(t0, day) },
  });
  for (const jobType of jobs) await job(jobType, "move-request", row.id);
  return row.id;
}

async function auction(status: "open" | "expired", jobs: string[] = []): Promise<number> {
  const row = await database.db.auction.create({
    data: { customerId: people.customers[0]!, status, closesAt: at(t0, day), eventAt: at(t0, 20 * day), timeZone: "UTC", place: "Lyon", currency: "EUR", maxPriceMinor: 5000, createdAt: t0 },
  });
  for (const jobType of jobs) await job(jobType, "auction", row.id);
  return row.id;
}

const accept = "marketplace.booking.accept-deadline";
const pay = "marketplace.booking.payment-deadline";
const close = "marketplace.booking.close-event";
const complete = "marketplace.booking.complete";
const payout = "marketplace.booking.payout";
const reply = "marketplace.dispute.reply-deadline";
const answer = "marketplace.booking.move-answer-deadline";
const closeAuction = "marketplace.auction.close";

describe("invariantViolations, the marketplace tests' referee", () => {
  it("finds nothing in a consistent market", async () => {
    await booking("requested", { jobs: [accept] });
    const accepted = await booking("accepted", { jobs: [pay] });
    await moveRequest(accepted, "pending", [answer]);
    await moveRequest(accepted, "declined");
    await booking("paid", { charge: 1000, jobs: [close] });
    const disputed = await booking("disputed", { charge: 1000 });
    await dispute(disputed, "awaiting_reply", [reply]);
    await booking("paid_out", { charge: 1000, payout: 1000 });
    await booking("settled", { charge: 1000, payout: 600, refund: 400 });
    await booking("cancelled");
    await auction("open", [closeAuction]);
    await auction("expired");
    expect(await invariantViolations(database.db)).toEqual([]);
  });

  it("names every broken rule, with its message, in order", async () => {
    const { db } = database;
    // The database refuses two of the broken states itself; this file's database may lose those guards.
    await db.$executeRaw`ALTER TABLE bookings DROP CONSTRAINT bookings_chef_time_excl`;
    await db.$executeRaw`DROP INDEX booking_move_requests_one_pending_idx`;

    const noJob = await booking("requested");
    const chargedEarly = await booking("requested", { charge: 500, jobs: [accept] });
    await job(accept, "booking", chargedEarly, "running"); // running counts as pending: two now
    const overpaidOut = await booking("paid", { charge: 1000, payout: 700, refund: 400, jobs: [close] });
    const overcharged = await booking("paid", { charge: 1200, jobs: [close] });
    const stillHolds = await booking("cancelled", { charge: 1000 });
    const noPayout = await booking("paid_out", { charge: 1000, refund: 1000 });
    const halfRefunded = await booking("refunded", { charge: 1000, refund: 400, payout: 600 });
    const settledByPayout = await booking("settled", { charge: 1000, payout: 1000 });
    const disputedAlone = await booking("disputed", { charge: 1000, jobs: [payout] });
    const paidWithDispute = await booking("paid", { charge: 1000, jobs: [close] });
    const silentDispute = await dispute(paidWithDispute, "awaiting_reply");
    const endedDispute = await dispute(paidWithDispute, "refunded", [reply]);
    const overlapped = await booking("accepted", { chef: 1, eventAt: at(t0, 10 * day), jobs: [pay] });
    const overlapping = await booking("accepted", { chef: 1, eventAt: at(t0, 10 * day + 3_600_000), jobs: [pay] });
    await moveRequest(overlapped, "pending", [answer]);
    await moveRequest(overlapped, "pending", [answer]);
    const answeredMove = await moveRequest(overlapping, "declined", [answer]);
    const silentAuction = await auction("open");
    const closedAuction = await auction("expired", [closeAuction]);
    await job(complete, "booking", 999_999, "dead");
    await job(complete, "booking", 999_998, "dead");

    expect(await invariantViolations(db)).toEqual([
      `booking ${noJob} (requested): pending jobs [], needs [${accept}]`,
      `booking ${chargedEarly} (requested): charged before payment`,
      `booking ${chargedEarly} (requested): pending jobs [${accept}, ${accept}], needs [${accept}]`,
      `booking ${overpaidOut} (paid): payouts 700 + refunds 400 exceed charges 1000`,
      `booking ${overpaidOut} (paid): should hold 1000, holds -100 of 1000 charged`,
      `booking ${overcharged} (paid): charged 1200 > price 1000`,
      `booking ${overcharged} (paid): should hold 1000, holds 1200 of 1200 charged`,
      `booking ${stillHolds} (cancelled): still holds 1000`,
      `booking ${noPayout} (paid_out): no payout recorded`,
      `booking ${halfRefunded} (refunded): refunded 400 of 1000`,
      `booking ${settledByPayout} (settled): settled without both a refund and a payout`,
      `booking ${disputedAlone} (disputed): 0 open dispute(s)`,
      `booking ${disputedAlone} (disputed): pending jobs [${payout}], needs []`,
      `booking ${paidWithDispute} (paid): 1 open dispute(s)`,
      `dispute ${silentDispute} (awaiting_reply): pending jobs [], needs [${reply}]`,
      `dispute ${endedDispute} (refunded): pending jobs [${reply}], needs []`,
      `move request ${answeredMove} (declined): pending jobs [${answer}], needs []`,
      `booking ${overlapped}: 2 pending move requests`,
      `chef ${people.chefs[1]} holds overlapping bookings ${overlapped} and ${overlapping}`,
      `auction ${silentAuction} (open): pending jobs [], needs [${closeAuction}]`,
      `auction ${closedAuction} (expired): pending jobs [${closeAuction}], needs []`,
      "2 dead job(s)",
    ]);
  });
});
