// JSON has no Infinity, but `1e400` is valid JSON text that JSON.parse reads as Infinity (and
// `-1e400` as -Infinity). Such a number reached the schemas as Infinity: refused, but as
// "expected number, received Infinity", and nested in metadata with the param of the key above
// it; and the request's idempotency digest (canonical JSON, where JSON.stringify writes Infinity
// as null) would read {"a":1e400} as {"a":null} for any schema that let it through. Any number
// that does not fit a double is now refused as the body is read, with 400 INVALID_INPUT naming
// where it is, before any schema, digest or database sees it (lib/validation/json-numbers.ts;
// the dashboard's payload search, where it did match null, is
// tests/unit/dashboard/search-payload-non-finite-refused.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { POST as requestBookingRoute } from "../../../app/api/v1/bookings/route.ts";
import { POST as updateBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-04-01T09:00:00Z");
const now = { "x-duly-now": t0.toISOString() };
let people: People;
let appKey: string;

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  appKey = await newKey(database.db, { name: "non-finite" });
});

const customer = () => `customer:${people.customers[0]}`;
let evening = 0;
const bookingText = (price: string) =>
  `{"chefId":${people.chefs[0]},"eventAt":"${at(t0, (30 + evening++) * day).toISOString()}","timeZone":"Europe/Paris","place":"Lyon","priceMinor":${price},"currency":"EUR"}`;

async function newBooking(): Promise<number> {
  const created = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingText("12000"), headers: now });
  expect(created.status, created.text).toBe(201);
  return created.json.id as number;
}

const update = (id: number, text: string, idempotencyKey?: string) =>
  callRoute(updateBookingRoute as RouteHandler, { path: `/bookings/${id}`, params: { bookingId: String(id) }, key: appKey, actingAs: customer(), body: text, headers: now, idempotencyKey });

describe("numbers too large for a double in a JSON body", () => {
  it("are refused with 400 INVALID_INPUT naming the field, in any numeric field, and nothing is written", async () => {
    const before = await database.db.booking.count();
    for (const price of ["1e400", "-1e400", "1E+999"]) {
      const answer = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingText(price), headers: now });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.error).toMatchObject({ code: "INVALID_INPUT", param: "priceMinor" });
      expect(answer.json.error.message).toContain("body.priceMinor: the number is too large (beyond ±1.8e308, it reads as Infinity); send a finite number");
    }
    expect(await database.db.booking.count()).toBe(before);
  });

  it("are refused in metadata, nested in arrays too, naming the path", async () => {
    const id = await newBooking();
    const inMetadata = await update(id, '{"metadata":{"a":1e400}}');
    expect(inMetadata.status, inMetadata.text).toBe(400);
    expect(inMetadata.json.error).toMatchObject({ code: "INVALID_INPUT", param: "metadata.a" });
    const nested = await update(id, '{"metadata":{"a":[1,{"b":-1e400}]}}');
    expect(nested.status, nested.text).toBe(400);
    expect(nested.json.error.param).toBe("metadata.a.1.b");
  });

  it("are not the same request as null under one Idempotency-Key (the digest writes Infinity as null)", async () => {
    // Guard: the strict schemas refused Infinity already (with "received Infinity" and, nested, the
    // wrong param); now it never reaches the digest at all.
    const id = await newBooking();
    expect((await update(id, '{"metadata":{"a":"x"}}')).status).toBe(200);
    const removes = await update(id, '{"metadata":{"a":null}}', "non-finite-null");
    expect(removes.status, removes.text).toBe(200);
    const again = await update(id, '{"metadata":{"a":1e400}}', "non-finite-null");
    expect(again.status, again.text).toBe(400);
    expect(again.json.error).toMatchObject({ code: "INVALID_INPUT", param: "metadata.a" });
  });

  it("small and merely long numbers still parse as JSON does (1e-400 is 0, 1e308 fits)", async () => {
    const answer = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingText("1.2e4"), headers: now });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.priceMinor).toBe(12000);
    const underflow = await callRoute(requestBookingRoute as RouteHandler, { path: "/bookings", key: appKey, actingAs: customer(), body: bookingText("1e-400"), headers: now });
    expect(underflow.status).toBe(400); // 0 is not a price: the schema's refusal, not this one
    expect(underflow.json.error.message).not.toContain("too large");
  });
});
