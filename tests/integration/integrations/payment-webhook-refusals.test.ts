// Signed captures the payment webhook must refuse without writing (receive-payment-event.ts, what
// POST /api/webhooks/payments runs), against real PostgreSQL, the signature's time and every
// deadline judged by the database's clock:
// - one provider key sent for two bookings at once: one booking is paid, the other is refused
//   409 IDEMPOTENCY_CONFLICT every time and stays accepted;
// - a capture for a booking past its payment deadline, or in another state: 409, nothing written;
// - a recorded capture replayed with another amount or currency: 400, the ledger unchanged;
// - no secret configured: refused (500, logged), even for an event signed with an empty secret.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signPaymentEvent } from "../../../lib/api/payment-webhook/signature.ts";
import { receivePaymentEvent } from "../../../lib/api/payment-webhook/receive-payment-event.ts";
import { apiErrorResponse } from "../../../app/api/v1/_lib/api-route.ts";
import { acceptBooking, cancelBooking, requestBooking, type Actor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const secret = "refusals-secret-0123456789abcdef012345";
let people: People;
let now: Date;
const as = (actor: Actor): UseCaseContext => ({ db: database.db, actor, now });

beforeAll(async () => {
  [{ now }] = await database.db.$queryRaw<Array<{ now: Date }>>`SELECT statement_timestamp() AS now`;
  people = await registerPeople(database.db, now);
});

const capture = (bookingId: number, amountMinor: number, currency: string, paymentKey: string) =>
  JSON.stringify({ type: "payment.captured", data: { bookingId, amountMinor, currency, paymentKey } });

/** One delivery signed at the database's clock, answered as the route answers it. */
async function deliver(body: string, configured: { secret: string | undefined } = { secret }): Promise<{ status: number; code?: string }> {
  const withSecret = configured.secret;
  const [{ dbNow }] = await database.db.$queryRaw<Array<{ dbNow: Date }>>`SELECT statement_timestamp() AS "dbNow"`;
  const request = new Request("http://duly.test/api/webhooks/payments", {
    method: "POST",
    headers: { "content-type": "application/json", "duly-signature": signPaymentEvent(withSecret ?? "", Math.floor(dbNow.getTime() / 1000), body) },
    body,
  });
  try {
    await receivePaymentEvent({ db: database.db, secret: withSecret }, request);
    return { status: 200 };
  } catch (error) {
    const response = apiErrorResponse(error);
    return { status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code };
  }
}

/** Each booking on its own evening: a chef holds one event at a time. */
let evenings = 0;
const nextEvening = () => at(now, (20 + evenings++) * day).toISOString();

async function accepted(currency = "CHF", priceMinor = 150_00): Promise<number> {
  const booking = await requestBooking(as(people.customer()), {
    chefId: people.chefs[0]!, eventAt: nextEvening(), timeZone: "Europe/Zurich", place: "Basel", priceMinor, currency,
  });
  await acceptBooking(as(people.chef()), { bookingId: booking.id });
  return booking.id;
}

const ledgerOf = (bookingId: number) => database.db.ledgerEntry.findMany({ where: { bookingId }, select: { kind: true, amountMinor: true, currency: true, idempotencyKey: true } });
const statusOf = async (bookingId: number) => (await database.db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status;

describe("the payment webhook refuses, and writes nothing", () => {
  it("one provider key for two bookings, ten deliveries at once: one booking paid once, the other refused every time", async () => {
    const first = await accepted();
    const second = await accepted();
    const key = `pi_shared_${first}_${second}`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(capture(i % 2 === 0 ? first : second, 150_00, "CHF", key))));
    const paid = (await statusOf(first)) === "paid" ? first : second;
    const other = paid === first ? second : first;
    const answersFor = (id: number) => answers.filter((_, i) => (i % 2 === 0 ? first : second) === id);
    expect({
      paid: answersFor(paid).map((a) => a.status),
      other: answersFor(other).map((a) => `${a.status} ${a.code}`),
      otherStatus: await statusOf(other),
      charges: [...(await ledgerOf(first)), ...(await ledgerOf(second))].length,
    }).toEqual({
      paid: [200, 200, 200, 200, 200],
      other: Array.from({ length: 5 }, () => "409 IDEMPOTENCY_CONFLICT"),
      otherStatus: "accepted",
      charges: 1,
    });
  });

  it("a booking past its payment deadline by the database's clock, or in another state: 409, nothing written", async () => {
    const late = await accepted();
    await database.db.$executeRaw`UPDATE bookings SET pay_by = statement_timestamp() - interval '1 second' WHERE id = ${late}`;
    const requested = (await requestBooking(as(people.customer()), {
      chefId: people.chefs[0]!, eventAt: nextEvening(), timeZone: "Europe/Zurich", place: "Bern", priceMinor: 150_00, currency: "CHF",
    })).id;
    const cancelled = await accepted();
    await cancelBooking(as(people.customer()), { bookingId: cancelled, reason: "changed plans" });
    const answers = [];
    for (const id of [late, requested, cancelled]) answers.push({ ...(await deliver(capture(id, 150_00, "CHF", `pi_state_${id}`))), status_after: await statusOf(id), ledger: (await ledgerOf(id)).length });
    expect(answers).toEqual([
      { status: 409, code: "INVALID_STATE", status_after: "accepted", ledger: 0 },
      { status: 409, code: "INVALID_STATE", status_after: "requested", ledger: 0 },
      { status: 409, code: "INVALID_STATE", status_after: "cancelled", ledger: 0 },
    ]);
  });

  it("a recorded capture replayed with another amount or currency: 400, the ledger unchanged", async () => {
    const id = await accepted("JPY", 12_000);
    expect(await deliver(capture(id, 12_000, "JPY", `pi_replay_${id}`))).toEqual({ status: 200 });
    const replays = [await deliver(capture(id, 12_001, "JPY", `pi_replay_${id}`)), await deliver(capture(id, 12_000, "KRW", `pi_replay_${id}`)), await deliver(capture(id, 120, "JPY", `pi_other_${id}`))];
    expect(replays.map((a) => `${a.status} ${a.code}`)).toEqual(["400 INVALID_INPUT", "400 INVALID_INPUT", "400 INVALID_INPUT"]);
    expect(await ledgerOf(id)).toEqual([{ kind: "charge", amountMinor: 12_000, currency: "JPY", idempotencyKey: `pi_replay_${id}` }]);
  });

  it("with no secret configured every event is refused, also one signed with an empty secret", async () => {
    const id = await accepted();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const unset of [undefined, ""]) expect((await deliver(capture(id, 150_00, "CHF", `pi_unsigned_${id}`), { secret: unset })).status).toBe(500);
    } finally {
      logged.mockRestore();
    }
    expect({ status: await statusOf(id), ledger: await ledgerOf(id) }).toEqual({ status: "accepted", ledger: [] });
  });
});
