// Issue 14, items 5 and 8 (and later 4, 6, 7, 9): the conventions an integrator expects of
// /api/v1, called as Next calls the route handlers, against real PostgreSQL. Request ids on every
// answer (the caller's own if valid, refused if not), on the log lines the request writes and on
// the audit rows it writes; errors as `{ error: { type, code, message, param, doc_url,
// request_id } }`; 405 with Allow and the envelope; 201 with Location. The request clock is
// X-Duly-Now (the server time-travels in tests).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as requestBookingRoute, GET as listBookingsRoute } from "../../../app/api/v1/bookings/route.ts";
import { POST as postAuctionRoute, GET as listAuctionsRoute } from "../../../app/api/v1/auctions/route.ts";
import { GET as listDisputesRoute } from "../../../app/api/v1/disputes/route.ts";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { POST as acceptRoute, GET as acceptGet, DELETE as acceptDelete } from "../../../app/api/v1/bookings/[bookingId]/accept/route.ts";
import { GET as notFoundRoute } from "../../../app/api/v1/[...path]/route.ts";
import { GET as meRoute } from "../../../app/api/v1/me/route.ts";
import { countRequest } from "../../../lib/api/rate-limit.ts";
import { GET as docsAsset } from "../../../app/api/v1/docs/[asset]/route.ts";
import { recordAudit } from "../../../lib/audit/audit-log.ts";
import { errorCatalogue } from "../../../lib/api/error-catalogue.ts";
import { currentRequestId, withRequestId, withRequestIdPrefix } from "../../../lib/api/request-id.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";
import { acceptBooking, closeEvent, openDispute, payBooking, requestBooking, systemActor } from "../../../lib/marketplace/index.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-04-01T09:00:00Z");
let people: People;
let appKey: string;

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  appKey = await newKey(database.db, { name: "conventions" });
});
afterEach(() => vi.restoreAllMocks());

const now = { "x-duly-now": t0.toISOString() };
const customer = () => `customer:${people.customers[0]}`;
const chef = () => `chef:${people.chefs[0]}`;
let evening = 0;
const bookingBody = () => ({
  chefId: people.chefs[0], eventAt: at(t0, (30 + evening++) * day).toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 120_00, currency: "EUR",
});

describe("request ids (item 5)", () => {
  it("every answer carries one: ours when none is sent, the caller's own when valid", async () => {
    const ours = await callRoute(getBookingRoute as RouteHandler, { path: "/bookings/1", params: { bookingId: "1" }, key: appKey, headers: now });
    expect(ours.headers.get("request-id")).toMatch(/^req_[0-9a-f]{24}$/);
    expect(ours.json.error.request_id).toBe(ours.headers.get("request-id"));
    const theirs = await callRoute(requestBookingRoute as RouteHandler, {
      path: "/bookings", key: appKey, actingAs: customer(), body: bookingBody(), headers: { ...now, "request-id": "0b5c6a0e-5d8a-4f2e-9f57-2f1d7d3b2c11" },
    });
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.headers.get("request-id")).toBe("0b5c6a0e-5d8a-4f2e-9f57-2f1d7d3b2c11");
    const unauthenticated = await callRoute(getBookingRoute as RouteHandler, { path: "/bookings/1", params: { bookingId: "1" }, headers: { "request-id": "trace:abc.1" } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("request-id")).toBe("trace:abc.1");
    expect(unauthenticated.json.error.request_id).toBe("trace:abc.1");
  });

  it("refuses a Request-Id that is too long or unsafe, answering with a fresh one and writing nothing", async () => {
    const before = await database.db.booking.count();
    for (const bad of ["x".repeat(129), "has space", "caf\u00e9", "<script>", "-leading-dash", ""]) {
      const answer = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingBody(), headers: { ...now, "request-id": bad } });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.error).toMatchObject({ type: "invalid_request_error", code: "INVALID_REQUEST_ID", param: "Request-Id" });
      expect(answer.headers.get("request-id")).toMatch(/^req_[0-9a-f]{24}$/);
    }
    expect(await database.db.booking.count()).toBe(before);
  });

  it("is current while the request runs, and prefixes every console line the request writes", async () => {
    // An API request installed the prefix on console (once per process).
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      expect((console[method] as { requestIdPrefixed?: boolean }).requestIdPrefixed, method).toBe(true);
    }
    const error = new Error("boom");
    expect(withRequestId("req_logged", () => withRequestIdPrefix(["something odd", { id: 1 }]))).toEqual(["[request_id=req_logged] something odd", { id: 1 }]);
    expect(withRequestId("req_logged", () => withRequestIdPrefix([error]))).toEqual(["[request_id=req_logged]", error]);
    await expect(withRequestId("req_seen", async () => (await Promise.resolve(), currentRequestId()))).resolves.toBe("req_seen");
    expect(withRequestIdPrefix(["outside a request"])).toEqual(["outside a request"]);
    expect(currentRequestId()).toBeUndefined();
  });

  it("is stored on the audit rows the request writes", async () => {
    await withRequestId("req_audited", () =>
      database.db.$transaction((tx) => recordAudit(tx, { actor: { id: "u1", email: "ops@duly.test" }, action: "job.cancel", recordType: "job", recordId: "1", reason: "test" })),
    );
    await database.db.$transaction((tx) => recordAudit(tx, { actor: { id: "u1", email: "ops@duly.test" }, action: "job.cancel", recordType: "job", recordId: "2", reason: "test" }));
    const rows = await database.db.auditEntry.findMany({ where: { recordType: "job", recordId: { in: ["1", "2"] } }, orderBy: { recordId: "asc" } });
    expect(rows.map((row) => row.requestId)).toEqual(["req_audited", null]);
  });
});

