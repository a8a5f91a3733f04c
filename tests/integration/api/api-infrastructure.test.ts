// The /api/v1 infrastructure (app/api/v1/_lib/api-route.ts, lib/api/*) with a stand-in use case
// that really writes (it creates a customer), against real PostgreSQL: keys, acting party,
// body parsing, the error envelope, and Idempotency-Key (replay, reuse with another body,
// concurrent duplicates, a duplicate that waits too long, refusals not recorded). Every refusal
// is checked to have written nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiRoute, apiRouteLimits } from "../../../app/api/v1/_lib/api-route.ts";
import { defineEndpoint, idParam } from "../../../lib/api/endpoint.ts";
import { revokeApiKey } from "../../../lib/api/keys/api-keys.ts";
import { DulyError, ErrorCode } from "../../../lib/errors.ts";
import { GET as getMe } from "../../../app/api/v1/me/route.ts";
import { callRoute, newKey, useAppDatabase, type ApiAnswer, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";

const database = useTestDatabase();
useAppDatabase(database);

const CustomerView = z.object({ id: z.number().int(), name: z.string(), actingAs: z.string() });
const createCustomer = defineEndpoint({
  operationId: "testCreateCustomer",
  method: "post",
  path: "/test/customers",
  summary: "test double",
  tag: "Test",
  parties: ["customer", "chef"],
  body: z.object({ name: z.string().min(1).max(50), email: z.email(), sleepMs: z.number().int().max(5000).optional(), fail: z.enum(["state", "crash", "schema"]).optional() }).strict(),
  response: CustomerView,
  successStatus: 201,
  location: (customer) => `/test/customers/${customer.id}`,
});
const renameCustomer = defineEndpoint({
  operationId: "testRenameCustomer",
  method: "post",
  path: "/test/customers/{customerId}/rename",
  summary: "test double",
  tag: "Test",
  parties: ["customer"],
  params: z.object({ customerId: idParam("customer") }),
  body: z.object({ name: z.string().min(1) }).strict(),
  response: CustomerView,
  successStatus: 200,
});

/** The stand-in use case: a real write, an optional wait, and each kind of failure after the write. */
const createRoute = apiRoute(createCustomer, async ({ db, party, body }) => {
  const customer = await db.customer.create({ data: { name: body.name, email: body.email } });
  if (body.sleepMs) await db.$queryRaw`SELECT 1 AS slept FROM pg_sleep(${body.sleepMs / 1000})`;
  if (body.fail === "state") throw new DulyError(ErrorCode.InvalidState, "the stand-in refuses: state is wrong");
  if (body.fail === "crash") throw new Error("boom: a bug after the write, with internals /srv/secret");
  const actingAs = party.kind === "customer" ? `customer:${party.customerId}` : `chef:${party.chefId}`;
  const view = { id: customer.id, name: customer.name, actingAs };
  // A bug in a route: an answer that breaks its own documented schema.
  return body.fail === "schema" ? ({ ...view, id: "not a number" } as unknown as typeof view) : view;
}) as RouteHandler;
const renameRoute = apiRoute(renameCustomer, async ({ db, party, params, body }) => {
  if (party.customerId !== params.customerId) throw new DulyError(ErrorCode.NotAllowed, "only the customer may rename themself");
  const found = await db.customer.findUnique({ where: { id: params.customerId } });
  if (!found) throw new DulyError(ErrorCode.NotFound, `no customer has id ${params.customerId}`);
  const customer = await db.customer.update({ where: { id: params.customerId }, data: { name: body.name } });
  return { id: customer.id, name: customer.name, actingAs: `customer:${party.customerId}` };
}) as RouteHandler;
const me = getMe as unknown as RouteHandler;
const clockEndpoint = defineEndpoint({
  operationId: "testClock", method: "get", path: "/test/clock", summary: "test double", tag: "Test", parties: [],
  response: z.object({ now: z.string() }), successStatus: 200,
});
const clockRoute = apiRoute(clockEndpoint, async ({ now }) => ({ now: now.toISOString() })) as RouteHandler;

const customers = () => database.db.customer.count();
const records = () => database.db.idempotencyRecord.count();
let emailCounter = 0;
const email = () => `person${++emailCounter}@example.test`;

afterEach(() => {
  apiRouteLimits.idempotencyWaitMs = 10_000;
  vi.restoreAllMocks();
});

function expectEnvelope(answer: ApiAnswer, code: string) {
  expect(answer.json.error.code).toBe(code);
  expect(typeof answer.json.error.message).toBe("string");
  expect(answer.text).not.toMatch(/\n\s+at |\.ts:\d+/); // never a stack trace
}

describe("API keys", () => {
  it("answers 401 UNAUTHENTICATED without a key, with a malformed or unknown key; API_KEY_REVOKED for a revoked one", async () => {
    expectEnvelope(await callRoute(me, { path: "/me" }), "UNAUTHENTICATED");
    expectEnvelope(await callRoute(me, { path: "/me", key: "not-a-key" }), "UNAUTHENTICATED");
    expectEnvelope(await callRoute(me, { path: "/me", headers: { authorization: "Basic dXNlcjpwYXNz" } }), "UNAUTHENTICATED");
    const valid = await newKey(database.db);
    const unknown = `${valid.slice(0, -4)}AAAA`;
    const answer = await callRoute(me, { path: "/me", key: unknown });
    expect(answer.status).toBe(401);
    expectEnvelope(answer, "UNAUTHENTICATED");

    const ok = await callRoute(me, { path: "/me", key: valid });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ apiKey: { prefix: valid.slice(0, 13), scope: "app" }, actingAs: null });

    await revokeApiKey(database.db, valid.slice(0, 13), new Date("2026-12-01T10:00:00Z"));
    const revoked = await callRoute(me, { path: "/me", key: valid });
    expect(revoked.status).toBe(401);
    expectEnvelope(revoked, "API_KEY_REVOKED");
    expect(revoked.json.error.message).toContain("2026-12-01T10:00:00.000Z");
  });

  it("stores only a hash and a prefix of the token", async () => {
    const token = await newKey(database.db, { name: "hash check" });
    const row = await database.db.apiKey.findFirstOrThrow({ where: { name: "hash check" } });
    expect(row.prefix).toBe(token.slice(0, 13));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(14));
  });

  it("refuses a POST with a revoked key and writes nothing", async () => {
    const key = await newKey(database.db);
    await revokeApiKey(database.db, key.slice(0, 13), new Date("2026-12-01T10:00:00Z"));
    const before = await customers();
    const answer = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: { name: "A", email: email() }, idempotencyKey: "k-revoked" });
    expect(answer.status).toBe(401);
    expectEnvelope(answer, "API_KEY_REVOKED");
    expect(await customers()).toBe(before);
    expect(await records()).toBe(0);
  });
});

