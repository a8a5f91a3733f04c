// Moving an agreed event over real HTTP against the production build (next start): once the chef
// accepted, the customer's POST /move is refused and the event stays; the customer asks
// (POST /bookings/{id}/move-requests), the chef accepts or declines (POST /move-requests/{id}/…),
// the booking's read shows the requests and the agreed time; a chef is not booked twice
// (CHEF_UNAVAILABLE); the OpenAPI document lists the new operations.
import { randomBytes } from "node:crypto";
import { createApiKey } from "../../lib/api/keys/api-keys.ts";
import { registerChef, registerCustomer, systemActor } from "../../lib/marketplace/index.ts";
import { expect, test } from "./fixtures.ts";

const t0 = new Date("2027-06-07T09:00:00Z");
const hour = 3_600_000;
const day = 24 * hour;
const at = (ms: number) => new Date(t0.getTime() + ms).toISOString();

test("a paid event moves only when the chef accepts the customer's request; a declined one keeps its terms; no double booking", async ({ request, db }) => {
  const tag = randomBytes(3).toString("hex");
  const ctx = { db, actor: systemActor("e2e"), now: t0 };
  const customer = await registerCustomer(ctx, { name: `E2E customer ${tag}`, email: `mc.${tag}@duly.test` });
  const other = await registerCustomer(ctx, { name: `E2E other ${tag}`, email: `mo.${tag}@duly.test` });
  const chef = await registerChef(ctx, { name: `E2E chef ${tag}`, email: `mk.${tag}@duly.test` });
  const { token } = await createApiKey(db, { name: `e2e moves ${tag}`, scope: "app" });
  const as = (party: string, now: string) => ({ authorization: `Bearer ${token}`, "x-acting-as": party, "x-duly-now": now });
  const asCustomer = (now: string) => as(`customer:${customer.id}`, now);
  const asChef = (now: string) => as(`chef:${chef.id}`, now);
  // Recording a capture is the platform's: the app key without X-Acting-As.
  const asPlatform = (now: string) => ({ authorization: `Bearer ${token}`, "x-duly-now": now });
  const eventAt = at(30 * day);

  const requested = await request.post("/api/v1/bookings", {
    headers: asCustomer(at(0)),
    data: { chefId: chef.id, eventAt, timeZone: "Europe/Madrid", place: "Madrid", priceMinor: 120_00, currency: "EUR", durationMinutes: 180 },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const booking = await requested.json();
  expect(booking).toMatchObject({ durationMinutes: 180, agreedEventAt: null });
  expect((await request.post(`/api/v1/bookings/${booking.id}/accept`, { headers: asChef(at(hour)) })).status()).toBe(200);
  const paid = await request.post(`/api/v1/bookings/${booking.id}/pay`, { headers: asPlatform(at(2 * hour)), data: { amountMinor: 120_00, currency: "EUR" } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(await paid.json()).toMatchObject({ status: "paid", agreedEventAt: eventAt });

  // Moving it directly is refused: the chef agreed to that time.
  const direct = await request.post(`/api/v1/bookings/${booking.id}/move`, { headers: asCustomer(at(day)), data: { eventAt: at(60 * day) } });
  expect(direct.status()).toBe(409);
  expect((await direct.json()).error).toMatchObject({ code: "INVALID_STATE", message: expect.stringContaining("move-requests") });

  // The customer asks; nothing changes yet.
  const newTime = at(40 * day);
  const asked = await request.post(`/api/v1/bookings/${booking.id}/move-requests`, { headers: asCustomer(at(day)), data: { eventAt: newTime } });
  expect(asked.status(), await asked.text()).toBe(201);
  const moveRequest = await asked.json();
  expect(moveRequest).toMatchObject({ bookingId: booking.id, status: "pending", fromEventAt: eventAt, eventAt: newTime, answerBy: at(2 * day) });
  const pending = await (await request.get(`/api/v1/bookings/${booking.id}`, { headers: asChef(at(day + hour)) })).json();
  expect(pending).toMatchObject({ eventAt, agreedEventAt: eventAt, moveRequests: [expect.objectContaining({ id: moveRequest.id, status: "pending" })] });
  expect(pending.deadlines.map((d: { jobType: string }) => d.jobType)).toEqual(["marketplace.booking.move-answer-deadline", "marketplace.booking.close-event"]);

  // Only the booking's chef answers; the customer cannot accept their own request.
  const byCustomer = await request.post(`/api/v1/move-requests/${moveRequest.id}/accept`, { headers: asCustomer(at(day + hour)) });
  expect(byCustomer.status()).toBe(403);
  const accepted = await request.post(`/api/v1/move-requests/${moveRequest.id}/accept`, { headers: asChef(at(day + hour)) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect(await accepted.json()).toMatchObject({ status: "accepted", endedBy: `chef:${chef.id}` });
  const moved = await (await request.get(`/api/v1/bookings/${booking.id}`, { headers: asCustomer(at(day + 2 * hour)) })).json();
  expect(moved).toMatchObject({ eventAt: newTime, agreedEventAt: newTime });
  expect(moved.deadlines).toEqual([expect.objectContaining({ jobType: "marketplace.booking.close-event", runAt: newTime })]);

  // A second request, declined: the booking keeps its terms.
  const again = await request.post(`/api/v1/bookings/${booking.id}/move-requests`, { headers: asCustomer(at(2 * day)), data: { eventAt: at(45 * day) } });
  expect(again.status(), await again.text()).toBe(201);
  const declined = await request.post(`/api/v1/move-requests/${(await again.json()).id}/decline`, {
    headers: asChef(at(2 * day + hour)), data: { reason: "I cook at a wedding that weekend" },
  });
  expect(declined.status(), await declined.text()).toBe(200);
  expect(await declined.json()).toMatchObject({ status: "declined", endReason: "I cook at a wedding that weekend" });
  expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ eventAt: new Date(newTime) });

  // Another customer asks the same chef for an overlapping evening: refused at once.
  const clash = await request.post("/api/v1/bookings", {
    headers: as(`customer:${other.id}`, at(3 * day)),
    data: { chefId: chef.id, eventAt: at(40 * day + hour), timeZone: "Europe/Madrid", place: "Madrid", priceMinor: 80_00, currency: "EUR" },
  });
  expect(clash.status()).toBe(409);
  expect((await clash.json()).error).toMatchObject({ code: "CHEF_UNAVAILABLE", message: expect.not.stringContaining(`booking ${booking.id}`) });

  const document = await (await request.get("/api/v1/openapi.json")).json();
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([
    "/bookings/{bookingId}/move-requests", "/move-requests/{moveRequestId}/accept", "/move-requests/{moveRequestId}/decline",
  ]));
});