describe("errors an integrator can act on (item 8)", () => {
  it("have type, code, message, param, doc_url and request_id; the code is in the catalogue", async () => {
    const answer = await callRoute(requestBookingRoute as RouteHandler, {
      path: "/bookings", key: appKey, actingAs: customer(), body: { ...bookingBody(), priceMinor: -5 }, headers: now,
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({
      type: "invalid_request_error", code: "INVALID_INPUT", message: expect.stringContaining("priceMinor"), param: "priceMinor",
      doc_url: "http://duly.test/api/v1/docs/errors#invalid_input", request_id: answer.headers.get("request-id"), issues: expect.any(Array),
    });
    expect(errorCatalogue.has(answer.json.error.code)).toBe(true);
    const nobody = await callRoute(getBookingRoute as RouteHandler, { path: "/bookings/1", params: { bookingId: "1" } });
    expect(nobody.json.error).toMatchObject({ type: "authentication_error", code: "UNAUTHENTICATED" });
    const wrongParty = await callRoute(acceptRoute as RouteHandler, { path: "/bookings/1/accept", params: { bookingId: "1" }, key: appKey, actingAs: customer(), body: {}, headers: now });
    expect(wrongParty.json.error).toMatchObject({ type: "permission_error", code: "ACTING_AS_FORBIDDEN" });
    const reused = async (body: unknown) =>
      callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body, idempotencyKey: "conventions-reuse", headers: now });
    expect((await reused(bookingBody())).status).toBe(201);
    expect((await reused(bookingBody())).json.error).toMatchObject({ type: "idempotency_error", code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("doc_url leads to the code's entry on the errors page", async () => {
    const page = await docsAsset(new Request("http://duly.test/api/v1/docs/errors"), { params: Promise.resolve({ asset: "errors" }) });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const code of errorCatalogue.keys()) expect(html).toContain(`id="${code.toLowerCase()}"`);
  });

  it("a method the path does not have: 405, Allow, and the envelope", async () => {
    for (const handler of [acceptGet, acceptDelete]) {
      const answer = await callRoute(handler as RouteHandler, { method: "GET", path: "/bookings/1/accept", key: appKey });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST, OPTIONS");
      expect(answer.json.error).toMatchObject({ type: "invalid_request_error", code: "METHOD_NOT_ALLOWED", request_id: answer.headers.get("request-id") });
    }
  });

  it("an unknown path is 404 ROUTE_NOT_FOUND in the envelope with a request id", async () => {
    const answer = await callRoute(notFoundRoute as RouteHandler, { path: "/nowhere", key: appKey });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatchObject({ code: "ROUTE_NOT_FOUND", request_id: answer.headers.get("request-id") });
  });

  it("a 201 says where the created record is (Location), on a replay too", async () => {
    const create = () => callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: body, idempotencyKey: "conventions-location", headers: now });
    const body = bookingBody();
    const first = await create();
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/v1/bookings/${first.json.id}`);
    const replay = await create();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("location")).toBe(`/api/v1/bookings/${first.json.id}`);
    const read = await callRoute(getBookingRoute as RouteHandler, { path: `/bookings/${first.json.id}`, params: { bookingId: String(first.json.id) }, key: appKey, actingAs: chef(), headers: now });
    expect(read.status).toBe(200);
  });

  it("amounts in messages are written with their currency and say minor units", async () => {
    const created = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingBody(), headers: now });
    const id = created.json.id as number;
    await callRoute(acceptRoute as RouteHandler, { path: `/bookings/${id}/accept`, params: { bookingId: String(id) }, key: appKey, actingAs: chef(), body: {}, headers: now });
    const { POST: payRoute } = await import("../../../app/api/v1/bookings/[bookingId]/pay/route.ts");
    const wrong = await callRoute(payRoute as RouteHandler, { path: `/bookings/${id}/pay`, params: { bookingId: String(id) }, key: appKey, body: { amountMinor: 100_00, currency: "EUR" }, headers: now });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe(`booking ${id} costs 120.00 EUR (12000 minor units), not 100.00 EUR (10000 minor units)`);
    // The field at fault is named, as for a schema error (docs/api.md, "Errors").
    expect(wrong.json.error.param).toBe("amountMinor");
    const otherCurrency = await callRoute(payRoute as RouteHandler, { path: `/bookings/${id}/pay`, params: { bookingId: String(id) }, key: appKey, body: { amountMinor: 120_00, currency: "USD" }, headers: now });
    expect(otherCurrency.json.error).toMatchObject({ code: "INVALID_INPUT", param: "currency" });
  });

  it("doc_url is on the host the request was sent to, not the one next start listens on", async () => {
    // `next start` hands a route request.url on its own listening host (http://localhost:3000)
    // whatever the client asked for; the host the client used is in Host, or X-Forwarded-Host and
    // X-Forwarded-Proto behind a proxy. A doc_url on localhost is a dead link for an integrator.
    const asNextStartHandsIt = (headers: Record<string, string>) =>
      getBookingRoute(new Request("http://localhost:3000/api/v1/bookings/999999", { headers: { authorization: `Bearer ${appKey}`, ...now, ...headers } }), { params: Promise.resolve({ bookingId: "999999" }) });
    const direct = await (await asNextStartHandsIt({ host: "127.0.0.1:3000" })).json();
    expect(direct.error).toMatchObject({ code: "NOT_FOUND", doc_url: "http://127.0.0.1:3000/api/v1/docs/errors#not_found" });
    const proxied = await (await asNextStartHandsIt({ host: "10.0.0.5:3000", "x-forwarded-host": "api.duly.example", "x-forwarded-proto": "https" })).json();
    expect(proxied.error.doc_url).toBe("https://api.duly.example/api/v1/docs/errors#not_found");
    // A Host that is no host (a path, credentials) is not echoed: the request's own origin is.
    const forged = await (await asNextStartHandsIt({ host: "evil.example/x?" })).json();
    expect(forged.error.doc_url).toBe("http://localhost:3000/api/v1/docs/errors#not_found");
  });
});

describe("preconditions: ETag and If-Match (item 7)", () => {
  const route = async (path: string) => (await import(`../../../app/api/v1/bookings/[bookingId]/${path}/route.ts`)).POST as RouteHandler;
  const read = (id: number, actingAs = chef()) =>
    callRoute(getBookingRoute as RouteHandler, { path: `/bookings/${id}`, params: { bookingId: String(id) }, key: appKey, actingAs, headers: now });
  const act = async (verb: string, id: number, actingAs: string, body: unknown, ifMatch?: string) =>
    callRoute(await route(verb), {
      path: `/bookings/${id}/${verb}`, params: { bookingId: String(id) }, key: appKey, actingAs, body, headers: { ...now, ...(ifMatch !== undefined ? { "if-match": ifMatch } : {}) },
    });
  const requested = async () => {
    const created = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingBody(), headers: now });
    expect(created.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    return created.json.id as number;
  };

  it("a chef's accept naming the version it read is refused (412) once the customer moved the event, and binds nothing", async () => {
    const id = await requested();
    const seen = await read(id);
    const etag = seen.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await read(id)).headers.get("etag")).toBe(etag); // stable while nothing changes
    const movedTo = at(t0, 90 * day).toISOString();
    const moved = await act("move", id, customer(), { eventAt: movedTo });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.headers.get("etag")).not.toBe(etag);
    const stale = await act("accept", id, chef(), {}, etag);
    expect(stale.status, stale.text).toBe(412);
    expect(stale.json.error).toMatchObject({ type: "invalid_request_error", code: "PRECONDITION_FAILED", param: "If-Match" });
    const after = await database.db.booking.findUniqueOrThrow({ where: { id } });
    expect(after.status).toBe("requested");
    expect(after.agreedEventAt).toBeNull();
    // Read again, decide again: the accept with the current version binds the date it shows.
    const current = await read(id);
    expect(current.json.eventAt).toBe(movedTo);
    const accepted = await act("accept", id, chef(), {}, current.headers.get("etag")!);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.agreedEventAt ?? (await database.db.booking.findUniqueOrThrow({ where: { id } })).agreedEventAt?.toISOString()).toBe(movedTo);
    expect(accepted.headers.get("etag")).toBe((await read(id)).headers.get("etag"));
  });

  it("If-Match: * and a list match; a weak tag never does; a malformed one is 400; without it nothing is checked", async () => {
    const id = await requested();
    const etag = (await read(id)).headers.get("etag")!;
    expect((await act("cancel", id, customer(), { reason: "changed plans" }, `W/${etag}`)).status).toBe(412);
    expect((await act("cancel", id, customer(), { reason: "changed plans" }, "not-a-tag")).json.error).toMatchObject({ code: "INVALID_INPUT", param: "If-Match" });
    expect((await act("cancel", id, customer(), { reason: "changed plans" }, `"other", ${etag}`)).status).toBe(200);
    const second = await requested();
    expect((await act("decline", second, chef(), { reason: "busy that day" }, "*")).status).toBe(200);
    const third = await requested();
    expect((await act("decline", third, chef(), { reason: "busy that day" })).status).toBe(200);
  });

  it("another party's booking answers 404 whatever If-Match says (no probing by precondition)", async () => {
    const id = await requested();
    const other = `customer:${people.customers[1]}`;
    const hidden = await act("cancel", id, other, { reason: "not mine" }, '"0000"');
    expect(hidden.status).toBe(404);
    expect(hidden.json.error.code).toBe("NOT_FOUND");
  });

  it("a booking being changed right now answers 409 RECORD_BUSY at once instead of waiting", async () => {
    const id = await requested();
    const etag = (await read(id)).headers.get("etag")!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`;
      locked();
      await released;
    }, { timeout: 60_000 });
    await isLocked;
    const busy = await act("accept", id, chef(), {}, etag);
    release();
    await holder;
    expect(busy.status, busy.text).toBe(409);
    expect(busy.json.error.code).toBe("RECORD_BUSY");
    expect((await database.db.booking.findUniqueOrThrow({ where: { id } })).status).toBe("requested");
  });
});

