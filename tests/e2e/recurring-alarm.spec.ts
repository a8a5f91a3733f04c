// The overview alarms when a recurring schedule the deployed code declares is retired or missing
// (a tick of other code once retired the quota sweep for good, and nothing showed it), and the
// deployment's own next tick, through the cron route, puts it back and the alarm goes.
import { cronAuth, expect, test } from "./fixtures.ts";

test("a declared schedule retired or missing raises an alarm on the overview until the deployment's next tick restores it", async ({ page, request, db }) => {
  // The deployment's tick: the declared schedules exist and run.
  expect((await request.get("/api/cron/tick?mode=drain", { headers: cronAuth })).status()).toBe(200);
  await page.goto("/overview");
  const alarm = page.getByRole("alert").filter({ hasText: "Recurring schedules this deployment declares are not running" });
  await expect(alarm).toHaveCount(0);

  // Other code (a script, a harness, an older tool) retired one and deleted another.
  await db.$executeRaw`UPDATE recurring_schedules SET retired_at = now() WHERE name = 'quotas.reset-sweep'`;
  await db.$executeRaw`DELETE FROM recurring_schedules WHERE name = 'maintenance.prune-idempotency-records'`;
  await page.reload();
  await expect(alarm).toBeVisible();
  await expect(alarm).toContainText(/quotas\.reset-sweep \(retired \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(\+00:00\)\)/);
  await expect(alarm).toContainText("maintenance.prune-idempotency-records (missing)");

  expect((await request.get("/api/cron/tick?mode=drain", { headers: cronAuth })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(alarm).toHaveCount(0);
  const rows = await db.$queryRaw<Array<{ name: string; retired: boolean }>>`
    SELECT name, retired_at IS NOT NULL AS retired FROM recurring_schedules
    WHERE name IN ('quotas.reset-sweep', 'maintenance.prune-idempotency-records') ORDER BY name`;
  expect(rows).toEqual([
    { name: "maintenance.prune-idempotency-records", retired: false },
    { name: "quotas.reset-sweep", retired: false },
  ]);
});
