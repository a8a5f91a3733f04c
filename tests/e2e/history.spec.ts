// The history page in a real browser: per job type, the attempts started, succeeded and failed
// in the window (from the run tallies the engine's triggers keep), a bar of the chart and a row
// of the failures table each open the jobs behind them, a job type has the same colour on the
// overview's chart and on the history's, the page with its charts drawn passes an axe scan, and a
// window it cannot draw is refused with a reason.
import AxeBuilder from "@axe-core/playwright";
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";

/** The e2e server travels in time: the history as of this instant, not today. */
const asOf = new Date("2027-06-14T09:00:00.000Z");
const minuteMs = 60_000;

test("the history counts a type's attempts, links its bars and failures to its jobs, and colours it as the overview does", async ({ page, db }) => {
  test.setTimeout(240_000); // a hang detector: five pages and an axe scan (at load 17, ~95 s)
  const marker = uniqueMarker();
  const type = `e2e.history-${marker}`;
  // A job of its own type (so no other test's runs mix in) that failed twice and then went dead,
  // 40 and 35 minutes before asOf, each attempt written as the engine writes it: claimed, then ended.
  const runAt = new Date(asOf.getTime() - 41 * minuteMs);
  const [job] = await db.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO scheduled_jobs (job_type, run_at, status, attempts, max_attempts, key)
    VALUES (${type}, ${runAt}, 'dead', 3, 3, ${`history:${marker}`}) RETURNING id`;
  for (const [attempt, minutesBefore, outcome] of [[1, 40, "failed"], [2, 38, "failed"], [3, 35, "dead"]] as const) {
    const startedAt = new Date(asOf.getTime() - minutesBefore * minuteMs);
    await db.$executeRaw`INSERT INTO job_runs (job_id, attempt, tick_id, started_at) VALUES (${job!.id}, ${attempt}, 'e2e', ${startedAt})`;
    await db.$executeRaw`
      UPDATE job_runs SET outcome = ${outcome}::run_outcome, finished_at = ${new Date(startedAt.getTime() + 1000)}
      WHERE job_id = ${job!.id} AND attempt = ${attempt}`;
  }
  // A demo.ping that ran, so the history shows a type the overview's chart shows too.
  const ping = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(asOf.getTime() + 3_600_000), payload: { note: marker } }));
  await db.$executeRaw`
    INSERT INTO job_runs (job_id, attempt, tick_id, started_at, finished_at, outcome)
    VALUES (${ping.id}, 1, 'e2e', ${new Date(asOf.getTime() - 20 * minuteMs)}, ${new Date(asOf.getTime() - 20 * minuteMs)}, 'succeeded')`;

  try {
    await page.goto(`/history?now=${asOf.toISOString()}`);
    await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
    const row = page.getByRole("table", { name: "Attempts by job type" }).getByRole("row", { name: new RegExp(type) });
    // Started 3, succeeded 0, failed 3 (two failed, one dead), the latest start 1 minute late... of its run time 41 min before.
    await expect(row.getByRole("cell")).toHaveText([type, "3", "0", "3", /late$/, `jobs of ${type} due in the window`]);

    // The failures table, per minute: each minute with a failure links to the jobs due then.
    const failures = page.getByRole("table", { name: "Failed attempts by bucket" }).getByRole("row", { name: new RegExp(type) });
    await expect(failures).toHaveCount(3);
    await failures.first().getByRole("link", { name: "jobs due then" }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?type=${type.replace(/\./g, "\\.")}`));

    // A bar of the failed chart (per hour, this type only) opens that hour's jobs of the type.
    await page.goto(`/history?range=24h&step=hour&type=${type}&now=${asOf.toISOString()}`);
    const failedChart = page.getByRole("figure", { name: /Attempts failed per hour/ });
    const bar = failedChart.locator(".recharts-bar-rectangle path, .recharts-bar-rectangle rect").first();
    // Drawn in the browser once the charts' script has loaded (decision 0041): a hang detector,
    // not a speed goal (a loaded CI machine takes seconds).
    await expect(bar).toBeVisible({ timeout: 30_000 });
    // With the charts drawn in the browser (decision 0041), the page passes an axe scan.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await bar.click();
    await expect(page).toHaveURL(/\/jobs\?/);
    expect(new URL(page.url()).searchParams.get("type")).toBe(type);
    await expect(page.getByRole("row", { name: new RegExp(`history:${marker}`) })).toBeVisible();

    // One colour per type: demo.ping's swatch on the history and on the overview's legend.
    await page.goto(`/history?now=${asOf.toISOString()}`);
    const historyColor = await page.getByRole("table", { name: "Attempts by job type" }).getByRole("row", { name: /demo\.ping/ }).locator(".swatch").evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(`/overview?now=${asOf.toISOString()}`);
    const overviewColor = await page.getByRole("list", { name: "Job types" }).first().getByRole("listitem").filter({ hasText: "demo.ping" }).locator(".swatch").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(historyColor).toBe(overviewColor);

    // A week per minute is not drawn: refused with the reason, nothing else shown.
    const refused = await page.goto("/history?range=7d&step=minute");
    expect(refused!.status()).toBe(400);
    await expect(page.getByText("a week is shown per hour")).toBeVisible();
  } finally {
    await db.$executeRaw`DELETE FROM scheduled_jobs WHERE id IN (${job!.id}, ${ping.id})`;
  }
});
