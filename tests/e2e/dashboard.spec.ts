// The operator dashboard in Chromium against the production build: signing in and out, who may
// act, the job actions (in the page, in the database and in the audit log), the stale-page race,
// the overview's chart and its alarm when ticks stop. Each test creates its own rows and users.
import { cronAuth, dayMs, expect, test, uniqueMarker } from "./fixtures.ts";
import { createAccount } from "../../lib/quotas/index.ts";
import { createSignedInOperator } from "../helpers/operators.ts";
import { e2eAuthSecret } from "../../scripts/lib/e2e-state.ts";

const hourMs = 3_600_000;

test.describe("signed out", () => {
  test.use({ signInAs: null });

  test("every dashboard page sends a signed-out visitor to sign in", async ({ page }) => {
    for (const path of ["/overview", "/jobs", "/jobs/1", "/bookings", "/bookings/1", "/job-types", "/recurring", "/audit", "/agenda"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/sign-in/);
    }
    await expect(page.getByRole("heading", { name: "Sign in to Duly" })).toBeVisible();
  });

  test("an operator signs in with email and password, sees the dashboard, and signs out", async ({ page, db }) => {
    const user = await createSignedInOperator(db, { role: "operator", secret: e2eAuthSecret, label: "e2e-form" });
    try {
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();

      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      // A password check, a redirect and the overview's render: seconds on a busy machine.
      await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(user.email)).toBeVisible();
      const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/sign-in/);
      await page.goto("/jobs");
      await expect(page).toHaveURL(/\/sign-in/);
    } finally {
      await db.authUser.delete({ where: { id: user.id } });
    }
  });
});

test.describe("a viewer", () => {
  test.use({ signInAs: "viewer" });

  test("sees a job but cannot act, and a forged action call is refused and changes nothing", async ({ page, db, scheduleDemoPing }) => {
    const job = await scheduleDemoPing({ runAt: new Date(Date.now() + dayMs), subject: { type: "booking", id: 9001 } });
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByText("signed in as a viewer")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel job" })).toBeDisabled();
    // Forge: re-enable the form in the browser and submit it; the server action is a public endpoint.
    await page.evaluate(() => document.querySelectorAll("[disabled]").forEach((element) => element.removeAttribute("disabled")));
    await page.getByLabel("Reason for cancelling").fill("forged by a viewer");
    await page.getByRole("button", { name: "Cancel job" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "only an operator may do this" })).toBeVisible();
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("pending");
    expect(await db.auditEntry.count({ where: { recordId: job.id.toString() } })).toBe(0);
  });
});

