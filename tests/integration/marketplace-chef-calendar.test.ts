// A chef cannot be booked twice for overlapping events: once a booking holds the chef's time
// (accepted and every later status of an event that happens), no other booking of that chef may
// hold an overlapping span. The database enforces it (an exclusion constraint), so two accepts
// racing for the same evening cannot both win.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../helpers/database.ts";
import { acceptBooking, requestBooking, type Actor, type UseCaseContext } from "../../lib/marketplace/index.ts";
import { at, day, hour, registerPeople, truncateMarket, type People } from "../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 20 * day);
let people: People;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

const requestAt = (customer: number, when: Date) =>
  requestBooking(as(people.customer(customer), t0), {
    chefId: people.chefs[0]!, eventAt: when.toISOString(), timeZone: "Europe/Rome", place: `Roma ${customer}`, priceMinor: 90_00, currency: "EUR",
  });

describe("one chef, one event at a time", () => {
  it("accepting a second booking whose event overlaps an accepted one is refused", async () => {
    const first = await requestAt(0, eventAt);
    const second = await requestAt(1, at(eventAt, 2 * hour)).catch((error: unknown) => error);
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: first.id });
    const outcome = second instanceof Error
      ? second
      : await acceptBooking(as(people.chef(), at(t0, 2 * hour)), { bookingId: (second as { id: number }).id }).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ name: "DulyError", code: "CHEF_UNAVAILABLE" });
    const holding = await database.db.booking.count({ where: { chefId: people.chefs[0]!, status: "accepted" } });
    expect(holding).toBe(1);
  });
});
