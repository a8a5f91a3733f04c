// One field, one rule (lib/validation/fields.ts): a reason, a time zone, a run time and a record
// id get the same answer at every door they come through, and that answer is the rule's. The
// doors are the real ones: the API's route handlers (a real Request), the dashboard's form schemas
// and the use cases behind them, the quota use cases, the URL parsers of the pages, and the
// engine's own operations. When each door had its copy, a two-character reason went through the
// API and the engine and not the dashboard, "CET" was a zone to the dashboard and the quotas and
// not to the API, and a run time in year 3000 went into the engine but not through a form.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as requestBookingRoute } from "../../../app/api/v1/bookings/route.ts";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { POST as cancelRoute } from "../../../app/api/v1/bookings/[bookingId]/cancel/route.ts";
import { isoInstant, keysetPosition } from "../../../app/_lib/search-params.ts";
import { parseBulkForm } from "../../../app/jobs/bulk-input.ts";
import type { Db } from "../../../lib/db/client.ts";
import { registerChef, requestBooking, systemActor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { cancelBookingAsOperator } from "../../../lib/operations/booking-actions.ts";
import { cancelBookingAsOperatorInput } from "../../../lib/operations/booking-inputs.ts";
import { bookingVersion } from "../../../lib/operations/booking-as-seen.ts";
import { rescheduleInput, seenJob } from "../../../lib/operations/inputs.ts";
import { accountIdSchema, createAccount } from "../../../lib/quotas/index.ts";
import { cancel, createCatalogue, defineJob, reschedule, schedule } from "../../../lib/scheduler/index.ts";
import { formatInZone } from "../../../lib/time/zoned-time.ts";
import { callRoute, newKey, useAppDatabase } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

type Answer = "accepted" | "refused";
const t0 = new Date("2027-03-01T09:00:00Z");
const operator = { id: "field-vocabulary-operator", email: "ops@field-vocabulary.test" };
const probeJob = defineJob({ name: "test.field-vocabulary", payload: z.object({}), handler: async () => {} });

let people: People;
let appKey: string;
let chefs = 0;
let evenings = 0;

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  appKey = await newKey(database.db, { name: "field vocabulary" });
});

/** Runs `door`; a DulyError INVALID_INPUT (or a zod refusal) is "refused", anything else unexpected fails the test. */
async function answerOf(door: () => Promise<unknown>): Promise<Answer> {
  try {
    await door();
    return "accepted";
  } catch (error) {
    if ((error as { code?: string }).code === "INVALID_INPUT" || error instanceof z.ZodError) return "refused";
    throw error;
  }
}

/** A requested booking of a chef of its own, on an evening of its own (a chef holds one event at a time). */
async function freshBooking(db: Db): Promise<{ id: number; status: string; version: string }> {
  const ctx = (actor: UseCaseContext["actor"]): UseCaseContext => ({ db, actor, now: t0 });
  const chef = await registerChef(ctx(systemActor("test")), { name: `Chef ${++chefs}`, email: `chef-${chefs}@field-vocabulary.test` });
  const booking = await requestBooking(ctx(people.customer()), {
    chefId: chef.id, eventAt: at(t0, 30 * day + ++evenings * day).toISOString(), timeZone: "Europe/Berlin", place: "Berlin", priceMinor: 90_00, currency: "EUR",
  });
  const seen = (await bookingVersion(db, booking.id))!;
  return { id: booking.id, ...seen };
}

async function pendingJob(db: Db): Promise<bigint> {
  return db.$transaction(async (tx) => (await schedule(tx, probeJob, { runAt: at(t0, day), payload: {} })).id);
}

/** A value as a table's key: long ones by their length. */
const label = (value: unknown) => (typeof value === "string" && value.length > 40 ? `${value.slice(0, 8)}… (${value.length} characters)` : JSON.stringify(value));

/** The answer of every door to each value, as { value: { door: answer } }. */
async function answers<T>(values: T[], doors: Record<string, (value: T) => Promise<Answer>>): Promise<Record<string, Record<string, Answer>>> {
  const table: Record<string, Record<string, Answer>> = {};
  for (const value of values) {
    const row: Record<string, Answer> = {};
    for (const [door, ask] of Object.entries(doors)) row[door] = await ask(value);
    table[label(value)] = row;
  }
  return table;
}

/** Every door gives the rule's answer: `expected[i]` for `values[i]`. */
function everywhere<T>(values: T[], doors: string[], expected: Answer[]): Record<string, Record<string, Answer>> {
  return Object.fromEntries(values.map((value, i) => [label(value), Object.fromEntries(doors.map((door) => [door, expected[i]!]))]));
}

