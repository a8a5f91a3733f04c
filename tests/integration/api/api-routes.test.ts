// Issue 6, test 5: every /api/v1 route, called as Next calls it (exported handler, real Request)
// against real PostgreSQL with the real marketplace use cases. For each route: no key, a revoked
// key, bad JSON, wrong types, an unknown id, and a wrong state answer the documented status and
// code and write nothing (a fingerprint of every table is unchanged); the same Idempotency-Key
// twice has one effect and returns the first response; the same key with another body is
// refused; concurrent identical payments charge once. The request clock is X-Duly-Now (the
// server time-travels in tests), so nothing depends on today's date.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as requestBookingRoute } from "../../../app/api/v1/bookings/route.ts";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { POST as acceptRoute } from "../../../app/api/v1/bookings/[bookingId]/accept/route.ts";
import { POST as declineRoute } from "../../../app/api/v1/bookings/[bookingId]/decline/route.ts";
import { POST as payRoute } from "../../../app/api/v1/bookings/[bookingId]/pay/route.ts";
import { POST as checkoutRoute } from "../../../app/api/v1/bookings/[bookingId]/checkout/route.ts";
import { POST as moveRoute } from "../../../app/api/v1/bookings/[bookingId]/move/route.ts";
import { POST as cancelRoute } from "../../../app/api/v1/bookings/[bookingId]/cancel/route.ts";
import { POST as requestMoveRoute } from "../../../app/api/v1/bookings/[bookingId]/move-requests/route.ts";
import { POST as acceptMoveRoute } from "../../../app/api/v1/move-requests/[moveRequestId]/accept/route.ts";
import { POST as declineMoveRoute } from "../../../app/api/v1/move-requests/[moveRequestId]/decline/route.ts";
import { POST as openDisputeRoute } from "../../../app/api/v1/bookings/[bookingId]/disputes/route.ts";
import { POST as replyRoute } from "../../../app/api/v1/disputes/[disputeId]/reply/route.ts";
import { POST as postAuctionRoute } from "../../../app/api/v1/auctions/route.ts";
import { GET as getAuctionRoute } from "../../../app/api/v1/auctions/[auctionId]/route.ts";
import { POST as bidRoute } from "../../../app/api/v1/auctions/[auctionId]/bids/route.ts";
import { GET as notFoundRoute } from "../../../app/api/v1/[...path]/route.ts";
import { revokeApiKey } from "../../../lib/api/keys/api-keys.ts";
import type { Db } from "../../../lib/db/client.ts";
import {
  acceptBooking, acceptMove, closeEvent, declineBooking, declineMove, openDispute, payBooking, postAuction, replyToDispute, requestBooking,
  requestMove, systemActor, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { callRoute, newKey, useAppDatabase, type ApiAnswer, type ApiCall, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-03-01T09:00:00Z");
const eventAt = at(t0, 60 * day);
const price = 150_00;
let people: People;
let appKey: string;
let revokedKey: string;

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  appKey = await newKey(database.db, { name: "routes test" });
  revokedKey = await newKey(database.db, { name: "revoked" });
  await revokeApiKey(database.db, revokedKey.slice(0, 13), t0);
});

// New people for every test: a chef holds one booking per evening, and every booking here is
// for the same evening.
beforeEach(async () => {
  people = await registerPeople(database.db, t0);
});

/** A digest of every table a route could write: equal digests, nothing written. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const [row] = await db.$queryRaw<Record<string, string>[]>`
    SELECT
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM customers t) AS customers,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM chefs t) AS chefs,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM bookings t) AS bookings,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM disputes t) AS disputes,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM auctions t) AS auctions,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM bids t) AS bids,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM ledger_entries t) AS ledger,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM scheduled_jobs t) AS jobs,
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM idempotency_records t) AS idempotency,
      -- Less when each key was last used: every request notes that (issue 14, item 9).
      (SELECT md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at')::text, '|' ORDER BY t.id), '')) FROM api_keys t) AS keys`;
  return row;
}

const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });
/** X-Acting-As for a party; none for the platform (an app key acting for no party). */
const label = (actor: Actor) => (actor.kind === "customer" ? `customer:${actor.customerId}` : actor.kind === "chef" ? `chef:${actor.chefId}` : undefined);
const platform: Actor = systemActor("platform");

