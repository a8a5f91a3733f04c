// The bookings pages in Chromium against the production build, on the demo marketplace (seeded
// once per database by scripts/lib/demo/marketplace.ts; a database whose chefs another spec made
// first keeps those) plus bookings each test makes through the marketplace's use cases at the
// server's clock: the list, the detail's timeline and jobs, moving the event with its preview
// (page, database, audit log; a customer's pending move request withdrawn), cancelling with a
// reason, a stale page, and a viewer who cannot act.
import { randomBytes } from "node:crypto";
import { createDb, type Db } from "../../lib/db/client.ts";
import {
  acceptBooking, payBooking, registerChef, registerCustomer, requestBooking, requestMove, systemActor, type Actor,
} from "../../lib/marketplace/index.ts";
import { seedMarketplace } from "../../scripts/lib/demo/marketplace.ts";
import { formatInZone, toDateTimeLocalValue } from "../../lib/time/zoned-time.ts";
import { cronAuth, dayMs, e2eServerState, expect, test } from "./fixtures.ts";

const hourMs = 3_600_000;
const tag = randomBytes(3).toString("hex");
let customer: Actor;
const chefName = `Chef ${tag}`;
let chefs = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000); // the demo replays a month of history through real ticks
  const db = createDb(e2eServerState().databaseUrl, { poolSize: 2 });
  try {
    const now = new Date();
    await seedMarketplace(db, now);
    const ctx = { db, actor: systemActor("e2e"), now };
    customer = { kind: "customer", customerId: (await registerCustomer(ctx, { name: `Customer ${tag}`, email: `c.${tag}@bookings.e2e.test` })).id };
  } finally {
    await db.$disconnect();
  }
});

/**
 * A booking of this spec's customer and a chef of its own named `chefName` (a chef holds one
 * booking per evening), taken to `upTo` at the server's clock, its event `eventIn` ahead at 12:00
 * UTC (13:00 or 14:00 in Berlin: never a skipped or repeated hour).
 */
async function makeBooking(db: Db, upTo: "requested" | "accepted" | "paid", eventIn = 20 * dayMs) {
  const now = new Date();
  const eventAt = new Date(Math.floor((now.getTime() + eventIn) / dayMs) * dayMs + 12 * hourMs);
  const chefId = (await registerChef({ db, actor: systemActor("e2e"), now }, { name: chefName, email: `k${++chefs}.${tag}@bookings.e2e.test` })).id;
  const chef: Actor = { kind: "chef", chefId };
  const booking = await requestBooking({ db, actor: customer, now }, {
    chefId, eventAt: eventAt.toISOString(), timeZone: "Europe/Berlin", place: `Berlin, Torstraße ${tag}`, priceMinor: 42_000, currency: "EUR",
  });
  if (upTo !== "requested") await acceptBooking({ db, actor: chef, now }, { bookingId: booking.id });
  if (upTo === "paid") await payBooking({ db, actor: customer, now }, { bookingId: booking.id, amountMinor: 42_000, currency: "EUR" });
  const close = await db.scheduledJob.findFirst({ where: { subjectType: "booking", subjectId: String(booking.id), status: "pending" } });
  return { id: booking.id, eventAt, acceptBy: new Date(booking.acceptBy), pendingJob: close! };
}

