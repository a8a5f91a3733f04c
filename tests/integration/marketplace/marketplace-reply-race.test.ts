// A chef's reply racing the reply deadline (issue 6, test 4), 50 times: exactly one outcome
// each time. Either the reply wins (the dispute waits for an operator, nothing is refunded, the
// deadline's attempt does nothing or is cancelled) or the deadline wins (refunded in full, the
// reply refused with INVALID_STATE naming the state). The job is claimed first, then its run and
// the reply start together, with a random head start for either, so every interleaving occurs:
// reply before the attempt holds its row, while the handler runs, after it committed.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { frozenClock } from "../../../lib/scheduler/internal.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { acceptBooking, openDispute, payBooking, replyToDispute, requestBooking } from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, marketCatalogue, registerPeople, tickAt } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-08-02T12:00:00Z");
const eventAt = at(t0, 20 * day);
const rounds = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("reply versus deadline", () => {
  it(`gives exactly one outcome, ${rounds} times`, { timeout: 300_000 }, async () => {
    const { db } = database;
    // A chef per booking: every event is at the same instant, and a chef holds one event at a time.
    const people = await registerPeople(db, t0, { customers: 1, chefs: rounds });
    const customer = { db, actor: people.customer(), now: t0 };
    for (let i = 0; i < rounds; i++) {
      const b = await requestBooking(customer, {
        chefId: people.chefs[i]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Berlin", place: `Table ${i}`, priceMinor: 100_00 + i, currency: "EUR",
      });
      await acceptBooking({ db, actor: people.chef(i), now: at(t0, hour) }, { bookingId: b.id });
      await payBooking({ ...customer, now: at(t0, 2 * hour) }, { bookingId: b.id, amountMinor: 100_00 + i, currency: "EUR" });
    }
    await tickAt(db, eventAt); // every event closes
    const openedAt = at(eventAt, hour);
    for (const b of await db.booking.findMany({ orderBy: { id: "asc" } })) {
      await openDispute({ ...customer, now: openedAt }, { bookingId: b.id, reason: "late" });
    }
    const replyBy = at(openedAt, day);

    const tally = { replyWon: 0, deadlineWon: 0 };
    for (let round = 0; round < rounds; round++) {
      const [job] = await claim(db, marketCatalogue, { now: replyBy, tickId: `t_race_${round}`, limit: 1 });
      const disputeId = (job!.payload as { disputeId: number }).disputeId;
      const chefId = (await db.dispute.findUniqueOrThrow({ where: { id: disputeId }, include: { booking: true } })).booking.chefId;
      // The reply does more before its decisive UPDATE than the handler: on odd rounds the run
      // waits a little, so both orders happen.
      const replyHeadStart = Math.floor(Math.random() * 3);
      const runHeadStart = round % 2 === 1 ? Math.floor(Math.random() * 20) : Math.floor(Math.random() * 3);
      const [outcome, reply] = await Promise.all([
        pause(runHeadStart).then(() => runClaimed(db, marketCatalogue, job!, frozenClock(replyBy))),
        pause(replyHeadStart).then(() =>
          replyToDispute({ db, actor: { kind: "chef", chefId }, now: at(replyBy, -1) }, { disputeId, reply: `round ${round}` }).then(
            () => "replied" as const,
            (error: unknown) => error,
          ),
        ),
      ]);
      const dispute = await db.dispute.findUniqueOrThrow({ where: { id: disputeId }, include: { booking: { include: { ledgerEntries: true } } } });
      const refunds = dispute.booking.ledgerEntries.filter((e) => e.kind === "refund");
      if (reply === "replied") {
        tally.replyWon += 1;
        expect(dispute.status).toBe("awaiting_operator");
        expect(dispute.booking.status).toBe("disputed");
        expect(refunds).toEqual([]);
        expect(["succeeded", "cancelled"]).toContain(outcome); // a no-op run, or cancelled before it started
      } else {
        tally.deadlineWon += 1;
        expect(isDulyError(reply, "INVALID_STATE")).toBe(true);
        expect((reply as Error).message).toContain("is refunded");
        expect(outcome).toBe("succeeded");
        expect(dispute.status).toBe("refunded");
        expect(dispute.booking.status).toBe("refunded");
        expect(refunds.map((e) => e.amountMinor)).toEqual([dispute.booking.priceMinor]);
      }
    }
    await expectInvariants(db);
    expect(tally.replyWon + tally.deadlineWon).toBe(rounds);
    console.log(`reply-vs-deadline: ${JSON.stringify(tally)}`);
  });

  it("at the very instant of the deadline the deadline decides: the reply is refused and the job refunds", async () => {
    const { db } = database;
    const people = await registerPeople(db, t0, { customers: 1, chefs: 1 });
    const customer = { db, actor: people.customer(), now: t0 };
    const later = at(eventAt, 5 * day);
    const b = await requestBooking(customer, {
      chefId: people.chefs[0]!, eventAt: later.toISOString(), timeZone: "Europe/Berlin", place: "Garden", priceMinor: 50_00, currency: "EUR",
    });
    await acceptBooking({ db, actor: people.chef(), now: at(t0, hour) }, { bookingId: b.id });
    await payBooking({ ...customer, now: at(t0, 2 * hour) }, { bookingId: b.id, amountMinor: 50_00, currency: "EUR" });
    await tickAt(db, later);
    const dispute = await openDispute({ ...customer, now: at(later, hour) }, { bookingId: b.id, reason: "no dessert" });
    const deadline = new Date(dispute.replyBy);
    const [summary, reply] = await Promise.all([
      tickAt(db, deadline),
      replyToDispute({ db, actor: people.chef(), now: deadline }, { disputeId: dispute.id, reply: "too late" }).catch((e: unknown) => e),
    ]);
    expect(isDulyError(reply, "INVALID_STATE")).toBe(true);
    expect(summary.succeeded).toBe(1);
    expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("refunded");
  });
});