async function requested(): Promise<number> {
  const booking = await requestBooking(as(people.customer()), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: price, currency: "EUR",
  });
  return booking.id;
}
async function accepted(): Promise<number> {
  const id = await requested();
  await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: id });
  return id;
}
async function declined(): Promise<number> {
  const id = await requested();
  await declineBooking(as(people.chef(), at(t0, hour)), { bookingId: id, reason: "busy" });
  return id;
}
async function paid(): Promise<number> {
  const id = await accepted();
  await payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: id, amountMinor: price, currency: "EUR" });
  return id;
}
/** Paid, and its event time has come (the close-event deadline's use case, as its job would run it). */
async function closed(): Promise<number> {
  const id = await paid();
  await closeEvent({ db: database.db, actor: systemActor("test"), now: eventAt }, { bookingId: id });
  return id;
}
async function disputed(): Promise<number> {
  const id = await closed();
  return (await openDispute(as(people.customer(), at(eventAt, hour)), { bookingId: id, reason: "no show" })).id;
}
async function repliedDispute(): Promise<number> {
  const disputeId = await disputed();
  await replyToDispute(as(people.chef(), at(eventAt, 2 * hour)), { disputeId, reply: "I was there" });
  return disputeId;
}
/** A paid booking's pending move request (its id). */
async function pendingMove(): Promise<number> {
  const bookingId = await paid();
  return (await requestMove(as(people.customer(), at(t0, 3 * hour)), { bookingId, eventAt: at(eventAt, 7 * day).toISOString() })).id;
}
async function declinedMove(): Promise<number> {
  const id = await pendingMove();
  await declineMove(as(people.chef(), at(t0, 4 * hour)), { moveRequestId: id });
  return id;
}
async function acceptedMove(): Promise<number> {
  const id = await pendingMove();
  await acceptMove(as(people.chef(), at(t0, 4 * hour)), { moveRequestId: id });
  return id;
}
async function openAuction(): Promise<number> {
  const auction = await postAuction(as(people.customer()), {
    closesAt: at(t0, 2 * day).toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Nice", currency: "EUR", maxPriceMinor: 200_00,
  });
  return auction.id;
}

interface RouteCase {
  name: string;
  handler: RouteHandler;
  method: "GET" | "POST";
  /** The id param's name, for routes with one. */
  idParam?: string;
  path: (id: number) => string;
  /** Who acts (an app key's X-Acting-As). */
  actor: () => Actor;
  /** Only the platform may call it (an app key naming no party): it owns no record. */
  byPlatform?: true;
  /** A record the call succeeds on (a fresh one per call). */
  ready?: () => Promise<number>;
  body?: () => Record<string, unknown>;
  /** A body of the right shape with wrong types. */
  wrongTypes?: Record<string, unknown>;
  /** A record the call is refused on because of its state (409 INVALID_STATE), and the request's clock. */
  wrongState?: () => Promise<{ id: number; now?: Date }>;
  /** An id in the body that names nothing (creates have no id in the path). */
  unknownInBody?: Record<string, unknown>;
  /** The success status. */
  ok: number;
  /** The POST takes no input: it must work with no body at all. */
  takesNoBody?: boolean;
  /** Another valid body, for "the same Idempotency-Key with another body". */
  otherBody?: () => Record<string, unknown>;
  /** The requests' clock (default: half an hour after t0). */
  now?: Date;
}

