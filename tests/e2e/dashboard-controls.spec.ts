// The operator's switches in Chromium against the production build: pausing and resuming a job
// type (a tick skips its due job, and the job shows it everywhere), and a recurring schedule's
// page (its next occurrences in the operator's zone, pause and resume, run now, the audit log).
// dashboard.spec.ts covers the single job's actions, bulk actions and the overview.
//
// No test depends on today's date: jobs sit at fixed instants and ticks travel to them
// (?now=, time travel is on for the e2e server); the one real-clock tick runs a job made due
// "now" by the database's own clock, which the tick reads after it.
import { cronAuth, expect, test, uniqueMarker } from "./fixtures.ts";

test.describe("job types", () => {
  test("pausing a type: a tick skips its due job, shown paused on the jobs list and the job page; after resume the next tick runs it", async ({
    page, request, db, scheduleDemoPing, signedIn,
  }) => {
    const marker = uniqueMarker();
    const runAt = new Date("2032-03-04T10:00:00.000Z");
    const job = await scheduleDemoPing({ runAt, subject: { type: "booking", id: marker } });
    const tickUrl = `/api/cron/tick?mode=drain&now=${encodeURIComponent(new Date(runAt.getTime() + 60_000).toISOString())}`;
    try {
      await page.goto("/job-types");
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /demo\.ping/ }) });
      await row.getByLabel("Reason for pausing demo.ping").fill("e2e incident drill");
      await row.getByRole("button", { name: "Pause" }).click();
      // The switch re-renders as paused (the flag is read back from the database).
      await expect(row.getByRole("button", { name: "Resume" })).toBeVisible();
      await expect(row.getByText("paused", { exact: true })).toBeVisible();
      await expect(row).toContainText("e2e incident drill");
      expect(await db.jobTypePause.findUnique({ where: { jobType: "demo.ping" } })).toMatchObject({ pausedBy: signedIn!.email, reason: "e2e incident drill" });

      // A tick at the job's run time leaves it alone.
      const skipping = await request.get(tickUrl, { headers: cronAuth });
      expect(skipping.status(), await skipping.text()).toBe(200);
      expect((await skipping.json()).jobTypes["demo.ping"] ?? 0).toBe(0);
      expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "pending", attempts: 0 });

      // Shown paused on the jobs list, the job's page and the overview.
      await page.goto(`/jobs?subject=booking:${marker}`);
      await expect(page.getByRole("row").filter({ hasText: `booking:${marker}` }).getByText("type paused")).toBeVisible();
      await page.goto(`/jobs/${job.id}`);
      await expect(page.getByRole("status").filter({ hasText: "demo.ping is paused: no tick runs it" })).toBeVisible();
      await page.goto("/overview");
      await expect(page.getByRole("status").filter({ hasText: "Paused job types (not run by any tick): demo.ping" })).toBeVisible();

      await page.goto("/job-types");
      await row.getByRole("button", { name: "Resume" }).click();
      await expect(row.getByRole("button", { name: "Pause" })).toBeVisible();
      await expect(row.getByText("paused", { exact: true })).toHaveCount(0);
      expect(await db.jobTypePause.findUnique({ where: { jobType: "demo.ping" } })).toBeNull();

      const running = await request.get(tickUrl, { headers: cronAuth });
      expect(running.status(), await running.text()).toBe(200);
      expect((await running.json()).jobTypes["demo.ping"]).toBeGreaterThanOrEqual(1);
      expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "succeeded", attempts: 1 });
      await page.goto(`/jobs/${job.id}`);
      await expect(page.getByText("type paused")).toHaveCount(0);

      await page.goto("/audit?record=job_type:demo.ping");
      const entries = page.getByRole("row").filter({ hasText: signedIn!.email });
      await expect(entries.filter({ hasText: "job_type.pause" })).toContainText("e2e incident drill");
      await expect(entries.filter({ hasText: "job_type.resume" })).toHaveCount(1);
    } finally {
      // Never leave demo.ping paused for the tests after this one.
      await db.jobTypePause.deleteMany({ where: { jobType: "demo.ping" } });
    }
  });
});

