// The booking page's server actions called directly, as a forged POST would call them (next/
// headers is the only stand-in, handing the action the request's cookie), and the operations
// under them with a chosen clock: bad input gives field errors and writes nothing; a viewer is
// refused; a stale page is refused and writes nothing; moving the event moves a paid booking's
// jobs by the same offset, cancelling cancels its jobs and refunds it in full, each with its
// audit entries in the same transaction; a preview writes nothing.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../../helpers/operators.ts";
import { at, day, hour, registerPeople, tickAt, type People } from "../../fixtures/marketplace.ts";
import { acceptBooking, payBooking, registerChef, requestBooking, requestMove, systemActor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { databaseClock } from "../../../lib/scheduler/index.ts";
import { bookingVersion } from "../../../lib/operations/booking-as-seen.ts";
import { cancelBookingAsOperator, moveBookingEvent, previewEventMove } from "../../../lib/operations/booking-actions.ts";
import { findBookingDetail } from "../../../lib/operations/booking-detail.ts";
import { listBookings } from "../../../lib/operations/booking-list.ts";
import { toDateTimeLocalValue } from "../../../lib/time/zoned-time.ts";
import type { ActionState } from "../../../app/_lib/action-state.ts";

const secret = "booking-actions-test-secret-0123456789abcdef";
let cookieHeader = "";
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
let operator: SignedInOperator;
let viewer: SignedInOperator;
let people: People;
let actions: typeof import("../../../app/bookings/[id]/actions.ts");

const signInAs = (user: SignedInOperator | null) => {
  cookieHeader = user ? `${sessionCookieName}=${user.cookieValue}` : "";
};

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  process.env.BETTER_AUTH_URL = "http://duly.test";
  operator = await createSignedInOperator(database.db, { role: "operator", secret });
  viewer = await createSignedInOperator(database.db, { role: "viewer", secret });
  people = await registerPeople(database.db, new Date("2029-12-01T00:00:00Z"));
  actions = await import("../../../app/bookings/[id]/actions.ts");
});

afterEach(() => signInAs(null));

const idle: ActionState = { ok: false };
let chefs = 0;

/**
 * A booking taken as far as `upTo`, its request made at `requestedAt` for an event `eventIn`
 * later (an event at 12:00 UTC: never a skipped or repeated hour in Europe), with a chef of its
 * own (a chef cannot hold two bookings for one evening).
 */
async function booking(requestedAt: Date, upTo: "requested" | "accepted" | "paid", eventIn = 30 * day) {
  const ctx = (actor: UseCaseContext["actor"], now: Date): UseCaseContext => ({ db: database.db, actor, now });
  const eventAt = new Date(Math.floor((requestedAt.getTime() + eventIn) / day) * day + 12 * hour);
  const chef = await registerChef(ctx(systemActor("test"), requestedAt), { name: `Chef 0-${++chefs}`, email: `chef-${chefs}@booking-actions.test` });
  const requested = await requestBooking(ctx(people.customer(), requestedAt), {
    chefId: chef.id, eventAt: eventAt.toISOString(), timeZone: "Europe/Berlin", place: "Berlin, Torstraße 88", priceMinor: 42_000, currency: "EUR",
  });
  if (upTo !== "requested") await acceptBooking(ctx({ kind: "chef", chefId: chef.id }, at(requestedAt, hour)), { bookingId: requested.id });
  if (upTo === "paid") await payBooking(ctx(people.customer(), at(requestedAt, 2 * hour)), { bookingId: requested.id, amountMinor: 42_000, currency: "EUR" });
  return { id: requested.id, eventAt, chefId: chef.id, seen: (await bookingVersion(database.db, requested.id))! };
}