describe("the acting party", () => {
  it("an app key names it in X-Acting-As; without one a party route answers 400 ACTING_AS_REQUIRED", async () => {
    const key = await newKey(database.db);
    const before = await customers();
    const missing = await callRoute(createRoute, { path: "/test/customers", key, body: { name: "A", email: email() } });
    expect(missing.status).toBe(400);
    expectEnvelope(missing, "ACTING_AS_REQUIRED");
    for (const bad of ["customer", "customer:0", "customer:abc", "operator:1", "customer:99999999999", "chef:1 ; drop"]) {
      const answer = await callRoute(createRoute, { path: "/test/customers", key, actingAs: bad, body: { name: "A", email: email() } });
      expect(answer.status, bad).toBe(400);
      expectEnvelope(answer, "INVALID_ACTING_AS");
    }
    expect(await customers()).toBe(before);
    const chef = await database.db.chef.create({ data: { name: "Named", email: email() } });
    const asChef = await callRoute(me, { path: "/me", key, actingAs: `chef:${chef.id}` });
    expect(asChef.json.actingAs).toBe(`chef:${chef.id}`);
  });

  it("a bound key acts as its party only: naming another is 403 ACTING_AS_FORBIDDEN", async () => {
    const customer = await database.db.customer.create({ data: { name: "Bound", email: email() } });
    const key = await newKey(database.db, { scope: "customer", partyId: customer.id });
    expect((await callRoute(me, { path: "/me", key })).json.actingAs).toBe(`customer:${customer.id}`);
    expect((await callRoute(me, { path: "/me", key, actingAs: `customer:${customer.id}` })).status).toBe(200);
    const other = await callRoute(me, { path: "/me", key, actingAs: `customer:${customer.id + 1}` });
    expect(other.status).toBe(403);
    expectEnvelope(other, "ACTING_AS_FORBIDDEN");
  });

  it("a route for customers refuses a chef with 403 ACTING_AS_FORBIDDEN, writing nothing", async () => {
    const key = await newKey(database.db);
    const customer = await database.db.customer.create({ data: { name: "Keep", email: email() } });
    const answer = await callRoute(renameRoute, { path: `/test/customers/${customer.id}/rename`, params: { customerId: String(customer.id) }, key, actingAs: "chef:1", body: { name: "Changed" } });
    expect(answer.status).toBe(403);
    expectEnvelope(answer, "ACTING_AS_FORBIDDEN");
    expect((await database.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).name).toBe("Keep");
  });
});

