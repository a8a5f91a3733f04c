// The payment webhook (lib/api/payment-webhook/receive-payment-event.ts, what the route runs)
// against real PostgreSQL when a provider delivers the same capture several times at once (a
// retry racing a slow first delivery): every delivery is answered as received and exactly one
// charge is recorded. The signature's time is the database's clock, read from the same database.
import { beforeAll, describe, expect, it } from "vitest";
import { signPaymentEvent } from "../../../lib/api/payment-webhook/signature.ts";
import { receivePaymentEvent } from "../../../lib/api/payment-webhook/receive-payment-event.ts";
import { apiErrorResponse } from "../../../app/api/v1/_lib/api-route.ts";
import { acceptBooking, requestBooking, type Actor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const secret = "race-secret-0123456789abcdef0123456789";
let people: People;
let now: Date;
const as = (actor: Actor): UseCaseContext => ({ db: database.db, actor, now });

beforeAll(async () => {
  [{ now }] = await database.db.$queryRaw<Array<{ now: Date }>>`SELECT statement_timestamp() AS now`;
  people = await registerPeople(database.db, now);
});

/** One delivery, answered as the route answers it (status and JSON). */
async function deliver(body: string, signature: string): Promise<{ status: number; json: unknown }> {
  const request = new Request("http://duly.test/api/webhooks/payments", {
    method: "POST", headers: { "content-type": "application/json", "duly-signature": signature }, body,
  });
  try {
    return { status: 200, json: await receivePaymentEvent({ db: database.db, secret }, request) };
  } catch (error) {
    const response = apiErrorResponse(error);
    return { status: response.status, json: await response.json() };
  }
}

describe("the same capture delivered twenty times at once", () => {
  it("answers every delivery 200 and records one charge", async () => {
    const booking = await requestBooking(as(people.customer()), {
      chefId: people.chefs[0]!, eventAt: at(now, 20 * day).toISOString(), timeZone: "Europe/Oslo", place: "Bergen", priceMinor: 99_00, currency: "NOK",
    });
    await acceptBooking(as(people.chef()), { bookingId: booking.id });
    const body = JSON.stringify({ type: "payment.captured", data: { bookingId: booking.id, amountMinor: 99_00, currency: "NOK", paymentKey: `pi_race_${booking.id}` } });
    const signature = signPaymentEvent(secret, Math.floor(now.getTime() / 1000), body);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(body, signature)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await database.db.ledgerEntry.count({ where: { bookingId: booking.id } })).toBe(1);
    expect(await database.db.scheduledJob.count({ where: { subjectType: "booking", subjectId: String(booking.id), status: "pending" } })).toBe(1);
  });
});
