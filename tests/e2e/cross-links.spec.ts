// Cross-links: the agenda's rows link their jobs and business records, a dispute in the list
// links its booking, and a job page links its booking (bookings.spec.ts).
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { makeDispute } from "./marketplace-fixture.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";

test("the agenda links each job and its booking; the disputes list links each dispute's booking", async ({ page, db }) => {
  const marker = uniqueMarker();
  const asOf = new Date("2027-06-14T09:00:00.000Z");
  const job = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(asOf.getTime() + 3_600_000), payload: { note: marker }, subject: { type: "booking", id: "8642" } }));
  try {
    await page.goto(`/agenda?now=${asOf.toISOString()}`);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "booking:8642" }) }).filter({ hasText: "demo.ping" }).first();
    await expect(row.getByRole("link", { name: "booking:8642" })).toHaveAttribute("href", "/bookings/8642");
    await expect(page.locator(`a[href="/jobs/${job.id}"]`)).toHaveCount(1);

    const dispute = await makeDispute(db, { replied: false });
    await page.goto("/disputes");
    const disputeRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Dispute ${dispute.id}`, exact: true }) });
    await expect(disputeRow.getByRole("link", { name: `booking ${dispute.bookingId}`, exact: true })).toHaveAttribute("href", `/bookings/${dispute.bookingId}`);
  } finally {
    await db.$executeRaw`DELETE FROM scheduled_jobs WHERE id = ${job.id}`;
  }
});