/** The database's clock now: the actions act at it, so their bookings are made around it. */
async function dbNow(): Promise<Date> {
  return (await databaseClock(database.db))();
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const auditOf = (recordType: string, recordId: string | number) =>
  database.db.auditEntry.findMany({ where: { recordType, recordId: String(recordId) }, orderBy: { id: "asc" } });

const openJobs = (bookingId: number) =>
  database.db.scheduledJob.findMany({ where: { subjectType: "booking", subjectId: String(bookingId), status: { in: ["pending", "running"] } }, orderBy: { id: "asc" } });

const snapshot = async (bookingId: number) => ({
  booking: await database.db.booking.findUniqueOrThrow({ where: { id: bookingId } }),
  jobs: await database.db.scheduledJob.findMany({ where: { subjectType: "booking", subjectId: String(bookingId) }, orderBy: { id: "asc" } }),
  ledger: await database.db.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } }),
  audit: await database.db.auditEntry.count(),
});

describe("moving the event (operations, chosen clock)", () => {
  const t0 = new Date("2030-01-01T00:00:00Z");

  it("moves a paid booking's close by the event's offset, and audits the booking and each job", async () => {
    const b = await booking(t0, "paid");
    const [close] = await openJobs(b.id);
    expect(close).toMatchObject({ jobType: "marketplace.booking.close-event", runAt: b.eventAt });
    const to = at(b.eventAt, 2 * day + 3 * hour);
    const move = await moveBookingEvent(database.db, operator, {
      bookingId: b.id, ...b.seen, eventAt: to, reason: "the customer's guests arrive later",
    }, at(t0, 3 * hour));
    expect(move.jobs).toEqual([{ id: close!.id.toString(), jobType: "marketplace.booking.close-event", status: "pending", from: b.eventAt, to }]);
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).eventAt).toEqual(to);
    expect((await openJobs(b.id)).map((j) => j.runAt)).toEqual([to]);
    const [entry] = await auditOf("booking", b.id);
    expect(entry).toMatchObject({
      actorEmail: operator.email, action: "booking.move_event", reason: "the customer's guests arrive later",
      fromValue: { eventAt: b.eventAt.toISOString(), status: "paid" }, toValue: { eventAt: to.toISOString(), jobsMoved: [close!.id.toString()] },
    });
    const [jobEntry] = await auditOf("scheduled_job", close!.id.toString());
    expect(jobEntry).toMatchObject({ action: "booking.move_event", batchId: entry!.batchId, fromValue: { runAt: b.eventAt.toISOString() }, toValue: { runAt: to.toISOString() } });
    // The moved close runs at the new time, not the old one.
    await tickAt(database.db, at(b.eventAt, hour));
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("paid");
    await tickAt(database.db, at(to, 1000));
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("closed");
  });

  it("is a platform decision: the new time becomes the agreed one and a pending move request is withdrawn, audited; a time the chef holds is refused", async () => {
    const b = await booking(t0, "paid");
    const asked = await requestMove({ db: database.db, actor: people.customer(), now: at(t0, 3 * hour) }, { bookingId: b.id, eventAt: at(b.eventAt, 5 * day).toISOString() });
    expect(await bookingVersion(database.db, b.id)).not.toEqual(b.seen); // a page from before the request is stale
    const seen = (await bookingVersion(database.db, b.id))!;
    const to = at(b.eventAt, 2 * day);
    const input = { bookingId: b.id, ...seen, eventAt: to, reason: "the venue is closed that week" };
    const preview = await previewEventMove(database.db, operator, input, at(t0, 4 * hour));
    expect(preview).toMatchObject({ setsAgreedTime: true, withdrawnMove: { id: asked.id, to: at(b.eventAt, 5 * day) } });
    expect((await database.db.bookingMoveRequest.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe("pending");
    await moveBookingEvent(database.db, operator, input, at(t0, 4 * hour));
    expect(await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ eventAt: to, agreedEventAt: to });
    expect(await database.db.bookingMoveRequest.findUniqueOrThrow({ where: { id: asked.id } })).toMatchObject({ status: "withdrawn", endedBy: `operator:${operator.email}` });
    const [entry] = await auditOf("booking", b.id);
    expect(entry!.toValue).toMatchObject({ eventAt: to.toISOString(), agreedEventAt: to.toISOString(), withdrawnMoveRequest: asked.id });

    // The same chef's other paid booking, a week later: moving this one onto it is refused, nothing written.
    const ctx = (actor: UseCaseContext["actor"], now: Date): UseCaseContext => ({ db: database.db, actor, now });
    const otherAt = at(b.eventAt, 9 * day);
    const other = await requestBooking(ctx(people.customer(1), at(t0, 5 * hour)), {
      chefId: b.chefId, eventAt: otherAt.toISOString(), timeZone: "Europe/Berlin", place: "Berlin", priceMinor: 42_000, currency: "EUR",
    });
    await acceptBooking(ctx({ kind: "chef", chefId: b.chefId }, at(t0, 6 * hour)), { bookingId: other.id });
    const now = (await bookingVersion(database.db, b.id))!;
    const before = await snapshot(b.id);
    await expect(moveBookingEvent(database.db, operator, { bookingId: b.id, ...now, eventAt: at(otherAt, hour), reason: "onto the other one" }, at(t0, 7 * hour)))
      .rejects.toMatchObject({ code: "CHEF_UNAVAILABLE", message: expect.stringContaining(`(booking ${other.id})`) });
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("previews exactly that and writes nothing", async () => {
    const b = await booking(t0, "paid");
    const before = await snapshot(b.id);
    const to = at(b.eventAt, -3 * day);
    const preview = await previewEventMove(database.db, operator, { bookingId: b.id, ...b.seen, eventAt: to, reason: "preview only" }, at(t0, 3 * hour));
    expect(preview).toMatchObject({ bookingId: b.id, status: "paid", from: b.eventAt, to });
    expect(preview.jobs.map((j) => [j.jobType, j.from, j.to])).toEqual([["marketplace.booking.close-event", b.eventAt, to]]);
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("moves a requested booking's event but not its answer deadline", async () => {
    const b = await booking(t0, "requested");
    const [deadline] = await openJobs(b.id);
    const to = at(b.eventAt, day);
    const move = await moveBookingEvent(database.db, operator, { bookingId: b.id, ...b.seen, eventAt: to, reason: "chef is away that day" }, at(t0, hour));
    expect(move.jobs).toEqual([]);
    expect((await openJobs(b.id)).map((j) => [j.id, j.runAt])).toEqual([[deadline!.id, deadline!.runAt]]);
  });

  it("applies the marketplace's rules: too little notice is refused, nothing written", async () => {
    const b = await booking(t0, "paid");
    const before = await snapshot(b.id);
    const now = at(t0, 3 * hour);
    await expect(moveBookingEvent(database.db, operator, { bookingId: b.id, ...b.seen, eventAt: at(now, hour), reason: "tomorrow instead" }, now))
      .rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringMatching(/too soon/) });
    await expect(moveBookingEvent(database.db, operator, { bookingId: b.id, ...b.seen, eventAt: b.eventAt, reason: "same time" }, now))
      .rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringMatching(/already at .*nothing to move/) });
    expect(await snapshot(b.id)).toEqual(before);
  });
});

