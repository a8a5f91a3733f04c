// What each party may know, through /api/v1 (route handlers called as Next calls them, real
// PostgreSQL):
// - a booking's view for its customer or chef holds no payment provider key, no ledger internals
//   (entry ids, who recorded them) and no job ids; operators (and the platform's app key) see all;
// - a booking, dispute or auction the caller may not see answers exactly like one that does not
//   exist: the same status and body, apart from the id, so ids cannot be probed;
// - /me acting for a party that does not exist answers as every route does for an unknown party.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { POST as requestBookingRoute } from "../../../app/api/v1/bookings/route.ts";
import { POST as acceptRoute } from "../../../app/api/v1/bookings/[bookingId]/accept/route.ts";
import { POST as declineRoute } from "../../../app/api/v1/bookings/[bookingId]/decline/route.ts";
import { POST as moveRoute } from "../../../app/api/v1/bookings/[bookingId]/move/route.ts";
import { POST as requestMoveRoute } from "../../../app/api/v1/bookings/[bookingId]/move-requests/route.ts";
import { POST as acceptMoveRoute } from "../../../app/api/v1/move-requests/[moveRequestId]/accept/route.ts";
import { POST as declineMoveRoute } from "../../../app/api/v1/move-requests/[moveRequestId]/decline/route.ts";
import { POST as cancelRoute } from "../../../app/api/v1/bookings/[bookingId]/cancel/route.ts";
import { POST as openDisputeRoute } from "../../../app/api/v1/bookings/[bookingId]/disputes/route.ts";
import { POST as checkoutRoute } from "../../../app/api/v1/bookings/[bookingId]/checkout/route.ts";
import { POST as replyRoute } from "../../../app/api/v1/disputes/[disputeId]/reply/route.ts";
import { GET as getAuctionRoute } from "../../../app/api/v1/auctions/[auctionId]/route.ts";
import { GET as meRoute } from "../../../app/api/v1/me/route.ts";
import {
  acceptBooking, closeEvent, getBooking, openDispute, payBooking, postAuction, requestBooking, requestMove, systemActor, type Actor,
  type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { callRoute, newKey, useAppDatabase, type ApiAnswer, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-08-02T09:00:00Z");
const eventAt = at(t0, 20 * day);
const price = 175_00;
const missingId = 2_000_000_000;
let people: People;
let appKey: string;
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });
const label = (actor: Actor) => (actor.kind === "customer" ? `customer:${actor.customerId}` : actor.kind === "chef" ? `chef:${actor.chefId}` : "");

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  appKey = await newKey(database.db, { name: "views" });
});
// New people for every test: a chef holds one booking per evening, and every booking here is
// for the same evening.
beforeEach(async () => {
  people = await registerPeople(database.db, t0);
});


async function paidBooking(paymentKey: string): Promise<number> {
  const b = await requestBooking(as(people.customer()), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Vienna", place: "Wien", priceMinor: price, currency: "EUR",
  });
  await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
  await payBooking(as(systemActor("payment-webhook"), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: price, currency: "EUR", paymentKey });
  return b.id;
}

function get(handler: unknown, path: string, params: Record<string, string>, actor: Actor, now = at(t0, 3 * hour)): Promise<ApiAnswer> {
  return callRoute(handler as RouteHandler, { path, params, key: appKey, actingAs: label(actor), headers: { "x-duly-now": now.toISOString() } });
}
function post(handler: unknown, path: string, params: Record<string, string>, actor: Actor, body: unknown, now = at(t0, 3 * hour)): Promise<ApiAnswer> {
  return callRoute(handler as RouteHandler, { method: "POST", path, params, key: appKey, actingAs: label(actor), body, headers: { "x-duly-now": now.toISOString() } });
}

