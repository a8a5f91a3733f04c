// Running now, in a real browser: a job a tick holds is listed with its attempt, how long it has
// run, its lease left and its tick, and links to its job page and its booking; a job whose lease
// passed says so; the list refreshes itself (the job leaves it once its attempt ends).
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";

test("lists the jobs ticks hold, with attempt, lease, tick and links, and refreshes as they end", async ({ page, db }) => {
  const marker = uniqueMarker();
  const held = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(Date.now() - 60_000), payload: { note: marker }, subject: { type: "booking", id: "4242" } }));
  const stuck = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(Date.now() - 60_000), payload: { note: marker } }));
  // As a claim writes them: running, attempt 1, a lease, and the attempt's run record. One lease
  // has 10 minutes left; the other passed 2 minutes ago (its worker is gone).
  const claim = async (id: bigint, tickId: string, leaseFromNowMs: number) => {
    await db.$executeRaw`
      UPDATE scheduled_jobs SET status = 'running', attempts = 1, locked_by = ${tickId},
             lease_expires_at = now() + ${leaseFromNowMs} * interval '1 millisecond' WHERE id = ${id}`;
    await db.$executeRaw`INSERT INTO job_runs (job_id, attempt, tick_id, started_at) VALUES (${id}, 1, ${tickId}, now() - interval '90 seconds')`;
  };
  await claim(held.id, `t_${marker}_a`, 10 * 60_000);
  await claim(stuck.id, `t_${marker}_b`, -2 * 60_000);
  try {
    await page.goto("/running");
    await expect(page.getByRole("heading", { level: 1, name: "Running now" })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(`t_${marker}_a`) });
    await expect(row).toContainText(`#${held.id}`);
    await expect(row).toContainText("1 of");
    await expect(row).toContainText(/2 minutes, since|1 minute, since/);
    await expect(row).toContainText(/(9|10) minutes/);
    await expect(row.getByRole("link", { name: "booking:4242" })).toHaveAttribute("href", "/bookings/4242");
    await expect(page.getByRole("row", { name: new RegExp(`t_${marker}_b`) })).toContainText(/passed 2 minutes ago: the next housekeeping hands it back/);

    // The attempt ends: the next refresh (every 5 s) drops the job from the list.
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'succeeded', finished_at = now(), lease_expires_at = NULL WHERE id = ${held.id}`;
    await expect(page.getByRole("row", { name: new RegExp(`t_${marker}_a`) })).toHaveCount(0, { timeout: 20_000 });
    await row.page().getByRole("link", { name: `#${stuck.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${stuck.id}$`));
  } finally {
    await db.$executeRaw`DELETE FROM scheduled_jobs WHERE id IN (${held.id}, ${stuck.id})`;
  }
});