const requestBody = () => ({ chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Paris", priceMinor: price, currency: "EUR" });
const auctionBody = () => ({ closesAt: at(t0, 3 * day).toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Nice", currency: "EUR", maxPriceMinor: 300_00 });

const routes: RouteCase[] = [
  {
    name: "POST /bookings", otherBody: () => ({ ...requestBody(), place: "Marseille" }), handler: requestBookingRoute as RouteHandler, method: "POST", path: () => "/bookings", actor: () => people.customer(),
    body: requestBody, wrongTypes: { chefId: "one", eventAt: 5, timeZone: "Europe/Paris", place: "Paris", priceMinor: "150", currency: "EUR" },
    unknownInBody: { chefId: 999_999 }, ok: 201,
  },
  {
    name: "GET /bookings/:id", handler: getBookingRoute as RouteHandler, method: "GET", idParam: "bookingId", path: (id) => `/bookings/${id}`,
    actor: () => people.customer(), ready: paid, ok: 200,
  },
  {
    name: "POST /bookings/:id/accept", handler: acceptRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/accept`,
    actor: () => people.chef(), ready: requested, body: () => ({}), takesNoBody: true, wrongTypes: { bookingId: "7" },
    wrongState: async () => ({ id: await accepted() }), ok: 200,
  },
  {
    name: "POST /bookings/:id/decline", otherBody: () => ({ reason: "on holiday" }), handler: declineRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/decline`,
    actor: () => people.chef(), ready: requested, body: () => ({ reason: "fully booked" }), wrongTypes: { reason: 42 },
    wrongState: async () => ({ id: await paid() }), ok: 200,
  },
  {
    name: "POST /bookings/:id/checkout", handler: checkoutRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/checkout`,
    actor: () => people.customer(), ready: accepted, body: () => ({}), takesNoBody: true, wrongTypes: { amountMinor: 1 },
    wrongState: async () => ({ id: await declined() }), ok: 200,
  },
  {
    // Only the platform records a captured payment (an app key acting for no party).
    name: "POST /bookings/:id/pay", otherBody: () => ({ amountMinor: price, currency: "EUR", paymentKey: "psp_other" }), handler: payRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/pay`,
    actor: () => platform, byPlatform: true, ready: accepted, body: () => ({ amountMinor: price, currency: "EUR" }), wrongTypes: { amountMinor: "150.00", currency: 978 },
    wrongState: async () => ({ id: await declined() }), ok: 200,
  },
  {
    name: "POST /bookings/:id/move", otherBody: () => ({ eventAt: at(eventAt, 8 * day).toISOString() }), handler: moveRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/move`,
    actor: () => people.customer(), ready: requested, body: () => ({ eventAt: at(eventAt, 7 * day).toISOString() }), wrongTypes: { eventAt: 1_800_000_000 },
    // The chef agreed to a paid booking's time: a move is a request the chef answers.
    wrongState: async () => ({ id: await paid() }), ok: 200,
  },
  {
    name: "POST /bookings/:id/move-requests", otherBody: () => ({ eventAt: at(eventAt, 8 * day).toISOString() }), handler: requestMoveRoute as RouteHandler, method: "POST", idParam: "bookingId",
    path: (id) => `/bookings/${id}/move-requests`, actor: () => people.customer(), ready: paid, body: () => ({ eventAt: at(eventAt, 7 * day).toISOString() }),
    wrongTypes: { eventAt: "next week" },
    // A past event cannot be moved: the request's clock is after the event.
    wrongState: async () => ({ id: await paid(), now: at(eventAt, hour) }), ok: 201,
  },
  {
    name: "POST /move-requests/:id/accept", handler: acceptMoveRoute as RouteHandler, method: "POST", idParam: "moveRequestId", path: (id) => `/move-requests/${id}/accept`,
    actor: () => people.chef(), ready: pendingMove, body: () => ({}), takesNoBody: true, wrongTypes: { moveRequestId: "7" },
    wrongState: async () => ({ id: await declinedMove() }), ok: 200, now: at(t0, 5 * hour),
  },
  {
    name: "POST /move-requests/:id/decline", otherBody: () => ({ reason: "fully booked" }), handler: declineMoveRoute as RouteHandler, method: "POST", idParam: "moveRequestId",
    path: (id) => `/move-requests/${id}/decline`, actor: () => people.chef(), ready: pendingMove, body: () => ({ reason: "a wedding that day" }), wrongTypes: { reason: 5 },
    wrongState: async () => ({ id: await acceptedMove() }), ok: 200, now: at(t0, 5 * hour),
  },
  {
    name: "POST /bookings/:id/cancel", otherBody: () => ({ reason: "ill" }), handler: cancelRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/cancel`,
    actor: () => people.customer(), ready: paid, body: () => ({ reason: "plans changed" }), wrongTypes: { reason: ["plans"] },
    wrongState: async () => ({ id: await declined() }), ok: 200,
  },
  {
    name: "POST /bookings/:id/disputes", otherBody: () => ({ reason: "cold food" }), handler: openDisputeRoute as RouteHandler, method: "POST", idParam: "bookingId", path: (id) => `/bookings/${id}/disputes`,
    actor: () => people.customer(), ready: closed, body: () => ({ reason: "the chef never came" }), wrongTypes: { reason: { text: "x" } },
    wrongState: async () => ({ id: await requested() }), ok: 201, now: at(eventAt, 2 * hour),
  },
  {
    name: "POST /disputes/:id/reply", otherBody: () => ({ reply: "they cancelled" }), handler: replyRoute as RouteHandler, method: "POST", idParam: "disputeId", path: (id) => `/disputes/${id}/reply`,
    actor: () => people.chef(), ready: disputed, body: () => ({ reply: "I came at 7" }), wrongTypes: { reply: true },
    wrongState: async () => ({ id: await repliedDispute() }), ok: 200, now: at(eventAt, 3 * hour),
  },
  {
    name: "POST /auctions", otherBody: () => ({ ...auctionBody(), place: "Cannes" }), handler: postAuctionRoute as RouteHandler, method: "POST", path: () => "/auctions", actor: () => people.customer(),
    body: auctionBody, wrongTypes: { closesAt: "tomorrow", eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Nice", currency: "EUR", maxPriceMinor: -5 },
    ok: 201,
  },
  {
    name: "GET /auctions/:id", handler: getAuctionRoute as RouteHandler, method: "GET", idParam: "auctionId", path: (id) => `/auctions/${id}`,
    actor: () => people.customer(), ready: openAuction, ok: 200,
  },
  {
    name: "POST /auctions/:id/bids", otherBody: () => ({ priceMinor: 170_00 }), handler: bidRoute as RouteHandler, method: "POST", idParam: "auctionId", path: (id) => `/auctions/${id}/bids`,
    actor: () => people.chef(), ready: openAuction, body: () => ({ priceMinor: 180_00 }), wrongTypes: { priceMinor: "180" },
    // Bidding on a closed auction: the request's clock is past its close.
    wrongState: async () => ({ id: await openAuction(), now: at(t0, 2 * day + hour) }), ok: 201,
  },
];

function call(route: RouteCase, id: number, extra: Partial<ApiCall> & { now?: Date } = {}): Promise<ApiAnswer> {
  const { now = route.now ?? at(t0, 30 * 60_000), ...rest } = extra;
  return callRoute(route.handler, {
    method: route.method,
    path: route.path(id),
    params: route.idParam ? { [route.idParam]: String(id) } : {},
    key: appKey,
    actingAs: label(route.actor()),
    body: route.method === "POST" ? (route.body?.() ?? {}) : undefined,
    ...rest,
    headers: { "x-duly-now": now.toISOString(), ...rest.headers },
  });
}

function expectRefusal(answer: ApiAnswer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.json?.error?.code }).toEqual({ status, code });
  expect(typeof answer.json.error.message).toBe("string");
  expect(answer.text).not.toMatch(/\n\s+at |\.ts:\d+/);
}

/** Runs `refused` and checks it wrote nothing at all. */
async function refusedWithoutWriting(refused: () => Promise<ApiAnswer>, status: number, code: string): Promise<ApiAnswer> {
  const before = await fingerprint(database.db);
  const answer = await refused();
  expectRefusal(answer, status, code);
  expect(await fingerprint(database.db)).toEqual(before);
  return answer;
}

describe.each(routes)("$name", (route) => {
  const idFor = async () => (route.ready ? await route.ready() : 0);

  it("answers with its success status and documented body for a good call", async () => {
    const answer = await call(route, await idFor());
    expect(answer.status, answer.text).toBe(route.ok);
  });

  if (route.takesNoBody) it("takes no body at all (as curl -X POST sends it)", async () => {
    const id = await idFor();
    const answer = await callRoute(route.handler, {
      method: "POST", path: route.path(id), params: route.idParam ? { [route.idParam]: String(id) } : {}, key: appKey, actingAs: label(route.actor()),
      headers: { "x-duly-now": (route.now ?? at(t0, 30 * 60_000)).toISOString() },
    });
    expect(answer.status, answer.text).toBe(route.ok);
  });

  it("refuses a missing key (401 UNAUTHENTICATED) and a revoked key (401 API_KEY_REVOKED), writing nothing", async () => {
    const id = await idFor();
    await refusedWithoutWriting(() => call(route, id, { key: undefined }), 401, "UNAUTHENTICATED");
    await refusedWithoutWriting(() => call(route, id, { key: revokedKey }), 401, "API_KEY_REVOKED");
    await refusedWithoutWriting(() => call(route, id, { key: `${appKey.slice(0, -3)}xyz` }), 401, "UNAUTHENTICATED");
  });

  it("refuses an app key that names no party (400 ACTING_AS_REQUIRED) or the wrong kind (403 ACTING_AS_FORBIDDEN)", async () => {
    const id = await idFor();
    const kind = route.actor().kind;
    if (route.byPlatform) {
      // The platform's route: any party is the wrong kind, the customer above all.
      await refusedWithoutWriting(() => call(route, id, { actingAs: `customer:${people.customers[0]}` }), 403, "ACTING_AS_FORBIDDEN");
      await refusedWithoutWriting(() => call(route, id, { actingAs: `chef:${people.chefs[0]}` }), 403, "ACTING_AS_FORBIDDEN");
      return;
    }
    // GET /bookings/:id also serves the platform (an app key naming no party).
    if (route.name !== "GET /bookings/:id") await refusedWithoutWriting(() => call(route, id, { actingAs: undefined }), 400, "ACTING_AS_REQUIRED");
    const wrongKind = kind === "chef" ? `customer:${people.customers[0]}` : `chef:${people.chefs[0]}`;
    if (route.name !== "GET /bookings/:id" && route.name !== "GET /auctions/:id" && route.name !== "POST /bookings/:id/cancel") {
      await refusedWithoutWriting(() => call(route, id, { actingAs: wrongKind }), 403, "ACTING_AS_FORBIDDEN");
    }
  });

  // Any chef may bid on any open auction; creates have no record yet; the platform owns no record.
  if (route.idParam !== undefined && route.name !== "POST /auctions/:id/bids" && !route.byPlatform) {
    it("answers another customer's or chef's record exactly as a missing one (404 NOT_FOUND), writing nothing", async () => {
      const id = await idFor();
      const other = route.actor().kind === "chef" ? `chef:${people.chefs[1]}` : `customer:${people.customers[1]}`;
      const hidden = await refusedWithoutWriting(() => call(route, id, { actingAs: other }), 404, "NOT_FOUND");
      const missing = await call(route, 2_000_000_000, { actingAs: other });
      // Alike but for the request's own id (each answer names its request).
      const alike = (text: string, id: number) => text.replace(/"(request_id|doc_url)":"[^"]+"/g, "").replaceAll(String(id), "<id>");
      expect(alike(hidden.text, id)).toBe(alike(missing.text, 2_000_000_000));
    });
  }

  if (route.method === "POST") it("refuses bad JSON (400 INVALID_JSON) and wrong types (400 INVALID_INPUT), writing nothing", async () => {
    const id = await idFor();
    await refusedWithoutWriting(() => call(route, id, { body: '{"broken": ' }), 400, "INVALID_JSON");
    const wrong = await refusedWithoutWriting(() => call(route, id, { body: route.wrongTypes }), 400, "INVALID_INPUT");
    expect(wrong.json.error.issues.length).toBeGreaterThan(0);
    expect(wrong.json.error.issues.every((issue: { path: string[] }) => issue.path[0] === "body")).toBe(true);
    await refusedWithoutWriting(() => call(route, id, { body: "[]" }), 400, "INVALID_INPUT");
    await refusedWithoutWriting(() => call(route, id, { body: "x=1", contentType: "application/x-www-form-urlencoded" }), 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  if (route.idParam !== undefined) it("refuses an unknown id (404 NOT_FOUND) and a malformed id (400 INVALID_INPUT), writing nothing", async () => {
    await idFor();
    await refusedWithoutWriting(() => call(route, 2_000_000_000), 404, "NOT_FOUND");
    const malformed = await refusedWithoutWriting(
      () => callRoute(route.handler, { method: route.method, path: route.path(0), params: { [route.idParam!]: "12abc" }, key: appKey, actingAs: label(route.actor()), body: route.method === "POST" ? route.body?.() : undefined }),
      400,
      "INVALID_INPUT",
    );
    expect(malformed.json.error.issues[0].path).toEqual(["params", route.idParam]);
  });

  if (route.unknownInBody !== undefined) it("refuses an unknown id in the body (404 NOT_FOUND), writing nothing", async () => {
    await refusedWithoutWriting(() => call(route, 0, { body: { ...route.body!(), ...route.unknownInBody } }), 404, "NOT_FOUND");
  });

  if (route.wrongState !== undefined) it("refuses a record in the wrong state (409 INVALID_STATE naming it), writing nothing", async () => {
    const { id, now } = await route.wrongState!();
    const answer = await refusedWithoutWriting(() => call(route, id, now ? { now } : {}), 409, "INVALID_STATE");
    expect(answer.json.error.message.length).toBeGreaterThan(10);
  });

  if (route.method === "POST") it("the same Idempotency-Key twice: one effect, the first response again; another body with it is refused", async () => {
    const id = await idFor();
    const key = `idem-${route.name.replace(/[^a-z]+/gi, "-")}`;
    const first = await call(route, id, { idempotencyKey: key });
    expect(first.status, first.text).toBe(route.ok);
    const afterFirst = await fingerprint(database.db);
    const second = await call(route, id, { idempotencyKey: key });
    expect(second.status).toBe(route.ok);
    expect(second.text).toBe(first.text);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await fingerprint(database.db)).toEqual(afterFirst);
    // Another valid request with the same key: another body where the route takes one, else another party of the same kind.
    const other = route.otherBody
      ? { body: route.otherBody() }
      : { actingAs: route.actor().kind === "chef" ? `chef:${people.chefs[1]}` : `customer:${people.customers[1]}` };
    const reused = await refusedWithoutWriting(() => call(route, id, { idempotencyKey: key, ...other }), 422, "IDEMPOTENCY_KEY_REUSED");
    expect(reused.json.error.message).toContain(route.path(id));
  });
});

describe("concurrency through the API", () => {
  it("two identical payments with one Idempotency-Key at once: one charge, both answers the same", async () => {
    const id = await accepted();
    const route = routes.find((r) => r.name === "POST /bookings/:id/pay")!;
    const answers = await Promise.all([1, 2].map(() => call(route, id, { idempotencyKey: `pay-${id}` })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.text).toBe(answers[1]!.text);
    expect(await database.db.ledgerEntry.count({ where: { bookingId: id, kind: "charge" } })).toBe(1);
  });

  it("five bids by one chef with one Idempotency-Key at once: one bid row, one answer", async () => {
    const id = await openAuction();
    const route = routes.find((r) => r.name === "POST /auctions/:id/bids")!;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call(route, id, { idempotencyKey: `bid-${id}` })));
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(await database.db.bid.count({ where: { auctionId: id } })).toBe(1);
  });

  it("a booking requested twice at once with one Idempotency-Key is one booking with one accept deadline", async () => {
    const route = routes[0]!;
    const before = await database.db.booking.count();
    const answers = await Promise.all([1, 2, 3].map(() => call(route, 0, { idempotencyKey: "request-once" })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(await database.db.booking.count()).toBe(before + 1);
    const bookingId = answers[0]!.json.id as number;
    expect(await database.db.scheduledJob.count({ where: { subjectType: "booking", subjectId: String(bookingId), status: "pending" } })).toBe(1);
  });
});

describe("reads", () => {
  it("GET /bookings/:id shows the upcoming deadlines and the ledger", async () => {
    const id = await paid();
    const route = routes.find((r) => r.name === "GET /bookings/:id")!;
    const answer = await call(route, id);
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe("paid");
    expect(answer.json.ledger.map((entry: { kind: string; amountMinor: number }) => [entry.kind, entry.amountMinor])).toEqual([["charge", price]]);
    expect(answer.json.money).toEqual({ chargedMinor: price, paidOutMinor: 0, refundedMinor: 0, heldMinor: price });
    expect(answer.json.deadlines).toEqual([expect.objectContaining({ runAt: eventAt.toISOString(), status: "pending" })]);
  });

  it("an unknown path under /api/v1 is a JSON 404 ROUTE_NOT_FOUND", async () => {
    const answer = await callRoute(notFoundRoute as unknown as RouteHandler, { path: "/bookingz/1" });
    expectRefusal(answer, 404, "ROUTE_NOT_FOUND");
  });
});