test.describe("recurring schedules", () => {
  test.use({ displayZone: "Asia/Kolkata" });
  const name = "maintenance.prune-idempotency-records"; // hourly at minute 41, UTC; harmless to run

  test("shows the next occurrences in the operator's zone; pause, resume and run now (a tick runs it), each in the audit log", async ({ page, request, db, signedIn }) => {
    // The schedules come from the code with the first tick; then pin the next occurrence to a
    // fixed instant so the expected list does not depend on today.
    expect((await request.get("/api/cron/tick?mode=drain", { headers: cronAuth })).status()).toBe(200);
    const original = await db.recurringSchedule.findUniqueOrThrow({ where: { name } });
    await db.recurringSchedule.update({ where: { name }, data: { nextRunAt: new Date("2031-05-06T07:41:00.000Z") } });
    let runNowJob: bigint | undefined;
    try {
      await page.goto("/recurring");
      await expect(page.getByRole("columnheader", { name: "Next occurrences (Asia/Kolkata)" })).toBeVisible();
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(name.replace(/\./g, "\\.")) }) });
      // 07:41 UTC and the four after it (cron "41 * * * *"), at +05:30.
      const occurrences = row.getByRole("cell").first().getByRole("listitem");
      // Each with its relative part from the page's clock (the database's, today), so its number is not pinned.
      await expect(occurrences).toHaveText(
        ["13:11", "14:11", "15:11", "16:11", "17:11"].map((t) => new RegExp(`^2031-05-06 ${t}:00 Asia/Kolkata \\(\\+05:30\\) \\(in [\\d,]+ d\\)$`)),
      );

      await row.getByRole("button", { name: "Pause" }).click();
      await expect(row.getByRole("button", { name: "Resume" })).toBeVisible();
      await expect(row.getByText("paused", { exact: true })).toBeVisible();
      expect((await db.recurringSchedule.findUniqueOrThrow({ where: { name } })).enabled).toBe(false);

      await row.getByRole("button", { name: "Resume" }).click();
      await expect(row.getByRole("button", { name: "Pause" })).toBeVisible();
      await expect(row.getByText("paused", { exact: true })).toHaveCount(0);
      expect((await db.recurringSchedule.findUniqueOrThrow({ where: { name } })).enabled).toBe(true);

      await row.getByRole("button", { name: "Run now" }).click();
      const due = row.getByRole("status").filter({ hasText: /Job \d+ is due now/ });
      await expect(due).toBeVisible();
      runNowJob = BigInt(/Job (\d+) is due now/.exec((await due.textContent()) ?? "")![1]!);
      expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: runNowJob } })).toMatchObject({ status: "pending", recurringName: name, jobType: name });

      // Due by the database's clock when the action ran; a tick reading that clock after it runs it.
      expect((await request.get("/api/cron/tick?mode=drain", { headers: cronAuth })).status()).toBe(200);
      expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: runNowJob } })).toMatchObject({ status: "succeeded", attempts: 1 });

      await page.goto(`/audit?record=recurring_schedule:${name}`);
      const entries = page.getByRole("row").filter({ hasText: signedIn!.email });
      await expect(entries.filter({ hasText: "recurring.pause" })).toHaveCount(1);
      await expect(entries.filter({ hasText: "recurring.resume" })).toHaveCount(1);
      await expect(entries.filter({ hasText: "recurring.run_now" })).toContainText(runNowJob.toString());
    } finally {
      await db.recurringSchedule.update({ where: { name }, data: { nextRunAt: original.nextRunAt, enabled: true } });
      if (runNowJob !== undefined) await db.scheduledJob.deleteMany({ where: { id: runNowJob } });
    }
  });
});
