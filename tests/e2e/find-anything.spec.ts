// Issue 15, item 2: one search box in the header finds a job (by id, key, key prefix or a value
// in its payload), a business record (booking:42, dispute:7) or a person (by email), and goes
// there when exactly one thing matches; otherwise it lists the matches with their links.
import type { Page } from "@playwright/test";
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";
import { dayMs, expect, test, uniqueMarker } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function find(page: Page, text: string): Promise<void> {
  const box = page.getByRole("search").getByRole("searchbox", { name: "Find" });
  await box.fill(text);
  await box.press("Enter");
}

test("jobs by id, key, key prefix and payload value; a miss says so", async ({ page, db }) => {
  const marker = uniqueMarker();
  const runAt = new Date(Date.now() + 3 * dayMs);
  const [alpha, beta] = await db.$transaction(async (tx) => [
    await schedule(tx, demoPing, { runAt, key: `${marker}:alpha`, payload: { note: marker }, subject: { type: "booking", id: 9400 } }),
    await schedule(tx, demoPing, { runAt, key: `${marker}:beta`, payload: { note: `${marker}-b` }, subject: { type: "booking", id: 9400 } }),
  ]);
  try {
    await page.goto("/overview");
    await find(page, `#${alpha.id}`);
    await expect(page).toHaveURL(new RegExp(`/jobs/${alpha.id}$`));

    await find(page, `${marker}:beta`); // a whole key: that job, though it is also a prefix
    await expect(page).toHaveURL(new RegExp(`/jobs/${beta.id}$`));

    await find(page, `${marker}:`); // a prefix of both keys: both listed
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1, name: "Find" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("2 matches");
    await expect(page.getByRole("link", { name: `Job #${alpha.id}`, exact: true })).toHaveAttribute("href", `/jobs/${alpha.id}`);
    await expect(page.getByRole("link", { name: `Job #${beta.id}`, exact: true })).toHaveAttribute("href", `/jobs/${beta.id}`);

    await find(page, `note=${marker}`); // payload containment: only alpha's note is exactly this
    await expect(page).toHaveURL(new RegExp(`/jobs/${alpha.id}$`));
    await find(page, JSON.stringify({ note: `${marker}-b` }));
    await expect(page).toHaveURL(new RegExp(`/jobs/${beta.id}$`));

    await find(page, `nothing-${marker}`);
    await expect(page.getByRole("status")).toContainText(`Nothing matches`);
  } finally {
    await db.scheduledJob.deleteMany({ where: { id: { in: [alpha.id, beta.id] } } });
  }
});

test("business records and people: booking:N, dispute:N, a customer's and an operator's email", async ({ page, db, signedIn }) => {
  const dispute = await makeDispute(db, { replied: false });
  const customer = await db.customer.findFirstOrThrow({ where: { name: dispute.customerName } });
  await page.goto("/jobs");
  await find(page, `booking:${dispute.bookingId}`);
  await expect(page).toHaveURL(new RegExp(`/bookings/${dispute.bookingId}$`));
  await find(page, `dispute:${dispute.id}`);
  await expect(page).toHaveURL(new RegExp(`/disputes/${dispute.id}$`));
  await find(page, customer.email.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`/bookings\\?q=${escaped(encodeURIComponent(customer.email))}$`));
  await expect(page.getByRole("link", { name: `Booking ${dispute.bookingId}`, exact: true })).toBeVisible();
  await find(page, signedIn!.email);
  await expect(page).toHaveURL(new RegExp(`/audit\\?actor=${escaped(encodeURIComponent(signedIn!.email))}$`));
});

test("a bad q is answered 400 in the frame: too long, or with NUL", async ({ page }) => {
  const long = await page.goto(`/search?q=${"x".repeat(301)}`);
  expect(long?.status()).toBe(400);
  await expect(page.locator("#content").getByRole("alert")).toContainText("at most 300");
  const nul = await page.goto("/search?q=a%00b");
  expect(nul?.status()).toBe(400);
});
