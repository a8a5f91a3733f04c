// Hostile: a payment provider's key (paymentKey, refundKey) shares the ledger's one unique index
// with the keys the marketplace itself uses (charge:booking:<id>, payout:booking:<id>,
// refund:booking:<id>). A customer who pays with `payout:booking:<another booking>` squats that
// key: the other booking's payout (or refund) then meets IDEMPOTENCY_CONFLICT forever, so its
// chef is never paid and its customer cannot cancel. Keys of the ledger's own form are refused.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { acceptBooking, cancelBooking, payBooking, requestBooking, type Actor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, registerPeople, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 20 * day);
let people: People;
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

/** Customer i's accepted booking with chef i (one chef cannot hold both: same evening). */
async function acceptedBooking(customer: number) {
  const b = await requestBooking(as(people.customer(customer)), {
    chefId: people.chefs[customer]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: 99_00, currency: "EUR",
  });
  await acceptBooking(as(people.chef(customer), at(t0, hour)), { bookingId: b.id });
  return b;
}

describe("provider keys cannot take the ledger's own keys", () => {
  for (const kind of ["charge", "payout", "refund"]) {
    it(`paying with paymentKey ${kind}:booking:<other id> is INVALID_INPUT, and the other booking's own ${kind} still moves`, async () => {
      const mine = await acceptedBooking(0);
      const theirs = await acceptedBooking(1);
      const squat = payBooking(as(people.customer(0), at(t0, 2 * hour)), {
        bookingId: mine.id, amountMinor: 99_00, currency: "EUR", paymentKey: `${kind}:booking:${theirs.id}`,
      });
      await expect(squat).rejects.toMatchObject({ name: "DulyError", code: "INVALID_INPUT" });
      await payBooking(as(people.customer(0), at(t0, 2 * hour)), { bookingId: mine.id, amountMinor: 99_00, currency: "EUR", paymentKey: "pi_mine" });
      // The other customer pays (default key) and cancels: refund and the late fee's payout move.
      await payBooking(as(people.customer(1), at(t0, 2 * hour)), { bookingId: theirs.id, amountMinor: 99_00, currency: "EUR" });
      const cancelled = await cancelBooking(as(people.customer(1), at(eventAt, -day)), { bookingId: theirs.id, reason: "ill" });
      expect(cancelled.status).toBe("cancelled");
      expect(await database.db.ledgerEntry.count({ where: { bookingId: theirs.id } })).toBe(3);
      await expectInvariants(database.db);
    });
  }
});