test.describe("an operator", () => {
  test.use({ displayZone: "Europe/Berlin" });

  test("reschedules a job in their zone: the page, the database and the audit log agree", async ({ page, db, scheduleDemoPing, signedIn }) => {
    const job = await scheduleDemoPing({ runAt: new Date("2031-01-10T12:00:00Z"), subject: { type: "booking", id: 9002 } });
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByText("2031-01-10 13:00:00 Europe/Berlin (+01:00)")).toBeVisible();
    await page.getByLabel("New run time (Europe/Berlin)").fill("2031-01-12T09:30");
    await page.getByLabel("Reason", { exact: true }).fill("chef asked to start later");
    await page.getByRole("button", { name: "Reschedule" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rescheduled: moved to 2031-01-12 09:30:00 Europe/Berlin (+01:00)." })).toBeVisible();
    await expect(page.getByText("2031-01-12 09:30:00 Europe/Berlin (+01:00)").first()).toBeVisible();
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.toISOString()).toBe("2031-01-12T08:30:00.000Z");

    await page.goto(`/audit?record=scheduled_job:${job.id}`);
    const row = page.getByRole("row").filter({ hasText: "job.reschedule" });
    await expect(row).toContainText(signedIn!.email);
    await expect(row).toContainText("chef asked to start later");
    // Recorded as ISO, shown in the display zone.
    await expect(row).toContainText("runAt: 2031-01-10 13:00:00 Europe/Berlin (+01:00)");
  });

  test("a local time the clocks skip is refused with the reason, and nothing moves", async ({ page, db, scheduleDemoPing }) => {
    const job = await scheduleDemoPing({ runAt: new Date("2031-03-20T12:00:00Z"), subject: { type: "booking", id: 9003 } });
    await page.goto(`/jobs/${job.id}`);
    await page.getByLabel("New run time (Europe/Berlin)").fill("2031-03-30T02:30");
    await page.getByLabel("Reason", { exact: true }).fill("try the gap");
    await page.getByRole("button", { name: "Reschedule" }).click();
    await expect(page.getByText("does not exist in Europe/Berlin")).toBeVisible();
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.toISOString()).toBe("2031-03-20T12:00:00.000Z");
  });

  test("cancels a job with a reason", async ({ page, db, scheduleDemoPing }) => {
    const job = await scheduleDemoPing({ runAt: new Date(Date.now() + 2 * dayMs), subject: { type: "booking", id: 9004 } });
    await page.goto(`/jobs/${job.id}`);
    await page.getByLabel("Reason for cancelling").fill("booking cancelled by phone");
    await page.getByRole("button", { name: "Cancel job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cancelled" })).toBeVisible();
    await expect(page.getByText("booking cancelled by phone").first()).toBeVisible();
    expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "cancelled", cancelReason: "booking cancelled by phone" });
  });

  test("run now, then a tick executes the job", async ({ page, request, db, scheduleDemoPing }) => {
    const job = await scheduleDemoPing({ runAt: new Date(Date.now() + 3 * dayMs), subject: { type: "booking", id: 9005 } });
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole("button", { name: "Run now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "due now" })).toBeVisible();
    const response = await request.get("/api/cron/tick?mode=drain", { headers: cronAuth });
    expect(response.status()).toBe(200);
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("succeeded");
    await page.reload();
    await expect(page.getByText("Attempt 1")).toBeVisible();
    await expect(page.locator(".badge-succeeded").first()).toBeVisible();
  });

  test("retries a dead job", async ({ page, db, scheduleDemoPing }) => {
    const job = await scheduleDemoPing({ runAt: new Date(Date.now() - hourMs), subject: { type: "booking", id: 9006 } });
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', attempts = max_attempts, finished_at = now(), last_error = 'e2e: gave up' WHERE id = ${job.id}`;
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByText("e2e: gave up")).toBeVisible();
    await page.getByRole("button", { name: "Retry dead job" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Retried" })).toBeVisible();
    expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "pending" });
  });

  test("a stale page: the job ran after the page was shown, so cancelling it is refused and changes nothing", async ({ page, request, db, scheduleDemoPing }) => {
    const runAt = new Date(Date.now() + 5 * dayMs);
    const job = await scheduleDemoPing({ runAt, subject: { type: "booking", id: 9007 } });
    await page.goto(`/jobs/${job.id}`);
    await page.getByLabel("Reason for cancelling").fill("customer changed their mind");
    // Meanwhile a tick (travelling to its run time) claims and finishes it.
    const tickAt = new Date(runAt.getTime() + 1000).toISOString();
    expect((await request.get(`/api/cron/tick?mode=drain&now=${encodeURIComponent(tickAt)}`, { headers: cronAuth })).status()).toBe(200);
    await page.getByRole("button", { name: "Cancel job" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "changed since your page showed it: it was pending on your page and is now succeeded" });
    await expect(refusal).toBeVisible();
    // What happened, when (in the operator's zone) and how it ended.
    await expect(refusal).toContainText(/\(the tick ran it at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d Europe\/Berlin \(\+0[12]:00\) and it succeeded\)/);
    expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "succeeded", cancelledAt: null });
    expect(await db.auditEntry.count({ where: { recordId: job.id.toString() } })).toBe(0);
  });
});