describe("lists with keyset cursors (item 4)", () => {
  let crowd: People;
  const list = (handler: unknown, path: string, actingAs: string | undefined, query = "") =>
    callRoute(handler as RouteHandler, { path: `${path}${query ? `?${query}` : ""}`, key: appKey, ...(actingAs ? { actingAs } : {}), headers: now });
  const bookingAt = (customerIndex: number, chefIndex: number, nth: number, requestedAt: Date) =>
    requestBooking({ db: database.db, actor: crowd.customer(customerIndex), now: requestedAt }, {
      chefId: crowd.chefs[chefIndex]!, eventAt: at(t0, (60 + nth) * day).toISOString(), timeZone: "Europe/Paris", place: "Nice", priceMinor: 80_00, currency: "EUR",
    });

  beforeAll(async () => {
    crowd = await registerPeople(database.db, t0, { customers: 2, chefs: 2 });
  });

  it("pages through a customer's own bookings, newest first, repeating and skipping nothing while bookings are added", async () => {
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) mine.push((await bookingAt(0, 0, i, at(t0, i * hour))).id);
    await bookingAt(1, 1, 10, t0); // another customer's: never listed
    const me = `customer:${crowd.customers[0]}`;
    const first = await list(listBookingsRoute, "/bookings", me, "limit=2");
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.map((b: { id: number }) => b.id)).toEqual([mine[4], mine[3]]);
    expect(first.json.hasMore).toBe(true);
    // Inserted between pages: not on the later pages (it is newer), and nothing shifts.
    const added = (await bookingAt(0, 1, 20, at(t0, 6 * hour))).id;
    const second = await list(listBookingsRoute, "/bookings", me, `limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.data.map((b: { id: number }) => b.id)).toEqual([mine[2], mine[1]]);
    const third = await list(listBookingsRoute, "/bookings", me, `limit=2&cursor=${second.json.nextCursor}`);
    expect(third.json.data.map((b: { id: number }) => b.id)).toEqual([mine[0]]);
    expect(third.json).toMatchObject({ hasMore: false, nextCursor: null });
    const again = await list(listBookingsRoute, "/bookings", me, "limit=10");
    expect(again.json.data.map((b: { id: number }) => b.id)).toEqual([added, ...[...mine].reverse()]);
  });

  it("scopes each list to what the caller may see, and filters by status and creation time", async () => {
    const chefOne = `chef:${crowd.chefs[1]}`;
    const chefsOwn = await list(listBookingsRoute, "/bookings", chefOne, "limit=100");
    expect(chefsOwn.json.data.length).toBeGreaterThan(0);
    expect(chefsOwn.json.data.every((b: { chefId: number }) => b.chefId === crowd.chefs[1])).toBe(true);
    const other = await list(listBookingsRoute, "/bookings", `customer:${crowd.customers[1]}`, "limit=100");
    expect(other.json.data.every((b: { customerId: number }) => b.customerId === crowd.customers[1])).toBe(true);
    const platform = await list(listBookingsRoute, "/bookings", undefined, "limit=100");
    expect(platform.json.data.length).toBeGreaterThan(chefsOwn.json.data.length);
    const me = `customer:${crowd.customers[0]}`;
    const window = await list(listBookingsRoute, "/bookings", me, `createdGte=${at(t0, hour).toISOString()}&createdLt=${at(t0, 3 * hour).toISOString()}`);
    expect(window.json.data.map((b: { requestedAt: string }) => b.requestedAt)).toEqual([at(t0, 2 * hour).toISOString(), at(t0, hour).toISOString()]);
    const accepted = await list(listBookingsRoute, "/bookings", me, "status=accepted");
    expect(accepted.json.data).toEqual([]);
    const unknownStatus = await list(listBookingsRoute, "/bookings", me, "status=lost");
    expect(unknownStatus.json.error).toMatchObject({ code: "INVALID_INPUT", param: "status" });
    const ghost = await list(listBookingsRoute, "/bookings", "customer:1999999999");
    expect(ghost.status).toBe(404);
  });

  it("refuses a cursor from other filters or made up, naming the cursor", async () => {
    const me = `customer:${crowd.customers[0]}`;
    const first = await list(listBookingsRoute, "/bookings", me, "limit=1");
    const otherFilters = await list(listBookingsRoute, "/bookings", me, `limit=1&status=requested&cursor=${first.json.nextCursor}`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.json.error).toMatchObject({ code: "INVALID_INPUT", param: "cursor" });
    const madeUp = await list(listBookingsRoute, "/bookings", me, `cursor=${Buffer.from("x.1").toString("base64url")}`);
    expect(madeUp.json.error).toMatchObject({ code: "INVALID_INPUT", param: "cursor" });
  });

  it("auctions: a chef finds every open one; a customer lists only its own", async () => {
    const post = (i: number) =>
      callRoute(postAuctionRoute as RouteHandler, {
        path: "/auctions", key: appKey, actingAs: `customer:${crowd.customers[i]}`, headers: now,
        body: { closesAt: at(t0, 2 * day).toISOString(), eventAt: at(t0, 40 * day).toISOString(), timeZone: "Europe/Paris", place: "Paris", currency: "EUR", maxPriceMinor: 300_00 },
      });
    const a = await post(0);
    expect(a.status, a.text).toBe(201);
    const b = await post(1);
    const chefView = await list(listAuctionsRoute, "/auctions", `chef:${crowd.chefs[0]}`, "status=open&limit=100");
    const ids = chefView.json.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([a.json.id, b.json.id]));
    expect(chefView.json.data[0]).not.toHaveProperty("bids");
    const customerView = await list(listAuctionsRoute, "/auctions", `customer:${crowd.customers[1]}`, "limit=100");
    expect(customerView.json.data.map((x: { id: number }) => x.id)).toEqual([b.json.id]);
  });

  it("disputes: on the caller's own bookings only", async () => {
    const booking = await bookingAt(0, 0, 30, t0);
    await acceptBooking({ db: database.db, actor: crowd.chef(0), now: at(t0, hour) }, { bookingId: booking.id });
    await payBooking({ db: database.db, actor: crowd.customer(0), now: at(t0, 2 * hour) }, { bookingId: booking.id, amountMinor: 80_00, currency: "EUR" });
    const eventAt = new Date(booking.eventAt);
    await closeEvent({ db: database.db, actor: systemActor("test"), now: eventAt }, { bookingId: booking.id });
    const dispute = await openDispute({ db: database.db, actor: crowd.customer(0), now: at(eventAt, hour) }, { bookingId: booking.id, reason: "cold food" });
    const idsFor = async (actingAs: string | undefined) => (await list(listDisputesRoute, "/disputes", actingAs, "limit=100")).json.data.map((d: { id: number }) => d.id);
    expect(await idsFor(`customer:${crowd.customers[0]}`)).toEqual([dispute.id]);
    expect(await idsFor(`chef:${crowd.chefs[0]}`)).toEqual([dispute.id]);
    expect(await idsFor(`customer:${crowd.customers[1]}`)).toEqual([]);
    expect(await idsFor(`chef:${crowd.chefs[1]}`)).toEqual([]);
    expect(await idsFor(undefined)).toContain(dispute.id);
    const open = await list(listDisputesRoute, "/disputes", `customer:${crowd.customers[0]}`, "status=awaiting_reply");
    expect(open.json.data).toHaveLength(1);
  });
});

describe("rate limits per key (item 6)", () => {
  const me = (key: string, instant: Date) => callRoute(meRoute as RouteHandler, { path: "/me", key, headers: { "x-duly-now": instant.toISOString() } });

  it("answers RateLimit-* on every request and 429 with Retry-After past the limit, until the next window", async () => {
    const key = await newKey(database.db, { name: "limited", rateLimitPerMinute: 3 });
    const second10 = new Date("2027-04-01T10:00:10Z");
    for (const remaining of [2, 1, 0]) {
      const answer = await me(key, second10);
      expect(answer.status, answer.text).toBe(200);
      expect([answer.headers.get("ratelimit-limit"), answer.headers.get("ratelimit-remaining"), answer.headers.get("ratelimit-reset")]).toEqual(["3", String(remaining), "50"]);
    }
    const refused = await me(key, new Date("2027-04-01T10:00:45Z"));
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ type: "rate_limit_error", code: "RATE_LIMITED", request_id: refused.headers.get("request-id") });
    expect(refused.headers.get("retry-after")).toBe("15");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    const nextMinute = await me(key, new Date("2027-04-01T10:01:00Z"));
    expect(nextMinute.status).toBe(200);
    expect(nextMinute.headers.get("ratelimit-remaining")).toBe("2");
  });

  it("is one count in PostgreSQL, whoever counts: two pools and twenty concurrent requests admit exactly the limit", async () => {
    const key = await newKey(database.db, { name: "shared", rateLimitPerMinute: 10 });
    const row = await database.db.apiKey.findFirstOrThrow({ where: { prefix: key.slice(0, 13) } });
    const instant = new Date("2027-04-01T11:00:00Z");
    // The route counts on the app's pool; these on the test's own client (another pool, as
    // another process would be).
    expect((await me(key, instant)).status).toBe(200);
    const counts = await Promise.all(Array.from({ length: 20 }, () => countRequest(database.db, row.id, 10, instant)));
    expect(counts.filter((count) => count.allowed)).toHaveLength(9);
    expect((await me(key, instant)).status).toBe(429);
  });

  it("the default limit is the server's (DULY_API_RATE_LIMIT, 6,000 a minute)", async () => {
    const answer = await me(appKey, new Date("2027-04-01T12:00:00Z"));
    expect(answer.headers.get("ratelimit-limit")).toBe("6000");
  });
});

describe("keys (item 9)", () => {
  it("a read-only key reads, and any POST is refused (403 API_KEY_READ_ONLY) with nothing written", async () => {
    const key = await newKey(database.db, { name: "reader", readOnly: true });
    const before = await database.db.booking.count();
    const write = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key, actingAs: customer(), body: bookingBody(), headers: now });
    expect(write.status).toBe(403);
    expect(write.json.error).toMatchObject({ type: "permission_error", code: "API_KEY_READ_ONLY" });
    expect(await database.db.booking.count()).toBe(before);
    const read = await callRoute(listBookingsRoute as RouteHandler, { path: "/bookings", key, actingAs: customer(), headers: now });
    expect(read.status).toBe(200);
  });

  it("records when a key was last used", async () => {
    const key = await newKey(database.db, { name: "fresh" });
    const prefix = key.slice(0, 13);
    expect((await database.db.apiKey.findFirstOrThrow({ where: { prefix } })).lastUsedAt).toBeNull();
    await callRoute(meRoute as RouteHandler, { path: "/me", key, headers: now });
    const used = (await database.db.apiKey.findFirstOrThrow({ where: { prefix } })).lastUsedAt;
    expect(used).toBeInstanceOf(Date);
    const { listApiKeys } = await import("../../../lib/api/keys/api-keys.ts");
    expect((await listApiKeys(database.db)).find((k) => k.prefix === prefix)?.lastUsedAt).toEqual(used);
  });
});

describe("booking metadata (item 9)", () => {
  const update = async (id: number, body: unknown, actingAs = customer()) => {
    const { POST } = await import("../../../app/api/v1/bookings/[bookingId]/route.ts");
    return callRoute(POST as RouteHandler, { path: `/bookings/${id}`, params: { bookingId: String(id) }, key: appKey, actingAs, body, headers: now });
  };

  it("is set with the request, merged by POST /bookings/{id} (\"\" or null removes a key), shown in reads and lists, and leaves the ETag alone", async () => {
    const created = await callRoute(requestBookingRoute as RouteHandler, {
      path: "/bookings", key: appKey, actingAs: customer(), body: { ...bookingBody(), metadata: { order_id: "A-1042", crm: "x" } }, headers: now,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.metadata).toEqual({ order_id: "A-1042", crm: "x" });
    const id = created.json.id as number;
    const etag = created.headers.get("etag");
    const changed = await update(id, { metadata: { crm: "", invoice: "INV-7", order_id: null } }, chef());
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.metadata).toEqual({ invoice: "INV-7" });
    expect(changed.headers.get("etag")).toBe(etag);
    const read = await callRoute(getBookingRoute as RouteHandler, { path: `/bookings/${id}`, params: { bookingId: String(id) }, key: appKey, actingAs: customer(), headers: now });
    expect(read.json.metadata).toEqual({ invoice: "INV-7" });
    const listed = await callRoute(listBookingsRoute as RouteHandler, { path: "/bookings?limit=1", key: appKey, actingAs: customer(), headers: now });
    expect(listed.json.data[0]).toMatchObject({ id, metadata: { invoice: "INV-7" } });
  });

  it("is bounded like Stripe's: 20 keys of 40 characters, values of 500; nothing written past it", async () => {
    const created = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingBody(), headers: now });
    const id = created.json.id as number;
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"]));
    const cases: Array<[unknown, string]> = [
      [{ metadata: many }, "metadata"],
      [{ metadata: { ["k".repeat(41)]: "v" } }, `metadata.${"k".repeat(41)}`],
      [{ metadata: { order: "v".repeat(501) } }, "metadata.order"],
      [{ metadata: { order: 42 } }, "metadata.order"],
    ];
    for (const [body, param] of cases) {
      const answer = await update(id, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.error.code).toBe("INVALID_INPUT");
      expect(answer.json.error.param).toBe(param);
    }
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, "v"]));
    expect((await update(id, { metadata: twenty })).status).toBe(200);
    const oneMore = await update(id, { metadata: { extra: "v" } });
    expect(oneMore.status).toBe(400);
    expect(oneMore.json.error.message).toContain("at most 20");
    expect(Object.keys((await database.db.booking.findUniqueOrThrow({ where: { id } })).metadata as object)).toHaveLength(20);
    const tooManyAtCreation = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: { ...bookingBody(), metadata: many }, headers: now });
    expect(tooManyAtCreation.status).toBe(400);
  });

  it("another customer's booking answers 404", async () => {
    const created = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingBody(), headers: now });
    const answer = await update(created.json.id, { metadata: { a: "b" } }, `customer:${people.customers[1]}`);
    expect(answer.status).toBe(404);
  });
});
