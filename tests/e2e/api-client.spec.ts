// Issue 14, items 4-10 over real HTTP against the production build (next start), through a client
// generated from the OpenAPI document (openapi-typescript types in tests/e2e/generated, checked
// against the document by tests/unit/api/api-types.test.ts; openapi-fetch calls): a booking
// requested with metadata (201, Location, ETag, Request-Id), listed page by page, accepted only
// on the version the chef read (412 after the customer moved it), errors in Stripe's shape
// (405 with Allow), rate limits with their headers and 429, and a read-only key. The request
// clock is X-Duly-Now (the e2e server time-travels), so nothing depends on today or on when a
// minute turns.
import { randomBytes } from "node:crypto";
import createClient from "openapi-fetch";
import { createApiKey } from "../../lib/api/keys/api-keys.ts";
import { registerChef, registerCustomer, systemActor } from "../../lib/marketplace/index.ts";
import type { paths } from "./generated/api-types.ts";
import { expect, test } from "./fixtures.ts";

const t0 = new Date("2027-09-01T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms).toISOString();
const day = 86_400_000;

test("an integration through the generated client: request, list, version-checked accept, errors, limits", async ({ db, baseURL }) => {
  const tag = randomBytes(3).toString("hex");
  const ctx = { db, actor: systemActor("e2e"), now: t0 };
  const customer = await registerCustomer(ctx, { name: `Client customer ${tag}`, email: `cc.${tag}@duly.test` });
  const chef = await registerChef(ctx, { name: `Client chef ${tag}`, email: `ck.${tag}@duly.test` });
  const { token } = await createApiKey(db, { name: `client ${tag}`, scope: "app" });
  const api = createClient<paths>({ baseUrl: `${baseURL}/api/v1`, headers: { authorization: `Bearer ${token}`, "x-duly-now": at(0) } });
  const asCustomer = { header: { "X-Acting-As": `customer:${customer.id}` } };
  const asChef = { header: { "X-Acting-As": `chef:${chef.id}` } };

  // Request two bookings, one with the integrator's order id.
  const first = await api.POST("/bookings", {
    params: asCustomer,
    body: { chefId: chef.id, eventAt: at(30 * day), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 150_00, currency: "EUR", metadata: { order_id: `A-${tag}` } },
    headers: { "request-id": `order-${tag}` },
  });
  expect(first.response.status, JSON.stringify(first.error)).toBe(201);
  const booking = first.data!;
  expect(booking.metadata).toEqual({ order_id: `A-${tag}` });
  expect(first.response.headers.get("location")).toBe(`/api/v1/bookings/${booking.id}`);
  expect(first.response.headers.get("request-id")).toBe(`order-${tag}`);
  expect(first.response.headers.get("ratelimit-limit")).toBe("6000");
  const second = await api.POST("/bookings", { params: asCustomer, body: { chefId: chef.id, eventAt: at(31 * day), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 150_00, currency: "EUR" } });
  expect(second.response.status).toBe(201);

  // List them, one per page.
  const page1 = await api.GET("/bookings", { params: { ...asCustomer, query: { limit: 1 } } });
  expect(page1.data!.data.map((b) => b.id)).toEqual([second.data!.id]);
  expect(page1.data!.hasMore).toBe(true);
  const page2 = await api.GET("/bookings", { params: { ...asCustomer, query: { limit: 1, cursor: page1.data!.nextCursor! } } });
  expect(page2.data!.data.map((b) => b.id)).toEqual([booking.id]);
  expect(page2.data!.nextCursor).toBeNull();

  // The chef reads the booking; the customer then moves it; the chef's accept of what it read is refused.
  const read = await api.GET("/bookings/{bookingId}", { params: { ...asChef, path: { bookingId: booking.id } } });
  const etag = read.response.headers.get("etag")!;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  const moved = await api.POST("/bookings/{bookingId}/move", { params: { ...asCustomer, path: { bookingId: booking.id } }, body: { eventAt: at(32 * day) } });
  expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
  const stale = await api.POST("/bookings/{bookingId}/accept", { params: { header: { ...asChef.header, "If-Match": etag }, path: { bookingId: booking.id } } });
  expect(stale.response.status).toBe(412);
  expect(stale.error!.error).toMatchObject({ type: "invalid_request_error", code: "PRECONDITION_FAILED", param: "If-Match" });
  expect(stale.error!.error.request_id).toBe(stale.response.headers.get("request-id"));
  const fresh = await api.GET("/bookings/{bookingId}", { params: { ...asChef, path: { bookingId: booking.id } } });
  const accepted = await api.POST("/bookings/{bookingId}/accept", {
    params: { header: { ...asChef.header, "If-Match": fresh.response.headers.get("etag")! }, path: { bookingId: booking.id } },
  });
  expect(accepted.response.status, JSON.stringify(accepted.error)).toBe(200);
  expect(accepted.data!.agreedEventAt).toBe(at(32 * day));

  // Errors an integrator can act on; a method the path lacks.
  const bad = await api.POST("/bookings", { params: asCustomer, body: { chefId: chef.id, eventAt: at(40 * day), timeZone: "Europe/Paris", place: "Lyon", priceMinor: -1, currency: "EUR" } });
  expect(bad.error!.error).toMatchObject({ type: "invalid_request_error", code: "INVALID_INPUT", param: "priceMinor", doc_url: `${baseURL}/api/v1/docs/errors#invalid_input` });
  const put = await fetch(`${baseURL}/api/v1/bookings/${booking.id}/accept`, { method: "PUT", headers: { authorization: `Bearer ${token}` } });
  expect(put.status).toBe(405);
  expect(put.headers.get("allow")).toBe("POST, OPTIONS");
  expect((await put.json()).error).toMatchObject({ code: "METHOD_NOT_ALLOWED", request_id: put.headers.get("request-id") });
  // The integrator routes too (events, webhook endpoints): Next's own 405 had an empty body.
  for (const [method, route, allow] of [
    ["DELETE", "/events", "GET, HEAD, OPTIONS"],
    ["PUT", "/webhook-endpoints", "GET, POST, HEAD, OPTIONS"],
    ["GET", "/webhook-endpoints/1/rotate-secret", "POST, OPTIONS"],
    ["PATCH", "/webhook-endpoints/1/deliveries", "GET, HEAD, OPTIONS"],
  ] as const) {
    const other = await fetch(`${baseURL}/api/v1${route}`, { method, headers: { authorization: `Bearer ${token}` } });
    expect(other.status, `${method} ${route}`).toBe(405);
    expect(other.headers.get("allow"), `${method} ${route}`).toBe(allow);
    expect((await other.json()).error, `${method} ${route}`).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
  }
  const errorsPage = await fetch(`${baseURL}/api/v1/docs/errors`);
  expect(await errorsPage.text()).toContain('id="precondition_failed"');

  // A chef discovers open auctions; disputes list empty for a fresh customer.
  const auctions = await api.GET("/auctions", { params: { ...asChef, query: { status: "open", limit: 5 } } });
  expect(auctions.response.status).toBe(200);
  const disputes = await api.GET("/disputes", { params: asCustomer });
  expect(disputes.data!.data).toEqual([]);
});

test("rate limits per key over HTTP: the headers, 429 with Retry-After, the next window; a read-only key", async ({ db, baseURL }) => {
  const tag = randomBytes(3).toString("hex");
  const { token } = await createApiKey(db, { name: `limited ${tag}`, scope: "app", rateLimitPerMinute: 2 });
  const me = (instant: string) => createClient<paths>({ baseUrl: `${baseURL}/api/v1`, headers: { authorization: `Bearer ${token}`, "x-duly-now": instant } }).GET("/me");
  const inWindow = "2027-09-01T10:00:20Z";
  expect((await me(inWindow)).response.headers.get("ratelimit-remaining")).toBe("1");
  expect((await me(inWindow)).response.headers.get("ratelimit-remaining")).toBe("0");
  const refused = await me(inWindow);
  expect(refused.response.status).toBe(429);
  expect(refused.response.headers.get("retry-after")).toBe("40");
  expect(refused.error!.error).toMatchObject({ type: "rate_limit_error", code: "RATE_LIMITED" });
  expect((await me("2027-09-01T10:01:05Z")).response.status).toBe(200);

  const reader = await createApiKey(db, { name: `reader ${tag}`, scope: "app", readOnly: true });
  const readOnly = createClient<paths>({ baseUrl: `${baseURL}/api/v1`, headers: { authorization: `Bearer ${reader.token}` } });
  expect((await readOnly.GET("/me")).response.status).toBe(200);
  const write = await readOnly.POST("/accounts/{accountId}/usage", { params: { path: { accountId: 1 } }, body: { allowance: "questions", amount: 1 } });
  expect(write.response.status).toBe(403);
  expect(write.error!.error.code).toBe("API_KEY_READ_ONLY");
  const listed = await db.apiKey.findUniqueOrThrow({ where: { prefix: reader.prefix } });
  expect(listed.lastUsedAt).not.toBeNull();
});

test("links in answers name the host the client used, not the one next start listens on", async ({ db, baseURL }) => {
  // next start hands routes request.url on its own listening host (localhost) whatever Host the
  // client sent: the document's server and every doc_url pointed there (decision 0050).
  const { token } = await createApiKey(db, { name: `hosts ${randomBytes(3).toString("hex")}`, scope: "app" });
  const viaLoopback = baseURL!.replace("//localhost:", "//127.0.0.1:");
  const missing = await fetch(`${viaLoopback}/api/v1/bookings/999999999`, { headers: { authorization: `Bearer ${token}` } });
  expect(missing.status).toBe(404);
  expect((await missing.json()).error.doc_url).toBe(`${viaLoopback}/api/v1/docs/errors#not_found`);
  const document = await (await fetch(`${viaLoopback}/api/v1/openapi.json`)).json();
  expect(document.servers).toEqual([{ url: "/api/v1", description: "This server" }]);
});