test.describe("bulk actions", () => {
  test("a bulk shift shows its preview (count and per-hour landing), then runs and reports changed versus skipped", async ({ page, db, scheduleDemoPing }) => {
    const base = Date.now() + 2 * dayMs;
    const jobs = [];
    for (const h of [0, 1, 2]) jobs.push(await scheduleDemoPing({ runAt: new Date(base + h * hourMs), subject: { type: "booking", id: 9200 } }));
    await page.goto("/jobs?subject=booking:9200");
    await page.getByRole("checkbox", { name: "Select every job on this page" }).check();
    await expect(page.getByText("3 selected on this page.")).toBeVisible();
    await page.getByLabel("Change").selectOption("shift");
    await page.getByLabel("Offset (e.g. +2h, -30m, +1d)").fill("+1d");
    await page.getByLabel("Reason", { exact: true }).fill("event moved by a day");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("3 jobs will change.")).toBeVisible();
    const histogram = page.getByRole("table", { name: "Where the jobs land, per hour" });
    await expect(histogram.getByRole("row")).toHaveCount(4); // header + three hours
    // Nothing has changed yet.
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: jobs[0]!.id } })).runAt.getTime()).toBe(jobs[0]!.runAt.getTime());

    await page.getByRole("button", { name: "Confirm: change 3 jobs" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Done: 3 changed, 0 skipped" })).toBeVisible();
    for (const job of jobs) {
      expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.getTime()).toBe(job.runAt.getTime() + dayMs);
    }
    expect(await db.auditEntry.count({ where: { action: "bulk.shift", recordId: { in: jobs.map((j) => j.id.toString()) } } })).toBe(3);
  });

  test("everything matching the filter means the jobs the preview counted: later ones are untouched, and each previewed job is accounted for", async ({ page, db, scheduleDemoPing }) => {
    test.setTimeout(120_000); // a preview, a confirm and its batches, each a server round trip
    const base = Date.now() + 3 * dayMs;
    const subject = { type: "booking", id: 9201 };
    const previewed = [];
    for (const h of [0, 1, 2, 3]) previewed.push(await scheduleDemoPing({ runAt: new Date(base + h * hourMs), subject }));
    await page.goto("/jobs?subject=booking:9201");
    await page.getByLabel(/Everything matching the filter/).check();
    await page.getByLabel("Change").selectOption("shift");
    await page.getByLabel("Offset (e.g. +2h, -30m, +1d)").fill("+1d");
    await page.getByLabel("Reason", { exact: true }).fill("the whole booking moves a day");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("4 jobs will change.")).toBeVisible();

    // After the preview: a new job of the same booking, and a previewed one finishes.
    const afterPreview = await scheduleDemoPing({ runAt: new Date(base + 4 * hourMs), subject });
    await db.scheduledJob.update({ where: { id: previewed[1]!.id }, data: { status: "succeeded", finishedAt: new Date() } });
    // After Confirm, before the first batch: another new job of the same booking.
    let afterConfirm: { id: bigint; runAt: Date } | undefined;
    await page.route((url) => url.pathname === "/jobs", async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || !request.postData()?.includes("previewId")) return route.continue();
      const response = await route.fetch();
      afterConfirm = await scheduleDemoPing({ runAt: new Date(base + 5 * hourMs), subject });
      await route.fulfill({ response });
    });
    await page.getByRole("button", { name: "Confirm: change 4 jobs" }).click();
    const outcome = page.getByRole("status").filter({ hasText: "Done:" });
    await expect(outcome).toContainText("3 changed, 1 skipped (1 finished meanwhile or not applicable), of the 4 the preview counted (every one accounted for)");
    await outcome.getByText("Skipped jobs and why").click();
    await expect(outcome.getByRole("listitem")).toHaveText([`job ${previewed[1]!.id}: it is succeeded`]);

    for (const job of [previewed[0]!, previewed[2]!, previewed[3]!]) {
      expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.getTime()).toBe(job.runAt.getTime() + dayMs);
    }
    expect(afterConfirm).toBeDefined();
    for (const job of [afterPreview, afterConfirm!]) {
      expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).runAt.getTime(), `job ${job.id} created after the preview`).toBe(job.runAt.getTime());
    }
  });
});

