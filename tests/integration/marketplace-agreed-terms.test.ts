// The terms both sides agreed to hold until both agree to change them: a customer cannot move a
// paid (or accepted) event on their own, so moving it 7+ days out and then cancelling does not
// escape the late-cancellation share the policy promises the chef.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../helpers/database.ts";
import {
  acceptBooking, cancelBooking, moveEvent, payBooking, requestBooking, type Actor, type UseCaseContext,
} from "../../lib/marketplace/index.ts";
import { at, day, hour, registerPeople, truncateMarket, type People } from "../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 20 * day);
const price = 100_00;
let people: People;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

async function paidBooking(): Promise<number> {
  const b = await requestBooking(as(people.customer(), t0), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: price, currency: "EUR",
  });
  await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
  await payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: price, currency: "EUR" });
  return b.id;
}

const ledgerOf = async (bookingId: number) =>
  (await database.db.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.amountMinor]);

describe("a customer's move does not change agreed terms", () => {
  it("moving a paid event 7+ days out and then cancelling late refunds the late share, not everything", async () => {
    const id = await paidBooking();
    const cancelAt = at(eventAt, -3 * day); // 3 days before the agreed event: a late cancellation
    // The customer asks for the event a month later (whatever the answer, the chef did not agree).
    await moveEvent(as(people.customer(), at(cancelAt, -hour)), { bookingId: id, eventAt: at(eventAt, 30 * day).toISOString() }).catch(() => undefined);
    await cancelBooking(as(people.customer(), cancelAt), { bookingId: id, reason: "the party is off" });
    expect(await ledgerOf(id)).toEqual([["charge", price], ["refund", price / 2], ["payout", price / 2]]);
  });

  it("a customer moving a paid event without the chef leaves the event where it was", async () => {
    const id = await paidBooking();
    await moveEvent(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: at(eventAt, 60 * day).toISOString() }).catch(() => undefined);
    const booking = await database.db.booking.findUniqueOrThrow({ where: { id } });
    expect(booking.eventAt).toEqual(eventAt);
    const close = await database.db.scheduledJob.findFirstOrThrow({ where: { subjectType: "booking", subjectId: String(id), status: "pending" } });
    expect(close).toMatchObject({ jobType: "marketplace.booking.close-event", runAt: eventAt });
  });
});
