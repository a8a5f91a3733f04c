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

test("late work comes first: overdue pending and running jobs, each with how late it is", async ({ page, db, scheduleDemoPing }) => {
  const marker = uniqueMarker();
  const asOf = "2027-08-02T09:00:00.000Z";
  const now = Date.parse(asOf);
  const minute = 60_000;
  await scheduleDemoPing({ runAt: new Date(now - 45 * minute), subject: { type: "booking", id: `${marker}-overdue` } });
  const running = await scheduleDemoPing({ runAt: new Date(now - 5 * minute), subject: { type: "booking", id: `${marker}-running` } });
  // As a tick leaves a job while its handler runs (set directly: the page only reads it).
  await db.$executeRaw`UPDATE scheduled_jobs SET status = 'running', attempts = 1, lease_expires_at = ${new Date(now + minute)} WHERE id = ${running.id}`;
  await scheduleDemoPing({ runAt: new Date(now + 2 * 3_600_000), subject: { type: "booking", id: `${marker}-soon` } });

  await page.goto(`/agenda?now=${asOf}`);
  // The late section comes before the window.
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Late", "Due in the next 7 days", "Quota resets in the next 7 days"]);

  const late = page.getByRole("table", { name: "Late" });
  const overdue = late.getByRole("row", { name: new RegExp(`booking:${marker}-overdue`) });
  await expect(overdue).toContainText("45 minutes late");
  await expect(overdue.getByText("pending", { exact: true })).toBeVisible();
  const runningRow = late.getByRole("row", { name: new RegExp(`booking:${marker}-running`) });
  await expect(runningRow).toContainText("running, due 5 minutes ago");
  await expect(runningRow.getByText("running", { exact: true })).toBeVisible();
  // Most overdue first.
  const lateRows = late.getByRole("row").filter({ hasText: marker });
  await expect(lateRows).toHaveCount(2);
  await expect(lateRows.first()).toContainText(`${marker}-overdue`);

  const upcoming = page.getByRole("table", { name: "Due in the next 7 days" });
  await expect(upcoming.getByRole("row", { name: new RegExp(`booking:${marker}-soon`) })).toContainText("in 2 hours");
  await expect(upcoming.getByText(`${marker}-overdue`)).toHaveCount(0);
});

test("a bad agenda query is answered with HTTP 400 and the reason", async ({ request }) => {
  for (const [query, reason] of [
    ["days=abc", "days: expected a whole number of days"],
    ["days=0", "days: must be at least 1"],
    ["days=91", "days: must be at most 90"],
    ["now=next-tuesday", "now: expected an ISO instant"],
  ]) {
    const response = await request.get(`/agenda?${query}`);
    expect(response.status(), query).toBe(400);
    expect(response.headers()["content-type"], query).toContain("text/html");
    expect(await response.text(), query).toContain(reason);
  }
  expect((await request.get("/agenda?days=30")).status()).toBe(200);
});

test("pages load without a console error or a failed request, and declare an icon that exists", async ({ page, request }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/agenda?now=2027-06-14T09:00:00.000Z");
  await expect(page.getByRole("heading", { name: "Agenda" })).toBeVisible();

  // Headless Chromium fetches no icon; a desktop browser asks for /favicon.ico (a 404 in its
  // console) unless the page names an icon. So: the page names one, and it is served.
  const iconLink = page.locator('link[rel="icon"]');
  await expect(iconLink).toHaveCount(1);
  const icon = await request.get((await iconLink.getAttribute("href"))!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(problems).toEqual([]);
});