describe("bodies, paths and the error envelope", () => {
  it("refuses bad JSON, wrong types, unknown keys, bad media types, huge and deep bodies, NUL and lone surrogates: nothing written", async () => {
    const key = await newKey(database.db);
    const before = await customers();
    const post = (body: unknown, extra: { contentType?: string | null } = {}) =>
      callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body, idempotencyKey: `bad-${Math.random()}`, ...extra });

    expectEnvelope(await post("{not json"), "INVALID_JSON");
    const empty = await post("");
    expectEnvelope(empty, "INVALID_INPUT"); // no body reads as {}: the missing fields are named
    expect(empty.json.error.issues.map((issue: { path: string[] }) => issue.path.join("."))).toEqual(["body.name", "body.email"]);
    expectEnvelope(await post("[1,2"), "INVALID_JSON");
    const wrongTypes = await post({ name: 42, email: "nope" });
    expect(wrongTypes.status).toBe(400);
    expectEnvelope(wrongTypes, "INVALID_INPUT");
    expect(wrongTypes.json.error.issues.map((issue: { path: string[] }) => issue.path.join("."))).toEqual(["body.name", "body.email"]);
    expectEnvelope(await post({ name: "A", email: email(), admin: true }), "INVALID_INPUT");
    expectEnvelope(await post([]), "INVALID_INPUT");
    expectEnvelope(await post(null), "INVALID_INPUT");
    const form = await post("name=A", { contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expectEnvelope(form, "UNSUPPORTED_MEDIA_TYPE");
    const huge = await post({ name: "A", email: email(), pad: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
    expectEnvelope(huge, "PAYLOAD_TOO_LARGE");
    const deep = await post(`${"[".repeat(5000)}${"]".repeat(5000)}`);
    expect(deep.status).toBe(400);
    expectEnvelope(deep, "INVALID_INPUT");
    const nul = await post({ name: "A\u0000B", email: email() });
    expect(nul.status).toBe(400);
    expect(nul.json.error.issues[0].path).toEqual(["body", "name"]);
    expectEnvelope(await post(`{"name":"\\ud800","email":"${email()}"}`), "INVALID_INPUT");
    const notUtf8 = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.json.error.message).toMatch(/UTF-8/);

    expect(await customers()).toBe(before);
    expect(await records()).toBe(0);
  });

  it("refuses bad path ids with 400 INVALID_INPUT and unknown ids with the use case's 404, writing nothing", async () => {
    const key = await newKey(database.db);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "1e3"]) {
      const answer = await callRoute(renameRoute, { path: `/test/customers/${id}/rename`, params: { customerId: id }, key, actingAs: `customer:1`, body: { name: "X" } });
      expect(answer.status, id).toBe(400);
      expect(answer.json.error.issues[0].path).toEqual(["params", "customerId"]);
    }
    const unknown = await callRoute(renameRoute, { path: "/test/customers/2147483647/rename", params: { customerId: "2147483647" }, key, actingAs: "customer:2147483647", body: { name: "X" } });
    expect(unknown.status).toBe(404);
    expectEnvelope(unknown, "NOT_FOUND");
  });

  it("a domain refusal is its code's status; a bug is 500 INTERNAL without details, logged; either way the write is rolled back", async () => {
    const key = await newKey(database.db);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = await customers();
    const refused = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: { name: "A", email: email(), fail: "state" }, idempotencyKey: "k-state" });
    expect(refused.status).toBe(409);
    expectEnvelope(refused, "INVALID_STATE");
    const crashed = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: { name: "A", email: email(), fail: "crash" }, idempotencyKey: "k-crash" });
    expect(crashed.status).toBe(500);
    expectEnvelope(crashed, "INTERNAL");
    expect(crashed.text).not.toContain("boom");
    expect(crashed.text).not.toContain("/srv/secret");
    const wrongShape = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: { name: "A", email: email(), fail: "schema" } });
    expect(wrongShape.status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(await customers()).toBe(before);
    expect(await records()).toBe(0);
  });
});