describe("cancelling (operations, chosen clock)", () => {
  const t0 = new Date("2030-03-01T00:00:00Z");

  it("cancels a paid booking and its jobs and refunds the customer in full, audited", async () => {
    const b = await booking(t0, "paid", 5 * day); // within a week: a customer's own cancellation would get only half back
    const [close] = await openJobs(b.id);
    const done = await cancelBookingAsOperator(database.db, operator, { bookingId: b.id, ...b.seen, reason: "chef is ill" }, at(t0, 3 * hour));
    expect(done).toMatchObject({ bookingId: b.id, from: "paid", refundMinor: 42_000, payoutMinor: 0, jobs: [{ id: close!.id.toString(), status: "cancelled" }] });
    expect(await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ status: "cancelled", endedBy: `operator:${operator.email}`, endReason: "chef is ill" });
    expect(await database.db.scheduledJob.findUniqueOrThrow({ where: { id: close!.id } })).toMatchObject({ status: "cancelled", cancelledBy: `operator:${operator.email}` });
    expect((await database.db.ledgerEntry.findMany({ where: { bookingId: b.id }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 42_000], ["refund", 42_000]]);
    const [entry] = await auditOf("booking", b.id);
    expect(entry).toMatchObject({
      action: "booking.cancel", reason: "chef is ill", fromValue: { status: "paid" },
      toValue: { status: "cancelled", refundMinor: 42_000, payoutMinor: 0, currency: "EUR", jobsCancelled: [close!.id.toString()] },
    });
    expect((await auditOf("scheduled_job", close!.id.toString())).map((e) => e.action)).toEqual(["booking.cancel"]);
  });

  it("refuses a booking that is already over, writing nothing", async () => {
    const b = await booking(t0, "paid", 5 * day);
    await tickAt(database.db, at(b.eventAt, 1000)); // closed at the event
    const seen = (await bookingVersion(database.db, b.id))!;
    const before = await snapshot(b.id);
    await expect(cancelBookingAsOperator(database.db, operator, { bookingId: b.id, ...seen, reason: "too late" }, at(b.eventAt, 2000)))
      .rejects.toMatchObject({ code: "INVALID_STATE", message: expect.stringMatching(/is closed/) });
    expect(await snapshot(b.id)).toEqual(before);
  });
});