test.describe("the overview", () => {
  test.use({ displayZone: "Europe/Berlin" });

  test("shows every time in the operator's zone, none in UTC: when it was updated, the time travelled to, the last tick", async ({ page }) => {
    const asOf = "2034-01-20T07:05:09.000Z";
    await page.goto(`/overview?now=${encodeURIComponent(asOf)}`);
    const main = page.getByRole("main");
    await expect(main.getByText("Updated")).toContainText("Updated 2034-01-20 08:05:09 Europe/Berlin (+01:00)");
    await expect(page.getByRole("status").filter({ hasText: "Time travel" })).toContainText("as of 2034-01-20 08:05:09 Europe/Berlin (+01:00)");
    // Years after the last recorded tick (or with none): the alarm, its time in Berlin too.
    await expect(page.getByRole("alert").filter({ hasText: "No tick" })).toBeVisible();
    await expect(main).not.toContainText("UTC");
    await expect(main).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/); // no raw ISO instant
  });

  test("shows next week's jobs by type and the quota resets per day, and a day's click shows its hours in the operator's zone", async ({ page, scheduleDemoPing, db }) => {
    // As of a fixed instant (time travel, on for the e2e server), so nothing depends on today:
    // three jobs the next day, at 12:30, 12:45 and 15:05 in Berlin (summer time, +02:00).
    const asOf = "2033-06-14T08:00:00.000Z";
    const marker = uniqueMarker();
    for (const at of ["2033-06-15T10:30:00Z", "2033-06-15T10:45:00Z", "2033-06-15T13:05:00Z"]) {
      await scheduleDemoPing({ runAt: new Date(at), subject: { type: "booking", id: marker } });
    }
    // An account whose next reset is two days after that instant (UTC midnight).
    const resetOn = "2033-06-16";
    const account = await createAccount(db, { name: `${uniqueMarker()} overview`, plan: "pro", anchorOn: "2031-01-12", timeZone: "UTC" }, new Date("2031-01-12T12:00:00Z"));
    await db.$executeRaw`UPDATE quota_accounts SET next_reset_on = ${resetOn}::date, next_reset_at = ${`${resetOn}T00:00:00Z`}::timestamptz WHERE id = ${account.id}`;
    try {
      await page.goto(`/overview?now=${encodeURIComponent(asOf)}`);
      await expect(page.getByRole("status").filter({ hasText: "as of 2033-06-14 10:00:00 Europe/Berlin (+02:00)" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Due in the next 7 days" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Job types" })).toContainText("demo.ping");
      const resets = page.getByRole("region", { name: "Upcoming quota resets" });
      await expect(resets).toContainText(new RegExp(`${resetOn}: \\d+ accounts?`));
    } finally {
      await db.$executeRaw`DELETE FROM quota_accounts WHERE id = ${account.id}`;
    }
    await page.getByRole("link", { name: "Wed 15 Jun: 3 jobs due; show per hour" }).click();
    await expect(page).toHaveURL(/\/overview\?day=2033-06-15&now=2033-06-14T08%3A00%3A00.000Z/);
    const hours = page.getByRole("region", { name: /Wed 15 Jun, per hour \(Europe\/Berlin\)/ });
    await expect(hours).toBeVisible();
    await expect(hours.getByLabel("12: 2 jobs due", { exact: true })).toBeVisible();
    await expect(hours.getByLabel("15: 1 job due", { exact: true })).toBeVisible();
    await expect(hours.getByLabel("10: 0 jobs due", { exact: true })).toBeVisible(); // 10:30 UTC is 12:30 in Berlin
    await expect(hours.getByLabel("13: 0 jobs due", { exact: true })).toBeVisible();
  });

  test("raises an alarm when no tick has run for 3 minutes, and drops it once one runs", async ({ page, request, db }) => {
    await db.$executeRaw`
      INSERT INTO scheduler_state (key, value, updated_at) VALUES ('last_tick', '{"status":"ok","claimed":0}', now() - interval '5 minutes')
      ON CONFLICT (key) DO UPDATE SET updated_at = now() - interval '5 minutes'`;
    await page.goto("/overview");
    await expect(page.getByRole("alert").filter({ hasText: "No tick has run for" })).toBeVisible();
    expect((await request.get("/api/cron/tick?mode=drain", { headers: cronAuth })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: "No tick" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Last tick" })).toBeVisible();
  });
});
