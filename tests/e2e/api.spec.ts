// /api/v1 over real HTTP against the production build (next start): a booking requested,
// accepted and paid through the API with a real key (the customer starts the checkout, the
// platform's app key records the capture), a retried payment replayed (one charge),
// the read with its deadlines and ledger, refusals in the error envelope, the OpenAPI document,
// and the reference page rendered by Swagger UI in the browser, with nothing fetched from
// outside the app. (The full matrix of refusals runs in tests/integration/api/api-routes.test.ts.)
import { randomBytes } from "node:crypto";
import { createApiKey } from "../../lib/api/keys/api-keys.ts";
import { registerChef, registerCustomer, systemActor } from "../../lib/marketplace/index.ts";
import { expect, test } from "./fixtures.ts";

const t0 = new Date("2027-05-03T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms).toISOString();
const hour = 3_600_000;

test("a booking requested, accepted and paid through the API; a retried payment is replayed, not charged twice", async ({ request, db }) => {
  const tag = randomBytes(3).toString("hex");
  const ctx = { db, actor: systemActor("e2e"), now: t0 };
  const customer = await registerCustomer(ctx, { name: `E2E customer ${tag}`, email: `c.${tag}@duly.test` });
  const chef = await registerChef(ctx, { name: `E2E chef ${tag}`, email: `k.${tag}@duly.test` });
  const { token } = await createApiKey(db, { name: `e2e ${tag}`, scope: "app" });
  const auth = (party: string | null, now: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`, ...(party ? { "x-acting-as": party } : {}), "x-duly-now": now, ...extra,
  });

  const requested = await request.post("/api/v1/bookings", {
    headers: auth(`customer:${customer.id}`, at(0), { "idempotency-key": `req-${tag}` }),
    data: { chefId: chef.id, eventAt: at(30 * 24 * hour), timeZone: "Europe/Berlin", place: "Berlin", priceMinor: 99_00, currency: "EUR" },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const booking = await requested.json();
  expect(booking).toMatchObject({ status: "requested", customerId: customer.id, chefId: chef.id });

  const accepted = await request.post(`/api/v1/bookings/${booking.id}/accept`, { headers: auth(`chef:${chef.id}`, at(hour)) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect((await accepted.json()).status).toBe("accepted");

  // The customer starts paying; the customer can never say it paid.
  const checkout = await request.post(`/api/v1/bookings/${booking.id}/checkout`, { headers: auth(`customer:${customer.id}`, at(2 * hour)) });
  expect(checkout.status(), await checkout.text()).toBe(200);
  expect(await checkout.json()).toMatchObject({ bookingId: booking.id, amountMinor: 99_00, currency: "EUR" });
  const selfPaid = await request.post(`/api/v1/bookings/${booking.id}/pay`, {
    headers: auth(`customer:${customer.id}`, at(2 * hour)), data: { amountMinor: 99_00, currency: "EUR", paymentKey: "pi_forged" },
  });
  expect(selfPaid.status()).toBe(403);
  expect(await db.ledgerEntry.count({ where: { bookingId: booking.id } })).toBe(0);
  // The platform (its app key, acting for no party) records the capture the provider confirmed.
  const pay = () =>
    request.post(`/api/v1/bookings/${booking.id}/pay`, {
      headers: auth(null, at(2 * hour), { "idempotency-key": `pay-${tag}` }),
      data: { amountMinor: 99_00, currency: "EUR" },
    });
  const first = await pay();
  expect(first.status(), await first.text()).toBe(200);
  const retry = await pay();
  expect(retry.status()).toBe(200);
  expect(retry.headers()["idempotent-replayed"]).toBe("true");
  expect(await retry.text()).toBe(await first.text());

  const read = await request.get(`/api/v1/bookings/${booking.id}`, { headers: auth(`customer:${customer.id}`, at(3 * hour)) });
  expect(read.status()).toBe(200);
  const detail = await read.json();
  expect(detail.status).toBe("paid");
  expect(detail.ledger).toHaveLength(1);
  expect(detail.money).toMatchObject({ chargedMinor: 99_00, heldMinor: 99_00 });
  expect(detail.deadlines).toEqual([expect.objectContaining({ runAt: at(30 * 24 * hour) })]);
  expect(await db.ledgerEntry.count({ where: { bookingId: booking.id } })).toBe(1);

  // Refusals, in the envelope, over HTTP.
  const badJson = await request.post(`/api/v1/bookings/${booking.id}/pay`, {
    headers: auth(null, at(2 * hour), { "content-type": "application/json" }),
    data: Buffer.from('{"amountMinor": '), // bytes: a string would be sent JSON-encoded
  });
  expect(badJson.status()).toBe(400);
  expect((await badJson.json()).error.code).toBe("INVALID_JSON");
  const noKey = await request.get(`/api/v1/bookings/${booking.id}`);
  expect(noKey.status()).toBe(401);
  expect(await noKey.json()).toEqual({
    error: {
      type: "authentication_error", code: "UNAUTHENTICATED", message: expect.any(String),
      doc_url: expect.stringMatching(/\/api\/v1\/docs\/errors#unauthenticated$/), request_id: noKey.headers()["request-id"],
    },
  });
  // Paying again without an Idempotency-Key is still one charge: the ledger's own key (the
  // provider's, by default charge:booking:<id>) refuses a second movement of the same payment.
  const again = await request.post(`/api/v1/bookings/${booking.id}/pay`, {
    headers: auth(null, at(2 * hour)),
    data: { amountMinor: 99_00, currency: "EUR" },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(await db.ledgerEntry.count({ where: { bookingId: booking.id } })).toBe(1);
  const late = await request.post(`/api/v1/bookings/${booking.id}/decline`, { headers: auth(`chef:${chef.id}`, at(3 * hour)) });
  expect(late.status()).toBe(409);
  expect((await late.json()).error).toMatchObject({ code: "INVALID_STATE", message: expect.stringContaining("paid") });
  const nowhere = await request.get("/api/v1/nowhere", { headers: { authorization: `Bearer ${token}` } });
  expect(nowhere.status()).toBe(404);
  expect((await nowhere.json()).error.code).toBe("ROUTE_NOT_FOUND");
});

test("the OpenAPI document and its interactive reference page, served by the app alone", async ({ request, page }) => {
  // Swagger UI's bundle is 1.7 MB of script: on a loaded machine the first render takes seconds.
  test.setTimeout(90_000);
  const document = await request.get("/api/v1/openapi.json");
  expect(document.status()).toBe(200);
  const json = await document.json();
  expect(json.openapi).toBe("3.1.0");
  expect(Object.keys(json.paths)).toContain("/bookings/{bookingId}/pay");

  const outside: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "localhost" && url.protocol !== "data:") outside.push(r.url());
  });
  await page.goto("/api/v1/docs");
  await expect(page.getByText("Duly marketplace API")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("/bookings/{bookingId}/pay")).toBeVisible();
  await page.getByText("/bookings/{bookingId}/pay").click();
  // "Try it out" is on from the start (tryItOutEnabled): the request can be sent from the page.
  await expect(page.getByRole("button", { name: "Execute" })).toBeVisible();
  expect(outside).toEqual([]);
});