describe("a booking as each party sees it", () => {
  it("its chef and its customer see no payment provider key, no ledger internals and no job ids; an operator sees them all", async () => {
    const id = await paidBooking("pi_3PzSecretProviderKey");
    const expectedLedger = [{ bookingId: id, kind: "charge", amountMinor: price, currency: "EUR", createdAt: at(t0, 2 * hour).toISOString() }];
    for (const party of [people.chef(), people.customer()]) {
      const answer = await get(getBookingRoute, `/bookings/${id}`, { bookingId: String(id) }, party);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toContain("pi_3PzSecretProviderKey");
      expect(answer.text).not.toContain("payment-webhook");
      expect(answer.json.ledger).toEqual(expectedLedger);
      expect(answer.json.deadlines).toEqual([
        { jobType: "marketplace.booking.close-event", runAt: eventAt.toISOString(), status: "pending", subject: `booking:${id}` },
      ]);
      expect(answer.json.money).toEqual({ chargedMinor: price, paidOutMinor: 0, refundedMinor: 0, heldMinor: price });
    }
    const operator = await getBooking(as(people.operator, at(t0, 3 * hour)), { bookingId: id });
    expect(operator.ledger[0]).toMatchObject({ idempotencyKey: "pi_3PzSecretProviderKey", actor: "system:payment-webhook", id: expect.any(String) });
    expect(operator.deadlines[0]!.jobId).toEqual(expect.any(String));
  });

  it("an operator's name is not shown to the parties: who ended a booking or resolved a dispute reads `operator`", async () => {
    const b = await requestBooking(as(people.customer()), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Vienna", place: "Graz", priceMinor: price, currency: "EUR",
    });
    await database.db.booking.update({ where: { id: b.id }, data: { status: "cancelled", endedAt: at(t0, hour), endedBy: "operator:olga@duly.test", endReason: "fraud check" } });
    const answer = await get(getBookingRoute, `/bookings/${b.id}`, { bookingId: String(b.id) }, people.chef());
    expect(answer.json.endedBy).toBe("operator");
    expect(answer.text).not.toContain("olga");
  });
});

/** The answer with the record's id written as <id>: equal for a hidden and a missing record. */
/** An answer as it would be alike for two ids: less each answer's own request id. */
const normalised = (answer: ApiAnswer, id: number) => ({
  status: answer.status,
  body: answer.text.replace(/"(request_id|doc_url)":"[^"]+"/g, "").replaceAll(String(id), "<id>"),
});