describe("the server actions", () => {
  it("move the event to a local time in the operator's zone", async () => {
    const now = await dbNow();
    const b = await booking(now, "paid");
    const to = at(b.eventAt, 2 * day);
    signInAs(operator);
    const fields = { bookingId: String(b.id), status: b.seen.status, version: b.seen.version, zone: "Europe/Berlin", localRunAt: toDateTimeLocalValue(to, "Europe/Berlin"), reason: "venue moved the date" };
    const preview = await actions.previewMoveEventAction(idle, form(fields));
    expect(preview).toMatchObject({ ok: true, preview: { toIso: to.toISOString(), jobs: [{ jobType: "marketplace.booking.close-event" }] } });
    expect(preview.preview?.jobs[0]?.to).toMatch(/Europe\/Berlin/);
    expect(await auditOf("booking", b.id)).toEqual([]);
    const state = await actions.moveEventAction(idle, form(fields));
    expect(state).toMatchObject({ ok: true, message: expect.stringMatching(/1 job moved with it/) });
    expect((await openJobs(b.id)).map((j) => j.runAt)).toEqual([to]);
    expect((await auditOf("booking", b.id)).map((e) => [e.action, e.actorEmail])).toEqual([["booking.move_event", operator.email]]);
  });

  it("cancel with a reason, which is required", async () => {
    const b = await booking(await dbNow(), "accepted");
    signInAs(operator);
    const seen = { bookingId: String(b.id), status: b.seen.status, version: b.seen.version };
    const missing = await actions.cancelBookingAction(idle, form({ ...seen, reason: " " }));
    expect(missing.fieldErrors?.reason).toMatch(/reason is required/);
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("accepted");
    const state = await actions.cancelBookingAction(idle, form({ ...seen, reason: "customer called to cancel" }));
    expect(state).toMatchObject({ ok: true, message: expect.stringMatching(/cancelled; 1 job cancelled/) });
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("cancelled");
    expect(await openJobs(b.id)).toEqual([]);
  });

  it("answer bad input with a message per field and write nothing", async () => {
    const b = await booking(await dbNow(), "paid");
    const before = await snapshot(b.id);
    signInAs(operator);
    const bad = await actions.moveEventAction(idle, form({
      bookingId: "1; DROP TABLE bookings", status: "sleeping", version: "x", zone: "Mars/Olympus", localRunAt: "2030-02-30T09:30", reason: "no\u0000",
    }));
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["bookingId", "localRunAt", "reason", "status", "version", "zone"]);
    const seen = { bookingId: String(b.id), status: b.seen.status, version: b.seen.version, zone: "Europe/Berlin", reason: "clock change test" };
    const gap = await actions.previewMoveEventAction(idle, form({ ...seen, localRunAt: "2027-03-28T02:30" }));
    expect(gap.fieldErrors?.localRunAt).toMatch(/does not exist in Europe\/Berlin/);
    const twice = await actions.moveEventAction(idle, form({ ...seen, localRunAt: "2027-10-31T02:30" }));
    expect(twice.fieldErrors?.offsetChoice).toMatch(/happens twice/);
    const cancel = await actions.cancelBookingAction(idle, form({ bookingId: "0", status: "paid", version: b.seen.version, reason: "x".repeat(5000) }));
    expect(Object.keys(cancel.fieldErrors ?? {}).sort()).toEqual(["bookingId", "reason"]);
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("refuse a viewer's forged calls and write nothing", async () => {
    const b = await booking(await dbNow(), "paid");
    const before = await snapshot(b.id);
    signInAs(viewer);
    const seen = { bookingId: String(b.id), status: b.seen.status, version: b.seen.version };
    const cancel = await actions.cancelBookingAction(idle, form({ ...seen, reason: "forged by a viewer" }));
    expect(cancel).toMatchObject({ ok: false, message: expect.stringMatching(/viewer; only an operator/) });
    const move = await actions.moveEventAction(idle, form({ ...seen, zone: "UTC", localRunAt: toDateTimeLocalValue(at(b.eventAt, day), "UTC"), reason: "forged by a viewer" }));
    expect(move.message).toMatch(/viewer; only an operator/);
    const preview = await actions.previewMoveEventAction(idle, form({ ...seen, zone: "UTC", localRunAt: toDateTimeLocalValue(at(b.eventAt, day), "UTC"), reason: "forged" }));
    expect(preview.message).toMatch(/viewer; only an operator/);
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("redirect a signed-out call to sign in", async () => {
    const b = await booking(await dbNow(), "paid");
    signInAs(null);
    const error = await actions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "signed out" })).catch((e: unknown) => e);
    expect(String((error as { digest?: string }).digest)).toMatch(/^NEXT_REDIRECT;.*\/sign-in/);
    expect(await auditOf("booking", b.id)).toEqual([]);
  });
});

