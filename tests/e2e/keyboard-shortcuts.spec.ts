// Issue 15, item 8: the dashboard's keyboard shortcuts. `/` focuses the search box, j/k walk a
// list's rows and Enter opens the row, g o / g j go to Overview / Jobs, ? lists the keys; none of
// them fires while the operator types in a field.
import type { Page } from "@playwright/test";
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { dayMs, expect, test, uniqueMarker } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";

/** Waits until the shortcuts listen (the component marks the page once mounted). */
async function shortcutsReady(page: Page): Promise<void> {
  await expect(page.locator("html[data-shortcuts=ready]")).toHaveCount(1);
}

test("j/k walk the jobs list and Enter opens the row; g o / g j go to Overview / Jobs", async ({ page, db }) => {
  const marker = uniqueMarker();
  const base = Date.now() + 5 * dayMs;
  const jobs = await db.$transaction(async (tx) => {
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(await schedule(tx, demoPing, { runAt: new Date(base + i * 60_000), key: `${marker}:${i}`, payload: {}, subject: { type: "booking", id: 9500 } }));
    }
    return made;
  });
  try {
    await page.goto(`/jobs?key=${marker}`);
    await shortcutsReady(page);
    const link = (i: number) => page.getByRole("link", { name: `Job ${jobs[i]!.id}`, exact: true });
    await page.keyboard.press("j");
    await expect(link(0)).toBeFocused();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(link(2)).toBeFocused();
    await page.keyboard.press("j"); // the last row stays
    await expect(link(2)).toBeFocused();
    await page.keyboard.press("k");
    await expect(link(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobs[1]!.id}$`));

    await shortcutsReady(page);
    await page.keyboard.press("g");
    await page.keyboard.press("o");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await page.keyboard.press("g");
    await page.keyboard.press("j");
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  } finally {
    await db.scheduledJob.deleteMany({ where: { id: { in: jobs.map((job) => job.id) } } });
  }
});

test("/ focuses the search box, and keys typed there stay there", async ({ page }) => {
  await page.goto("/overview");
  await shortcutsReady(page);
  await page.keyboard.press("/");
  const box = page.getByRole("search").getByRole("searchbox", { name: "Find" });
  await expect(box).toBeFocused();
  await page.keyboard.type("g j?k/");
  await expect(box).toHaveValue("g j?k/");
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("dialog")).toBeHidden();

  await box.fill("");
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  for (const keys of ["/", "j / k", "g o", "g j", "?"]) await expect(dialog.getByRole("rowheader", { name: keys, exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("j walks the bookings and disputes lists too", async ({ page, db }) => {
  await makeDispute(db, { replied: false });
  for (const path of ["/bookings", "/disputes"]) {
    await page.goto(path);
    await shortcutsReady(page);
    await page.keyboard.press("j");
    const first = page.locator("#content tbody tr").first().getByRole("link").first();
    await expect(first, path).toBeFocused();
    await expect(page.locator("#content tbody tr").first()).toHaveAttribute("data-current", "");
  }
});

test("j and Enter open a running job from the running list", async ({ page, db }) => {
  const marker = uniqueMarker();
  const held = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(Date.now() - 60_000), payload: { note: marker } }));
  // As a claim writes it: running, attempt 1, a lease and the attempt's run record.
  await db.$executeRaw`
    UPDATE scheduled_jobs SET status = 'running', attempts = 1, locked_by = ${`t_${marker}`},
           lease_expires_at = now() + interval '10 minutes' WHERE id = ${held.id}`;
  await db.$executeRaw`INSERT INTO job_runs (job_id, attempt, tick_id, started_at) VALUES (${held.id}, 1, ${`t_${marker}`}, now() - interval '30 seconds')`;
  try {
    await page.goto("/running");
    await shortcutsReady(page);
    const row = page.getByRole("row", { name: new RegExp(`t_${marker}`) });
    await expect(row).toBeVisible();
    // Rows of other tests' jobs may come first: walk down to ours.
    const link = row.getByRole("link", { name: `#${held.id}` });
    for (let presses = 0; presses < 20 && !(await link.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press("j");
    }
    await expect(link).toBeFocused();
    await expect(row).toHaveAttribute("data-current", "");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/jobs/${held.id}$`));
  } finally {
    await db.$executeRaw`DELETE FROM scheduled_jobs WHERE id = ${held.id}`;
  }
});