test.describe("an operator", () => {
  test.use({ displayZone: "Europe/Berlin" });

  test("the list shows bookings with status, event time in the zone, parties, amount and next job", async ({ page, db }) => {
    const booking = await makeBooking(db, "paid");
    await page.goto("/bookings");
    await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: "Bookings" }).getByRole("row")).not.toHaveCount(1); // more than the header
    await expect(page.getByText(/\d+ matching bookings?/)).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /Event \(Europe\/Berlin\)/ })).toBeVisible();

    await page.getByLabel("Customer or chef").fill(chefName);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=Chef/);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Booking ${booking.id}`, exact: true }) });
    await expect(row).toContainText("paid");
    await expect(row).toContainText(`Customer ${tag} → ${chefName}`);
    await expect(row).toContainText("420.00 EUR");
    await expect(row).toContainText("Europe/Berlin");
    await expect(row.getByRole("link", { name: "booking.close-event" })).toHaveAttribute("href", `/jobs/${booking.pendingJob.id}`);

    await page.goto("/bookings?status=settled&q=nobody-at-all");
    await expect(page.getByText("No booking matches these filters.")).toBeVisible();
    await page.goto("/bookings?status=sleeping");
    await expect(page.getByRole("alert").filter({ hasText: "This link has a bad parameter" })).toContainText("status:");
  });

  test("the detail shows the lifecycle as a timeline, with the jobs that ran, and links its jobs", async ({ page, db, request }) => {
    const paid = await makeBooking(db, "paid");
    await page.goto(`/bookings/${paid.id}`);
    const timeline = page.locator(".booking-timeline");
    await expect(timeline).toContainText("Requested");
    await expect(timeline).toContainText("Accepted");
    await expect(timeline).toContainText("Paid: 420.00 EUR charged");
    await expect(timeline).toContainText("Event (scheduled)");
    const jobs = page.getByRole("table", { name: "Jobs of this booking" });
    await expect(jobs.getByRole("link", { name: `Job ${paid.pendingJob.id}` })).toHaveAttribute("href", `/jobs/${paid.pendingJob.id}`);
    await expect(jobs).toContainText("marketplace.booking.close-event");
    await expect(page.getByRole("link", { name: `booking:${paid.id} (all its jobs)` })).toHaveAttribute("href", `/jobs?subject=booking%3A${paid.id}`);
    // A job links its booking too: the record's own page.
    await page.goto(`/jobs/${paid.pendingJob.id}`);
    await expect(page.getByRole("link", { name: `booking:${paid.id}`, exact: true })).toHaveAttribute("href", `/bookings/${paid.id}`);
    await expect(page.getByRole("link", { name: "all its jobs" })).toHaveAttribute("href", `/jobs?subject=booking%3A${paid.id}`);
    await page.goto(`/bookings/${paid.id}`);

    // A request the chef never answers: a tick at its deadline expires it, and the run shows.
    const unanswered = await makeBooking(db, "requested");
    const tickAt = new Date(unanswered.acceptBy.getTime() + 1000).toISOString();
    const tick = await request.get(`/api/cron/tick?mode=drain&now=${encodeURIComponent(tickAt)}`, { headers: cronAuth });
    expect(tick.status(), await tick.text()).toBe(200);
    await page.goto(`/bookings/${unanswered.id}`);
    await expect(page.locator(".booking-timeline")).toContainText("marketplace.booking.accept-deadline ran (attempt 1): succeeded");
    await expect(page.locator(".booking-timeline")).toContainText("Expired");
    await expect(page.getByText("its event can no longer be moved")).toBeVisible();
  });

  test("moves the event with a preview of the jobs that move: the page, the database and the audit log agree", async ({ page, db, signedIn }) => {
    const booking = await makeBooking(db, "paid");
    const to = new Date(booking.eventAt.getTime() + 2 * dayMs + hourMs);
    const toLocal = toDateTimeLocalValue(to, "Europe/Berlin");
    await page.goto(`/bookings/${booking.id}`);
    await page.getByLabel("New event time (Europe/Berlin)").fill(toLocal);
    await page.getByLabel("Reason", { exact: true }).fill("the venue is free two days later");
    await page.getByRole("button", { name: "Preview move" }).click();

    const preview = page.getByRole("list", { name: "Jobs that move with the event" });
    const jobRow = preview.getByRole("listitem").filter({ hasText: `job ${booking.pendingJob.id}` });
    await expect(jobRow).toContainText("marketplace.booking.close-event");
    await expect(jobRow).toContainText(`${toLocal.replace("T", " ")}:00 Europe/Berlin`);
    await expect(jobRow).toContainText(`${toDateTimeLocalValue(booking.eventAt, "Europe/Berlin").replace("T", " ")}:00 Europe/Berlin`);
    // Previewing wrote nothing.
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: booking.pendingJob.id } })).runAt).toEqual(booking.eventAt);

    await page.getByRole("button", { name: "Confirm: move the event and 1 job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Event moved from" })).toContainText("1 job moved with it");
    const jobs = page.getByRole("table", { name: "Jobs of this booking" });
    await expect(jobs.getByRole("row").filter({ hasText: `Job ${booking.pendingJob.id}` })).toContainText(`${toLocal.replace("T", " ")}:00 Europe/Berlin`);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).eventAt).toEqual(to);
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: booking.pendingJob.id } })).runAt).toEqual(to);

    await page.goto(`/audit?record=booking:${booking.id}`);
    const entry = page.getByRole("row").filter({ hasText: "booking.move_event" });
    await expect(entry).toContainText(signedIn!.email);
    await expect(entry).toContainText("the venue is free two days later");
    // The entry records instants as ISO; the audit log shows them in the display zone.
    await expect(entry).toContainText(`eventAt: ${formatInZone(booking.eventAt, "Europe/Berlin")}`);
  });

  test("an operator's move of a booking with a pending move request: the preview says the time becomes agreed and the request is withdrawn", async ({ page, db }) => {
    const booking = await makeBooking(db, "paid");
    const asked = await requestMove({ db, actor: customer, now: new Date() }, { bookingId: booking.id, eventAt: new Date(booking.eventAt.getTime() + 5 * dayMs).toISOString() });
    const to = new Date(booking.eventAt.getTime() + 3 * dayMs);
    const toLocal = toDateTimeLocalValue(to, "Europe/Berlin");
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByText(`request ${asked.id}, by customer:`)).toBeVisible();
    await page.getByLabel("New event time (Europe/Berlin)").fill(toLocal);
    await page.getByLabel("Reason", { exact: true }).fill("both asked support for that date");
    await page.getByRole("button", { name: "Preview move" }).click();
    await expect(page.getByText("It becomes the agreed time")).toBeVisible();
    await expect(page.getByText(`The customer's pending move request ${asked.id}`)).toContainText("is withdrawn");
    expect((await db.bookingMoveRequest.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe("pending");

    await page.getByRole("button", { name: "Confirm: move the event and 1 job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Event moved from" })).toContainText(`the customer's move request ${asked.id} was withdrawn`);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ eventAt: to, agreedEventAt: to });
    expect((await db.bookingMoveRequest.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe("withdrawn");
    await expect(page.locator(".booking-timeline")).toContainText(`Move ${asked.id} withdrawn`);
  });

  test("a time the clocks skip is refused in the preview, and nothing moves", async ({ page, db }) => {
    const booking = await makeBooking(db, "paid");
    await page.goto(`/bookings/${booking.id}`);
    // The last Sunday of next March, 02:30 Berlin: the hour summer time skips.
    const march = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 31));
    march.setUTCDate(31 - march.getUTCDay());
    await page.getByLabel("New event time (Europe/Berlin)").fill(`${march.toISOString().slice(0, 10)}T02:30`);
    await page.getByLabel("Reason", { exact: true }).fill("try the gap");
    await page.getByRole("button", { name: "Preview move" }).click();
    await expect(page.getByText("does not exist in Europe/Berlin")).toBeVisible();
    await expect(page.getByRole("button", { name: /Confirm/ })).toHaveCount(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).eventAt).toEqual(booking.eventAt);
  });

  test("cancels a booking with a reason: its job cancelled, the customer refunded", async ({ page, db }) => {
    const booking = await makeBooking(db, "paid");
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByText("refunds the customer in full (420.00 EUR)")).toBeVisible();
    await page.getByLabel("Reason for cancelling").fill("the chef is ill");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Booking ${booking.id} cancelled` })).toContainText("1 job cancelled; 420.00 EUR refunded to the customer");
    await expect(page.locator(".booking-timeline")).toContainText("Refund: 420.00 EUR to the customer");
    await expect(page.locator(".booking-timeline")).toContainText("the chef is ill");
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "cancelled", endReason: "the chef is ill" });
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: booking.pendingJob.id } })).status).toBe("cancelled");
    expect((await db.ledgerEntry.findMany({ where: { bookingId: booking.id }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 42_000], ["refund", 42_000]]);
    expect(await db.auditEntry.count({ where: { recordType: "booking", recordId: String(booking.id), action: "booking.cancel" } })).toBe(1);
  });

  test("a stale page: the customer paid after the page was shown, so cancelling is refused and changes nothing", async ({ page, db }) => {
    const booking = await makeBooking(db, "accepted");
    await page.goto(`/bookings/${booking.id}`);
    await payBooking({ db, actor: customer, now: new Date() }, { bookingId: booking.id, amountMinor: 42_000, currency: "EUR" });
    await page.getByLabel("Reason for cancelling").fill("stale page");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "changed since your page showed it" })).toContainText("it was accepted on your page and is now paid");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("paid");
    expect(await db.auditEntry.count({ where: { recordType: "booking", recordId: String(booking.id) } })).toBe(0);
  });
});

test.describe("a viewer", () => {
  test.use({ signInAs: "viewer" });

  test("sees a booking but cannot act, and a forged action call is refused and changes nothing", async ({ page, db }) => {
    const booking = await makeBooking(db, "paid");
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByText("signed in as a viewer")).toBeVisible();
    await expect(page.getByRole("button", { name: "Preview move" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Cancel booking" })).toBeDisabled();
    // Forge: re-enable the forms and submit; the server action is a public endpoint.
    await page.evaluate(() => document.querySelectorAll("[disabled]").forEach((element) => element.removeAttribute("disabled")));
    await page.getByLabel("Reason for cancelling").fill("forged by a viewer");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "only an operator may do this" })).toBeVisible();
    await page.getByLabel("Reason", { exact: true }).fill("forged by a viewer");
    await page.getByRole("button", { name: "Preview move" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "only an operator may do this" })).toHaveCount(2);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("paid");
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: booking.pendingJob.id } })).runAt).toEqual(booking.eventAt);
    expect(await db.auditEntry.count({ where: { recordType: "booking", recordId: String(booking.id) } })).toBe(0);
  });
});