describe("a record the caller may not see answers exactly like one that does not exist", () => {
  it("bookings: every route, as the other customer and as the other chef", async () => {
    const id = await paidBooking(`pi_hidden_${Date.now()}`);
    const routes: Array<{ handler: unknown; path: (id: number) => string; actor: Actor; body?: unknown }> = [
      { handler: getBookingRoute, path: (i) => `/bookings/${i}`, actor: people.customer(1) },
      { handler: getBookingRoute, path: (i) => `/bookings/${i}`, actor: people.chef(1) },
      { handler: acceptRoute, path: (i) => `/bookings/${i}/accept`, actor: people.chef(1), body: {} },
      { handler: declineRoute, path: (i) => `/bookings/${i}/decline`, actor: people.chef(1), body: { reason: "not that evening" } },
      { handler: moveRoute, path: (i) => `/bookings/${i}/move`, actor: people.customer(1), body: { eventAt: at(eventAt, day).toISOString() } },
      { handler: cancelRoute, path: (i) => `/bookings/${i}/cancel`, actor: people.customer(1), body: { reason: "mine?" } },
      { handler: cancelRoute, path: (i) => `/bookings/${i}/cancel`, actor: people.chef(1), body: { reason: "mine?" } },
      { handler: openDisputeRoute, path: (i) => `/bookings/${i}/disputes`, actor: people.customer(1), body: { reason: "the food was cold" } },
      { handler: checkoutRoute, path: (i) => `/bookings/${i}/checkout`, actor: people.customer(1), body: {} },
    ];
    for (const route of routes) {
      const call = (i: number) =>
        route.body === undefined
          ? get(route.handler, route.path(i), { bookingId: String(i) }, route.actor)
          : post(route.handler, route.path(i), { bookingId: String(i) }, route.actor, route.body);
      const hidden = await call(id);
      const missing = await call(missingId);
      expect(normalised(hidden, id), `${route.path(id)} as ${label(route.actor)}`).toEqual(normalised(missing, missingId));
      expect(hidden.status).toBe(404);
    }
    expect((await database.db.booking.findUniqueOrThrow({ where: { id } })).status).toBe("paid");
  });

  it("move requests: another customer asking, another chef answering", async () => {
    const id = await paidBooking(`pi_move_${Date.now()}`);
    const ask = (i: number) =>
      post(requestMoveRoute, `/bookings/${i}/move-requests`, { bookingId: String(i) }, people.customer(1), { eventAt: at(eventAt, 3 * day).toISOString() });
    expect(normalised(await ask(id), id)).toEqual(normalised(await ask(missingId), missingId));
    const asked = await requestMove(as(people.customer(), at(t0, 3 * hour)), { bookingId: id, eventAt: at(eventAt, 3 * day).toISOString() });
    for (const [handler, verb] of [[acceptMoveRoute, "accept"], [declineMoveRoute, "decline"]] as const) {
      const answer = (i: number) => post(handler, `/move-requests/${i}/${verb}`, { moveRequestId: String(i) }, people.chef(1), {});
      const hidden = await answer(asked.id);
      expect(normalised(hidden, asked.id), verb).toEqual(normalised(await answer(missingId), missingId));
      expect(hidden.status).toBe(404);
    }
    expect((await database.db.bookingMoveRequest.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe("pending");
  });

  it("disputes: another chef replying", async () => {
    const id = await paidBooking(`pi_dispute_${Date.now()}`);
    await closeEvent({ db: database.db, actor: systemActor("test"), now: eventAt }, { bookingId: id });
    const dispute = await openDispute(as(people.customer(), at(eventAt, hour)), { bookingId: id, reason: "late" });
    const reply = (i: number) => post(replyRoute, `/disputes/${i}/reply`, { disputeId: String(i) }, people.chef(1), { reply: "not me" }, at(eventAt, 2 * hour));
    const hidden = await reply(dispute.id);
    const missing = await reply(missingId);
    expect(normalised(hidden, dispute.id)).toEqual(normalised(missing, missingId));
    expect(hidden.status).toBe(404);
    expect((await database.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("awaiting_reply");
  });

  it("auctions: another customer reading", async () => {
    const auction = await postAuction(as(people.customer()), {
      closesAt: at(t0, 2 * day).toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Vienna", place: "Linz", currency: "EUR", maxPriceMinor: 300_00,
    });
    const read = (i: number) => get(getAuctionRoute, `/auctions/${i}`, { auctionId: String(i) }, people.customer(1));
    const hidden = await read(auction.id);
    const missing = await read(missingId);
    expect(normalised(hidden, auction.id)).toEqual(normalised(missing, missingId));
    expect(hidden.status).toBe(404);
  });
});

describe("an acting party that does not exist", () => {
  it("/me does not confirm it: it answers as POST /bookings does for an unknown customer", async () => {
    const ghost = 1_999_999_999;
    const me = await get(meRoute, "/me", {}, { kind: "customer", customerId: ghost });
    const booking = await post(requestBookingRoute, "/bookings", {}, { kind: "customer", customerId: ghost }, {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Vienna", place: "Wien", priceMinor: price, currency: "EUR",
    });
    expect(booking.status).toBe(404);
    const sansRequest = ({ request_id: _id, ...error }: Record<string, unknown>) => error;
    expect({ status: me.status, body: sansRequest(me.json.error) }).toEqual({ status: booking.status, body: sansRequest(booking.json.error) });
    const chef = await get(meRoute, "/me", {}, { kind: "chef", chefId: ghost });
    expect({ status: chef.status, code: chef.json?.error?.code, message: chef.json?.error?.message }).toEqual({
      status: 404, code: "NOT_FOUND", message: `chef ${ghost} does not exist`,
    });
    const known = await get(meRoute, "/me", {}, people.chef());
    expect(known.json.actingAs).toBe(label(people.chef()));
  });
});