describe("a stale page", () => {
  it("cannot cancel a booking the customer paid after the page was shown", async () => {
    const now = await dbNow();
    const b = await booking(now, "accepted");
    await payBooking({ db: database.db, actor: people.customer(), now: at(now, 2 * hour) }, { bookingId: b.id, amountMinor: 42_000, currency: "EUR" });
    const before = await snapshot(b.id);
    signInAs(operator);
    const state = await actions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "stale page" }));
    // What changed, who and when: the customer's payment, from the ledger.
    expect(state.message).toMatch(/changed since your page showed it: it was accepted on your page and is now paid \(the customer .* recorded its payment of 420\.00 EUR at .*\)\. Nothing was changed/);
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("cannot move an event another operator moved meanwhile (same status, new version)", async () => {
    const b = await booking(await dbNow(), "paid");
    signInAs(operator);
    const fields = { bookingId: String(b.id), status: b.seen.status, version: b.seen.version, zone: "UTC" };
    const first = await actions.moveEventAction(idle, form({ ...fields, localRunAt: toDateTimeLocalValue(at(b.eventAt, day), "UTC"), reason: "first operator" }));
    expect(first.ok).toBe(true);
    const before = await snapshot(b.id);
    const second = await actions.moveEventAction(idle, form({ ...fields, localRunAt: toDateTimeLocalValue(at(b.eventAt, 5 * day), "UTC"), reason: "second operator, stale page" }));
    expect(second.message).toMatch(/changed since your page showed it: it was changed/);
    const preview = await actions.previewMoveEventAction(idle, form({ ...fields, localRunAt: toDateTimeLocalValue(at(b.eventAt, 5 * day), "UTC"), reason: "stale preview" }));
    expect(preview.message).toMatch(/changed since your page showed it/);
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("is refused at once while a tick holds one of the booking's jobs", async () => {
    const b = await booking(await dbNow(), "paid");
    const [close] = await openJobs(b.id);
    signInAs(operator);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM scheduled_jobs WHERE id = ${close!.id} FOR UPDATE`;
      locked();
      await held;
    });
    await lockTaken;
    try {
      const state = await actions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "while a tick runs it" }));
      expect(state.message).toMatch(/is being worked on right now/);
    } finally {
      release();
      await holder;
    }
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("paid");
  });
});

describe("the pages' reads", () => {
  it("list bookings by event time with their next job, filtered and paged by keyset", async () => {
    const t0 = new Date("2031-05-01T00:00:00Z");
    const made = [await booking(t0, "paid", 10 * day), await booking(t0, "requested", 11 * day), await booking(t0, "accepted", 12 * day)];
    const window = { from: at(t0, 9 * day), to: at(t0, 13 * day) };
    const first = await listBookings(database.db, { ...window, direction: "asc", pageSize: 2 });
    expect(first.rows.map((r) => [r.id, r.status, r.nextJob?.jobType])).toEqual([
      [made[0]!.id, "paid", "marketplace.booking.close-event"],
      [made[1]!.id, "requested", "marketplace.booking.accept-deadline"],
    ]);
    const second = await listBookings(database.db, { ...window, direction: "asc", pageSize: 2, after: first.next! });
    expect(second.rows.map((r) => r.id)).toEqual([made[2]!.id]);
    expect(second.next).toBeNull();
    const back = await listBookings(database.db, { ...window, direction: "asc", pageSize: 2, before: second.previous! });
    expect(back.rows.map((r) => r.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect((await listBookings(database.db, { ...window, status: "accepted", direction: "asc", pageSize: 10 })).rows.map((r) => r.id)).toEqual([made[2]!.id]);
    expect((await listBookings(database.db, { ...window, search: "CHEF 0", direction: "asc", pageSize: 10 })).rows).toHaveLength(3);
    expect((await listBookings(database.db, { ...window, search: "nobody%", direction: "asc", pageSize: 10 })).rows).toEqual([]);
    expect((await listBookings(database.db, { search: `#${made[1]!.id}`, direction: "asc", pageSize: 10 })).rows.map((r) => r.id)).toEqual([made[1]!.id]);
  });

  it("show the lifecycle as a timeline, with the jobs that ran", async () => {
    const t0 = new Date("2031-08-01T00:00:00Z");
    const b = await booking(t0, "paid", 10 * day);
    await tickAt(database.db, at(b.eventAt, 1000)); // close
    await tickAt(database.db, at(b.eventAt, 3 * hour + 1000)); // complete
    const detail = (await findBookingDetail(database.db, b.id, operator, at(b.eventAt, 4 * hour)))!;
    expect(detail.seen.status).toBe("completed");
    const titles = detail.timeline.map((item) => item.title);
    expect(titles).toEqual([
      "Requested", "Accepted", "Paid: 420.00 EUR charged", "Event time",
      "marketplace.booking.close-event ran (attempt 1): succeeded", "Closed",
      "marketplace.booking.complete ran (attempt 1): succeeded", "Completed",
    ]);
    // By run time: the payment deadline (accepted + 12 h) fell before the answer deadline (requested + 24 h).
    expect(detail.jobs.map((j) => [j.jobType, j.status])).toEqual([
      ["marketplace.booking.payment-deadline", "cancelled"], ["marketplace.booking.accept-deadline", "cancelled"],
      ["marketplace.booking.close-event", "succeeded"], ["marketplace.booking.complete", "succeeded"], ["marketplace.booking.payout", "pending"],
    ]);
    expect(await findBookingDetail(database.db, 2_000_000_000, operator, t0)).toBeNull();
  });
});
