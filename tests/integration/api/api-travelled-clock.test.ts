// X-Duly-Now on a time-travelling server (the demo and the e2e server): the request's clock is
// read as the cron route reads `?now=`, an ISO instant with a zone between 1970 and 2999, and
// anything else is 400 INVALID_INPUT with nothing written. It was read with `new Date(header)`:
// year 0 reached PostgreSQL and answered 500, an instant without a zone was read in the web
// server's own time zone (a second clock), and 2026-02-30 became 2 March.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as acceptRoute } from "../../../app/api/v1/bookings/[bookingId]/accept/route.ts";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { requestBooking, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-09-06T09:00:00Z");
let people: People;
let key = "";
const previousTravel = process.env.DULY_TIME_TRAVEL;

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  key = await newKey(database.db, { name: "travelled clock" });
});
afterAll(() => {
  if (previousTravel === undefined) delete process.env.DULY_TIME_TRAVEL;
  else process.env.DULY_TIME_TRAVEL = previousTravel;
});

async function requested(): Promise<number> {
  const context: UseCaseContext = { db: database.db, actor: people.customer(), now: t0 };
  const booking = await requestBooking(context, {
    chefId: people.chefs[0]!, eventAt: at(t0, 20 * day).toISOString(), timeZone: "Europe/Lisbon", place: "Porto", priceMinor: 80_00, currency: "EUR",
  });
  return booking.id;
}

const accept = (bookingId: number, now: string) =>
  callRoute(acceptRoute as RouteHandler, {
    path: `/bookings/${bookingId}/accept`, params: { bookingId: String(bookingId) }, key, actingAs: `chef:${people.chefs[0]}`, body: {}, headers: { "x-duly-now": now },
  });

describe("X-Duly-Now on a time-travelling server", () => {
  it("refuses what is no instant between 1970 and 2999 with a zone: 400, nothing written (year 0 was a 500, a zoneless time was read in the server's zone)", async () => {
    const refused = ["0000-01-01T00:00:00Z", "3000-01-01T00:00:00Z", "2027-09-06T10:00:00", "2027-02-30T10:00:00Z", "2027-09-06", "+275760-09-13T00:00:00Z"];
    const answers: Record<string, { status: number; code: string | undefined; bookingStatus: string }> = {};
    for (const header of refused) {
      const bookingId = await requested();
      const answer = await accept(bookingId, header);
      const { status } = await database.db.booking.findUniqueOrThrow({ where: { id: bookingId } });
      answers[header] = { status: answer.status, code: answer.json?.error?.code, bookingStatus: status };
    }
    expect(answers).toEqual(Object.fromEntries(refused.map((header) => [header, { status: 400, code: "INVALID_INPUT", bookingStatus: "requested" }])));
  });

  it("moves the clock to an instant with any zone, to the millisecond, for GET and POST alike", async () => {
    const bookingId = await requested();
    const accepted = await accept(bookingId, "2027-09-06T12:30:00.250+02:00");
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.acceptedAt).toBe("2027-09-06T10:30:00.250Z");
    const read = await callRoute(getBookingRoute as RouteHandler, {
      path: `/bookings/${bookingId}`, params: { bookingId: String(bookingId) }, key, headers: { "x-duly-now": at(t0, hour).toISOString() },
    });
    expect(read.status, read.text).toBe(200);
  });
});