describe("a reason", () => {
  const values = ["ab", "   x   ", "bell \u0007 ring", "x".repeat(1000), "x".repeat(2001), "changed plans"];
  const expected: Answer[] = ["refused", "refused", "refused", "accepted", "refused", "accepted"];
  const doors = {
    // A customer cancels through the API.
    api: async (reason: string): Promise<Answer> => {
      const booking = await freshBooking(database.db);
      const answer = await callRoute(cancelRoute, {
        path: `/bookings/${booking.id}/cancel`, params: { bookingId: String(booking.id) }, key: appKey,
        actingAs: `customer:${people.customers[0]}`, body: { reason }, headers: { "x-duly-now": t0.toISOString() },
      });
      if (answer.status === 400) return "refused";
      expect(answer.status, answer.text).toBe(200);
      return "accepted";
    },
    // An operator cancels on the booking page: the form's schema, then the use case behind it.
    dashboard: async (reason: string) => {
      const booking = await freshBooking(database.db);
      return answerOf(async () => {
        const input = cancelBookingAsOperatorInput.parse({ bookingId: String(booking.id), status: booking.status, version: booking.version, reason });
        await cancelBookingAsOperator(database.db, operator, input, t0);
      });
    },
    // The engine cancels a job with it.
    engine: async (reason: string) => {
      const jobId = await pendingJob(database.db);
      return answerOf(() => database.db.$transaction((tx) => cancel(tx, jobId, { actor: "ops@field-vocabulary.test", reason, now: t0 })));
    },
  };

  it("is 3 to 2,000 characters of text at the API, the dashboard and the engine alike", { timeout: 120_000 }, async () => {
    expect(await answers(values, doors)).toEqual(everywhere(values, Object.keys(doors), expected));
  });
});

describe("a time zone", () => {
  const values = ["CET", "EST5EDT", "Mars/Olympus", "+05:00", "Europe/Berlin", "UTC"];
  const expected: Answer[] = ["refused", "refused", "refused", "refused", "accepted", "accepted"];
  const doors = {
    // A customer requests a booking in that zone through the API.
    api: async (timeZone: string): Promise<Answer> => {
      const chef = await registerChef({ db: database.db, actor: systemActor("test"), now: t0 }, { name: `Chef ${++chefs}`, email: `chef-${chefs}@field-vocabulary.test` });
      const answer = await callRoute(requestBookingRoute, {
        path: "/bookings", key: appKey, actingAs: `customer:${people.customers[0]}`, headers: { "x-duly-now": t0.toISOString() },
        body: { chefId: chef.id, eventAt: at(t0, 30 * day + ++evenings * day).toISOString(), timeZone, place: "Berlin", priceMinor: 90_00, currency: "EUR" },
      });
      if (answer.status === 400) return "refused";
      expect(answer.status, answer.text).toBe(201);
      return "accepted";
    },
    // The job page's reschedule form reads its local time in the operator's zone.
    dashboard: async (zone: string) =>
      answerOf(async () => rescheduleInput.parse({ jobId: "1", status: "pending", version: "1", when: { localRunAt: "2027-06-01T12:00", zone }, reason: "later" })),
    // A quota account's cycle starts at its zone's midnight.
    quotas: async (timeZone: string) =>
      answerOf(() => createAccount(database.db, { name: "Zone probe", plan: "free", anchorOn: "2027-03-01", timeZone }, t0)),
    // A recurring schedule's cron runs in its zone.
    engine: async (timeZone: string) =>
      answerOf(async () => {
        try {
          createCatalogue([probeJob], [{ name: "zone-probe", cron: "0 9 * * *", timeZone, jobType: probeJob.name, payload: {} }]);
        } catch (error) {
          throw Object.assign(error as Error, { code: "INVALID_INPUT" });
        }
      }),
  };

  it("is a region name (or UTC) at the API, the dashboard, the quotas and the engine alike", { timeout: 120_000 }, async () => {
    expect(await answers(values, doors)).toEqual(everywhere(values, Object.keys(doors), expected));
  });

  it("is a region name because PostgreSQL and ICU read a bare name such as CET differently", async () => {
    // In July CET observes summer time in ICU (+02:00); PostgreSQL's AT TIME ZONE reads "CET" as
    // the fixed abbreviation +01:00 first. Region names are read alike by both.
    const noon = new Date("2027-07-01T12:00:00Z");
    const [postgres] = await database.db.$queryRaw<Array<{ cet: string; berlin: string }>>`
      SELECT to_char(${noon}::timestamptz AT TIME ZONE 'CET', 'HH24:MI') AS cet,
             to_char(${noon}::timestamptz AT TIME ZONE 'Europe/Berlin', 'HH24:MI') AS berlin`;
    expect({ postgres, icu: { cet: formatInZone(noon, "CET").slice(11, 16), berlin: formatInZone(noon, "Europe/Berlin").slice(11, 16) } }).toEqual({
      postgres: { cet: "13:00", berlin: "14:00" },
      icu: { cet: "14:00", berlin: "14:00" },
    });
  });
});

