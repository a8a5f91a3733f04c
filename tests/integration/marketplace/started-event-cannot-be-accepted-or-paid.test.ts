// Hostile: the ticker was silent past an auction's event (an outage of days). The auction's close
// then runs late and makes a booking request for an event that has already started; nothing
// stopped the chef accepting it or the customer paying for it (the close was scheduled in the
// past, so the booking ran straight on to completion and payout). Accepting or paying a booking
// whose event has started is refused, whatever path made the booking.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { acceptBooking, payBooking, placeBid, postAuction, type Actor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { at, day, hour, marketState, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
let people: People;
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

async function lateAuctionBooking(closeAt: Date) {
  const closesAt = at(t0, day);
  const eventAt = at(t0, 4 * day);
  const auction = await postAuction(as(people.customer()), {
    closesAt: closesAt.toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", currency: "EUR", maxPriceMinor: 200_00,
  });
  await placeBid(as(people.chef(), at(t0, hour)), { auctionId: auction.id, priceMinor: 150_00 });
  await tickAt(database.db, closeAt);
  const booking = await database.db.booking.findFirstOrThrow({ where: { auctionId: auction.id } });
  return { booking, eventAt };
}

async function refusedUnchanged(attempt: () => Promise<unknown>, message: RegExp): Promise<void> {
  const before = await marketState(database.db);
  await expect(attempt()).rejects.toMatchObject({ name: "DulyError", code: "INVALID_STATE", message: expect.stringMatching(message) });
  expect(await marketState(database.db)).toEqual(before);
}

describe("a booking whose event has started cannot be accepted or paid", () => {
  it("an auction closed after its event (ticker silent): the chef's accept is INVALID_STATE, nothing changed", async () => {
    const { booking, eventAt } = await lateAuctionBooking(at(t0, 4 * day + hour));
    await refusedUnchanged(() => acceptBooking(as(people.chef(), at(eventAt, 2 * hour)), { bookingId: booking.id }), /event started/);
  });

  it("accepted just before the event, paid after it started: the payment is INVALID_STATE, no charge", async () => {
    const { booking, eventAt } = await lateAuctionBooking(at(t0, 4 * day - 2 * hour));
    await acceptBooking(as(people.chef(), at(eventAt, -hour)), { bookingId: booking.id });
    await refusedUnchanged(
      () => payBooking(as(people.customer(), at(eventAt, hour)), { bookingId: booking.id, amountMinor: 150_00, currency: "EUR" }),
      /event started/,
    );
    expect(await database.db.ledgerEntry.count({ where: { bookingId: booking.id } })).toBe(0);
  });
});
