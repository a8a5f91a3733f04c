// Relative times (issue 15, item 6): next to each absolute time, how far it is from the page's
// clock, on the jobs list, a job's page, the agenda, the disputes list and a booking's timeline.
// The instants are set relative to the moment the test runs, so the words do not depend on the date.
import { expect, test } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";

const hourMs = 3_600_000;

test("the jobs list, a job's page, the agenda, the disputes list and a booking say how far each time is", async ({ page, db, scheduleDemoPing }) => {
  const job = await scheduleDemoPing({ runAt: new Date(Date.now() + 3 * hourMs + 10 * 60_000), subject: { type: "booking", id: 9301 } });

  await page.goto(`/jobs?type=demo.ping&subject=booking:9301`);
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: `Job ${job.id}`, exact: true }) })).toContainText("(in 3 h)");

  await page.goto(`/jobs/${job.id}`);
  await expect(page.locator("#content")).toContainText(/\(in 3 h\)/);
  // Created a moment ago.
  await expect(page.locator("#content")).toContainText(/\((now|\d+ s ago)\)/);

  await page.goto("/agenda");
  await expect(page.locator("#content")).toContainText(/\(now\)|\(in \d+ s\)|\(\d+ s ago\)/); // the window starts now

  const dispute = await makeDispute(db, { replied: false });
  await page.goto("/disputes");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Dispute ${dispute.id}`, exact: true }) });
  // Opened an hour after an event three days ago: "2 d ago" (rounded from 2 d 23 h is 3 d).
  await expect(row).toContainText(/\([23] d ago\)/);

  await page.goto(`/bookings/${dispute.bookingId}`);
  await expect(page.getByRole("heading", { name: /Lifecycle/ })).toBeVisible();
  await expect(page.locator(".booking-timeline")).toContainText(/\(\d+ d ago\)/);
});
