// Bulk retry in a real browser: the dead jobs matching a filter are previewed (how many change),
// nothing moves until Confirm, then each gets one more attempt due now, with an audit entry.
import { expect, test, uniqueMarker } from "./fixtures.ts";

test("retries every dead job matching the filter after a preview and a confirmation", async ({ page, db, scheduleDemoPing }) => {
  const marker = uniqueMarker();
  const subject = { type: "booking", id: `retry-${marker}` };
  const jobs = [];
  for (const h of [1, 2, 3]) jobs.push(await scheduleDemoPing({ runAt: new Date(Date.now() - h * 3_600_000), subject }));
  // Two gave up after their last attempt; the third is still pending.
  await db.$executeRaw`
    UPDATE scheduled_jobs SET status = 'dead', attempts = 5, max_attempts = 5, finished_at = now(), last_error = 'gave up'
    WHERE id = ANY(${jobs.slice(0, 2).map((j) => j.id)}::bigint[])`;

  await page.goto(`/jobs?subject=booking:retry-${marker}&status=dead`);
  await page.getByLabel(/Everything matching the filter/).check();
  await page.getByLabel("Change").selectOption("retry");
  await page.getByLabel("Reason", { exact: true }).fill("the provider is back up");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("2 jobs will change.")).toBeVisible();
  expect(await db.scheduledJob.count({ where: { id: { in: jobs.map((j) => j.id) }, status: "dead" } })).toBe(2);

  await page.getByRole("button", { name: "Confirm: change 2 jobs" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done: 2 changed, 0 skipped" })).toBeVisible();
  const after = await db.scheduledJob.findMany({ where: { id: { in: jobs.map((j) => j.id) } }, orderBy: { id: "asc" } });
  expect(after.map((j) => [j.status, j.maxAttempts])).toEqual([["pending", 6], ["pending", 6], ["pending", 5]]);
  expect(await db.auditEntry.count({ where: { action: "bulk.retry", recordId: { in: jobs.map((j) => j.id.toString()) } } })).toBe(2);
});