describe("a run time", () => {
  const values = ["1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "2999-12-31T23:59:00Z", "3000-01-01T00:00:00Z", "5000-06-01T00:00:00Z"];
  const expected: Answer[] = ["refused", "accepted", "accepted", "refused", "refused"];
  const doors = {
    // The API's clock header (a time-travelling server) and the pages' and cron route's ?now=.
    api: async (iso: string): Promise<Answer> => {
      const answer = await callRoute(getBookingRoute, {
        path: "/bookings/2147483647", params: { bookingId: "2147483647" }, key: appKey, headers: { "x-duly-now": iso },
      });
      if (answer.status === 400) return "refused";
      expect(answer.status, answer.text).toBe(404);
      return "accepted";
    },
    url: async (iso: string) => answerOf(async () => isoInstant.parse(iso)),
    // The job page's reschedule form and the jobs page's bulk move, in UTC.
    reschedule: async (iso: string) =>
      answerOf(async () => rescheduleInput.parse({ jobId: "1", status: "pending", version: "1", when: { localRunAt: iso.slice(0, 16), zone: "UTC" }, reason: "later" })),
    bulkMove: async (iso: string) => {
      const parsed = parseBulkForm({ scope: "selected", ids: "1", change: "move", moveTo: iso.slice(0, 16), zone: "UTC", reason: "later" });
      return parsed.ok ? "accepted" : "refused";
    },
    // The engine schedules and moves jobs to it.
    schedule: async (iso: string) => answerOf(() => database.db.$transaction((tx) => schedule(tx, probeJob, { runAt: new Date(iso), payload: {} }))),
    reschedule_engine: async (iso: string) => {
      const jobId = await pendingJob(database.db);
      return answerOf(() => database.db.$transaction((tx) => reschedule(tx, jobId, new Date(iso))));
    },
  };

  it("lies between 1970 and 2999 at the API, the URLs, the forms and the engine alike", { timeout: 120_000 }, async () => {
    expect(await answers(values, doors)).toEqual(everywhere(values, Object.keys(doors), expected));
  });
});

describe("a record id", () => {
  it("of a bigserial table (jobs, quota accounts) fits int8, in every form and URL that takes one", async () => {
    const values = ["9223372036854775807", "1000000000000000000", "9223372036854775808", "0", "01", "-1"];
    const expected: Answer[] = ["accepted", "accepted", "refused", "refused", "refused", "refused"];
    const doors = {
      jobForm: async (id: string) => answerOf(async () => z.object(seenJob).parse({ jobId: id, status: "pending", version: "1" })),
      accountForm: async (id: string) => answerOf(async () => accountIdSchema.parse(id)),
      jobsPageCursor: async (id: string) => answerOf(async () => keysetPosition("bigint").parse(`2027-03-01T09:00:00.000Z~${id}`)),
    };
    expect(await answers(values, doors)).toEqual(everywhere(values, Object.keys(doors), expected));
  });

  it("of a serial table (bookings) fits int4, at the API and in the dashboard's forms", async () => {
    const values = ["2147483647", "2147483648", "0", "1e3"];
    const expected: Answer[] = ["accepted", "refused", "refused", "refused"];
    const doors = {
      api: async (id: string): Promise<Answer> => {
        const answer = await callRoute(getBookingRoute, { path: `/bookings/${id}`, params: { bookingId: id }, key: appKey, headers: { "x-duly-now": t0.toISOString() } });
        return answer.status === 400 ? "refused" : answer.status === 404 ? "accepted" : `status ${answer.status}` as Answer;
      },
      bookingForm: async (id: string) =>
        answerOf(async () => cancelBookingAsOperatorInput.parse({ bookingId: id, status: "paid", version: "1", reason: "customer called" })),
    };
    expect(await answers(values, doors)).toEqual(everywhere(values, Object.keys(doors), expected));
  });
});

