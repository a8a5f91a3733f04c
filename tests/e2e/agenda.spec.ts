// The agenda page, read by a browser: what is due this week is listed, what is due next month is not.
import { dayMs, expect, test, uniqueMarker } from "./fixtures.ts";

test("the agenda lists a job due this week and not one due next month", async ({ page, scheduleDemoPing }) => {
  const marker = uniqueMarker();
  // A fixed instant, not today: the e2e server travels in time (?now=), so the test does too.
  const asOf = "2027-06-14T09:00:00.000Z";
  const now = Date.parse(asOf);
  await scheduleDemoPing({ runAt: new Date(now + 2 * dayMs), subject: { type: "booking", id: `${marker}-soon` } });
  await scheduleDemoPing({ runAt: new Date(now + 30 * dayMs), subject: { type: "booking", id: `${marker}-later` } });

  await page.goto(`/agenda?now=${asOf}`);
  await expect(page.getByRole("heading", { name: "Due in the next 7 days" })).toBeVisible();
  const table = page.getByRole("table", { name: "Due in the next 7 days" });
  const soon = table.getByRole("row", { name: new RegExp(`booking:${marker}-soon`) });
  await expect(soon).toBeVisible();
  await expect(soon.getByRole("cell", { name: "demo.ping" })).toBeVisible();
  await expect(soon.getByText("pending", { exact: true })).toBeVisible();
  await expect(soon).toContainText("in 2 days");
  await expect(page.getByText(`booking:${marker}-later`)).toHaveCount(0);

  // The window lives in the URL: 30 days (the window's end is exclusive) still misses it, 31 includes it.
  await page.getByRole("link", { name: "30 days" }).click();
  await expect(page.getByRole("heading", { name: "Due in the next 30 days" })).toBeVisible();
  await page.goto(`/agenda?days=31&now=${asOf}`);
  await expect(page.getByRole("row", { name: new RegExp(`booking:${marker}-later`) })).toBeVisible();
});

test("a bad ?days= is explained, not guessed", async ({ page }) => {
  await page.goto("/agenda?days=-1");
  // (Next's route announcer is an empty alert too: pick ours by its text.)
  const alert = page.getByRole("alert").filter({ hasText: "bad parameter" });
  await expect(alert).toContainText("days: expected a whole number of days");
  await expect(page.getByRole("table")).toHaveCount(0);
});
