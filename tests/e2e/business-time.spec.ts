// A marketplace deadline's job is bound to its business time: run now, retry, reschedule earlier
// or a bulk shift earlier does not make it act early. The dashboard says so, with when it will
// act, before the operator confirms; the audit entry says so too; and a tick then defers the job
// to that instant instead of failing it (docs/decisions/0020).
import AxeBuilder from "@axe-core/playwright";
import type { Db } from "../../lib/db/client.ts";
import { acceptBooking, payBooking, registerChef, registerCustomer, requestBooking, systemActor } from "../../lib/marketplace/index.ts";
import { formatInZone } from "../../lib/time/zoned-time.ts";
import { cronAuth, dayMs, expect, test, uniqueMarker } from "./fixtures.ts";

const closeEvent = "marketplace.booking.close-event";

interface PaidBooking {
  bookingId: number;
  eventAt: Date;
  jobId: bigint;
}

/** A paid booking whose event is ten days ahead of the database's clock: its close-event job is pending. */
async function paidBooking(db: Db): Promise<PaidBooking> {
  const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now`;
  const tag = uniqueMarker();
  const system = { db, actor: systemActor("e2e"), now };
  const customer = await registerCustomer(system, { name: `Customer ${tag}`, email: `customer-${tag}@e2e.duly.test` });
  const chef = await registerChef(system, { name: `Chef ${tag}`, email: `chef-${tag}@e2e.duly.test` });
  const eventAt = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 10 * dayMs);
  const asCustomer = { db, actor: { kind: "customer", customerId: customer.id } as const, now };
  const booking = await requestBooking(asCustomer, { chefId: chef.id, eventAt: eventAt.toISOString(), timeZone: "UTC", place: `Lyon ${tag}`, priceMinor: 90_00, currency: "EUR" });
  await acceptBooking({ db, actor: { kind: "chef", chefId: chef.id }, now }, { bookingId: booking.id });
  await payBooking(asCustomer, { bookingId: booking.id, amountMinor: 90_00, currency: "EUR" });
  const job = await db.scheduledJob.findFirstOrThrow({ where: { jobType: closeEvent, subjectType: "booking", subjectId: String(booking.id), status: "pending" } });
  return { bookingId: booking.id, eventAt, jobId: job.id };
}

const created: bigint[] = [];

test.afterEach(async ({ db }) => {
  // Its jobs go (a later spec's far time travel must not run them); the booking rows stay, as other specs' do.
  await db.scheduledJob.deleteMany({ where: { id: { in: created.splice(0) } } });
});

async function bookingMade(db: Db): Promise<PaidBooking> {
  const made = await paidBooking(db);
  created.push(made.jobId);
  return made;
}

/** The audit entries' "from → to" column of this job's page. */
const auditTable = (page: import("@playwright/test").Page) => page.getByRole("table", { name: "Audit entries" });

test.describe("a job bound to its business time", () => {
  // Each drives a tick or a bulk action through the server as well as the page: more than the default 30 s on a busy machine.
  test.slow();

  test("run now: the warning names the event time before confirming; the audit entry says it; the tick defers the job to the event", async ({ page, request, db }) => {
    const { bookingId, eventAt, jobId } = await bookingMade(db);
    await page.goto(`/jobs/${jobId}`);
    const runNow = page.getByRole("form", { name: "Run now" });
    // Before anything is confirmed: bound to its business time, and when it will act.
    const warning = runNow.getByRole("note");
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("Bound to its business time.");
    await expect(warning).toContainText(`${closeEvent} acts at the booking's event time: ${formatInZone(eventAt, "UTC")}`);
    await expect(warning).toContainText("Running it now does not make it act now.");
    await expect(page.getByRole("form", { name: "Reschedule" }).getByRole("note")).toContainText("Moving it earlier than");
    // The warnings pass an axe scan (contrast, roles) like the rest of the page.
    const { violations } = await new AxeBuilder({ page }).include(".notice-warning").analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    await runNow.getByRole("button", { name: "Run now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "bound to its business time" })).toBeVisible();
    const [entry] = await db.auditEntry.findMany({ where: { recordType: "scheduled_job", recordId: jobId.toString(), action: "job.run_now" } });
    expect((entry!.toValue as { businessTime: string }).businessTime).toBe(
      `bound to its business time (the booking's event time, ${eventAt.toISOString()}): it acts then, not earlier; a run before it defers the job to it without spending an attempt`,
    );
    await page.reload();
    await expect(auditTable(page)).toContainText(`businessTime: bound to its business time (the booking's event time, ${formatInZone(eventAt, "UTC")})`);

    // The next tick runs it: it defers to the event, spends no attempt, and the booking stays paid.
    expect((await request.get("/api/cron/tick?mode=drain", { headers: cronAuth })).status()).toBe(200);
    expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "pending", runAt: eventAt, attempts: 1, maxAttempts: 11 });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe("paid");
    await page.reload();
    await expect(page.locator(".badge-run-deferred")).toBeVisible();
    await expect(page.getByText(`deferred to ${formatInZone(eventAt, "UTC")}: booking ${bookingId}'s event is due at`)).toBeVisible();
  });

  test("retry of a job that early runs left dead: warned before confirming, audited, and back to pending", async ({ page, db }) => {
    const { eventAt, jobId } = await bookingMade(db);
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', attempts = max_attempts, finished_at = now(), last_error = 'e2e: died of early runs' WHERE id = ${jobId}`;
    await page.goto(`/jobs/${jobId}`);
    const retry = page.getByRole("form", { name: "Retry" });
    await expect(retry.getByRole("note")).toContainText(`the booking's event time: ${formatInZone(eventAt, "UTC")}`);
    await expect(retry.getByRole("note")).toContainText("Retrying it now does not make it act now.");
    await retry.getByRole("button", { name: "Retry dead job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Retried" })).toBeVisible();
    await page.reload();
    await expect(auditTable(page)).toContainText(`businessTime: bound to its business time (the booking's event time, ${formatInZone(eventAt, "UTC")})`);
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("pending");
  });

  test("a bulk shift earlier: the preview names the bound job and its event time before confirming; each audit entry says it", async ({ page, db }) => {
    const { bookingId, eventAt, jobId } = await bookingMade(db);
    await page.goto(`/jobs?subject=booking:${bookingId}&status=pending`);
    await page.getByRole("checkbox", { name: `Select job ${jobId}` }).check();
    await page.getByLabel("Change").selectOption("shift");
    await page.getByLabel("Offset (e.g. +2h, -30m, +1d)").fill("-9d");
    await page.getByLabel("Reason", { exact: true }).fill("the chef asked to close it early");
    await page.getByRole("button", { name: "Preview" }).click();
    const warning = page.getByRole("note", { name: "Bound to business time" });
    await expect(warning).toContainText("1 of these jobs is bound to its business time");
    await expect(warning).toContainText(`${closeEvent}: the booking's event time, 1`);
    await expect(warning).toContainText(`job ${jobId} (${closeEvent}) acts at ${formatInZone(eventAt, "UTC")}`);
    // Nothing moved yet.
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: jobId } })).runAt).toEqual(eventAt);

    await page.getByRole("button", { name: "Confirm: change 1 job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Done: 1 changed, 0 skipped" })).toBeVisible();
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: jobId } })).runAt).toEqual(new Date(eventAt.getTime() - 9 * dayMs));
    const [entry] = await db.auditEntry.findMany({ where: { action: "bulk.shift", recordId: jobId.toString() } });
    expect((entry!.toValue as { businessTime: string }).businessTime).toMatch(/^bound to its business time \(the booking's event time, /);
    await page.goto(`/jobs/${jobId}`);
    await expect(auditTable(page)).toContainText("bulk.shift");
    await expect(auditTable(page)).toContainText(`businessTime: bound to its business time (the booking's event time, ${formatInZone(eventAt, "UTC")})`);
  });
});