describe("the request's clock", () => {
  it("X-Duly-Now moves it only on a time-travelling server, and must be an instant", async () => {
    const key = await newKey(database.db);
    const headers = { "x-duly-now": "2031-06-01T12:00:00Z" };
    const previous = process.env.DULY_TIME_TRAVEL;
    try {
      delete process.env.DULY_TIME_TRAVEL;
      const real = await callRoute(clockRoute, { path: "/test/clock", key, headers });
      expect(real.json.now).not.toBe("2031-06-01T12:00:00.000Z");
      process.env.DULY_TIME_TRAVEL = "1";
      expect((await callRoute(clockRoute, { path: "/test/clock", key, headers })).json.now).toBe("2031-06-01T12:00:00.000Z");
      expectEnvelope(await callRoute(clockRoute, { path: "/test/clock", key, headers: { "x-duly-now": "next tuesday" } }), "INVALID_INPUT");
    } finally {
      if (previous === undefined) delete process.env.DULY_TIME_TRAVEL;
      else process.env.DULY_TIME_TRAVEL = previous;
    }
  });
});

describe("Idempotency-Key", () => {
  it("a retry with the same key and body returns the first response byte for byte, with no second effect", async () => {
    const key = await newKey(database.db);
    const before = await customers();
    const body = { name: "Once", email: email() };
    const first = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body, idempotencyKey: "k-once" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // Same body, keys in another order and other whitespace: the same request.
    const retry = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: `{ "email": "${body.email}",\n "name": "Once" }`, idempotencyKey: "k-once" });
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await customers()).toBe(before + 1);
  });

  it("the same key with another body, path or party is refused with 422 IDEMPOTENCY_KEY_REUSED, writing nothing", async () => {
    const key = await newKey(database.db);
    const body = { name: "First", email: email() };
    expect((await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body, idempotencyKey: "k-reuse" })).status).toBe(201);
    const before = await customers();
    const recorded = await records();
    for (const call of [
      { actingAs: "customer:1", body: { ...body, name: "Second" } },
      { actingAs: "customer:2", body },
      { actingAs: "chef:1", body },
    ]) {
      const answer = await callRoute(createRoute, { path: "/test/customers", key, idempotencyKey: "k-reuse", ...call });
      expect(answer.status).toBe(422);
      expectEnvelope(answer, "IDEMPOTENCY_KEY_REUSED");
    }
    expect(await customers()).toBe(before);
    expect(await records()).toBe(recorded);
  });

  it("keys are per API key: another key's identical Idempotency-Key is another request", async () => {
    const one = await newKey(database.db);
    const two = await newKey(database.db);
    const before = await customers();
    const a = await callRoute(createRoute, { path: "/test/customers", key: one, actingAs: "customer:1", body: { name: "A", email: email() }, idempotencyKey: "shared" });
    const b = await callRoute(createRoute, { path: "/test/customers", key: two, actingAs: "customer:1", body: { name: "B", email: email() }, idempotencyKey: "shared" });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await customers()).toBe(before + 2);
  });

  it("refuses a malformed Idempotency-Key with 400 INVALID_IDEMPOTENCY_KEY", async () => {
    const key = await newKey(database.db);
    const before = await customers();
    for (const bad of ["has space", "x".repeat(256), "tab\there", "é"]) {
      const answer = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: { name: "A", email: email() }, headers: { "idempotency-key": bad } }).catch(() => undefined);
      if (!answer) continue; // a header value the Fetch API itself refuses to send
      expect(answer.status, bad).toBe(400);
      expectEnvelope(answer, "INVALID_IDEMPOTENCY_KEY");
    }
    expect(await customers()).toBe(before);
  });

  it("a refusal is not recorded: a retry with the same key runs again", async () => {
    const key = await newKey(database.db);
    const customer = await database.db.customer.create({ data: { name: "Old", email: email() } });
    const call = { path: `/test/customers/${customer.id}/rename`, params: { customerId: String(customer.id) }, key, body: { name: "New" }, idempotencyKey: "k-retry-after-refusal" };
    const refused = await callRoute(renameRoute, { ...call, actingAs: `customer:${customer.id}`, body: { name: "" } });
    expect(refused.status).toBe(400); // the body never reached the use case
    expect(await database.db.idempotencyRecord.count({ where: { key: "k-retry-after-refusal" } })).toBe(0);
    const ok = await callRoute(renameRoute, { ...call, actingAs: `customer:${customer.id}` });
    expect(ok.status).toBe(200);
    expect(ok.json.name).toBe("New");
  });

  it("two (and eight) identical requests at once: one effect, every answer the first response", async () => {
    const key = await newKey(database.db);
    for (const copies of [2, 8]) {
      const before = await customers();
      const body = { name: `Concurrent ${copies}`, email: email(), sleepMs: 300 };
      const answers = await Promise.all(
        Array.from({ length: copies }, () => callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body, idempotencyKey: `k-concurrent-${copies}` })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(copies).fill(201));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(copies - 1);
      expect(await customers()).toBe(before + 1);
    }
  });

  it("a duplicate that waits longer than the limit answers 409 IDEMPOTENCY_KEY_IN_PROGRESS; a later retry replays", async () => {
    const key = await newKey(database.db);
    apiRouteLimits.idempotencyWaitMs = 200;
    const before = await customers();
    const body = { name: "Slow", email: email(), sleepMs: 1500 };
    const call = { path: "/test/customers", key, actingAs: "customer:1", body, idempotencyKey: "k-slow" };
    const first = callRoute(createRoute, call);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await callRoute(createRoute, call);
    expect(second.status).toBe(409);
    expectEnvelope(second, "IDEMPOTENCY_KEY_IN_PROGRESS");
    expect((await first).status).toBe(201);
    const retry = await callRoute(createRoute, call);
    expect(retry.text).toBe((await first).text);
    expect(await customers()).toBe(before + 1);
  });

  it("the effect and its record commit together: a failure after the claim leaves neither", async () => {
    const key = await newKey(database.db);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const before = await customers();
    const answer = await callRoute(createRoute, { path: "/test/customers", key, actingAs: "customer:1", body: { name: "A", email: email(), sleepMs: 10, fail: "crash" }, idempotencyKey: "k-atomic" });
    expect(answer.status).toBe(500);
    expect(await customers()).toBe(before);
    expect(await database.db.idempotencyRecord.count({ where: { key: "k-atomic" } })).toBe(0);
    // No committed record is ever left in its claimed state.
    expect(await database.db.idempotencyRecord.count({ where: { responseStatus: 0 } })).toBe(0);
  });
});
