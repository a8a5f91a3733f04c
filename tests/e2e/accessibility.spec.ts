// An axe scan of every dashboard page, signed in (and the sign-in page signed out): no serious
// or critical violation. Pages are scanned with rows on them, so tables and forms are checked.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import type { Db } from "../../lib/db/client.ts";
import { acceptBooking, payBooking, registerChef, registerCustomer, requestBooking, systemActor } from "../../lib/marketplace/index.ts";
import { addDays, createAccount, localDateOf } from "../../lib/quotas/index.ts";
import { dayMs, expect, test, uniqueMarker } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";

/** A paid booking (so its page has jobs, a timeline and both action forms) at the server's clock. */
async function paidBooking(db: Db): Promise<number> {
  const now = new Date();
  const tag = randomBytes(3).toString("hex");
  const ctx = { db, actor: systemActor("e2e"), now };
  const customerId = (await registerCustomer(ctx, { name: `A11y customer ${tag}`, email: `c.${tag}@a11y.e2e.test` })).id;
  const chefId = (await registerChef(ctx, { name: `A11y chef ${tag}`, email: `k.${tag}@a11y.e2e.test` })).id;
  const eventAt = new Date(now.getTime() + 20 * dayMs).toISOString();
  const booking = await requestBooking({ db, actor: { kind: "customer", customerId }, now }, {
    chefId, eventAt, timeZone: "Europe/Paris", place: "Paris", priceMinor: 30_000, currency: "EUR",
  });
  await acceptBooking({ db, actor: { kind: "chef", chefId }, now }, { bookingId: booking.id });
  await payBooking({ db, actor: { kind: "customer", customerId }, now }, { bookingId: booking.id, amountMinor: 30_000, currency: "EUR" });
  return booking.id;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** Scans each page in turn; also fails on any console error or uncaught page error. */
async function scanPages(page: Page, paths: string[]): Promise<void> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  expect(consoleErrors).toEqual([]);
}

test("the engine's pages pass an axe scan, with no console error", async ({ page, scheduleDemoPing }) => {
  test.setTimeout(900_000); // a hang detector: ten pages, search and error pages and a dialog, each scanned in full (CI at load 17 took over 300 s)
  const job = await scheduleDemoPing({ runAt: new Date(Date.now() + dayMs), subject: { type: "booking", id: 9100 } });
  await scanPages(page, ["/overview", "/jobs", `/jobs/${job.id}`, "/job-types", "/recurring", "/audit", "/agenda", "/alerts"]);
  // The search page (its help, then matches), and the error pages inside the frame (400, 404).
  await scanPages(page, ["/search", `/search?q=${job.id}`]);
  // (Not through scanPages: the browser logs a 4xx document as a console error, rightly here.)
  for (const path of ["/jobs?status=exploded", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // The shortcuts dialog, open.
  await page.goto("/overview");
  await expect(page.locator("html[data-shortcuts=ready]")).toHaveCount(1);
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the marketplace's and quotas' pages pass an axe scan, with no console error", async ({ page, db }) => {
  test.setTimeout(600_000); // nine pages, each scanned in full
  const bookingId = await paidBooking(db);
  const dispute = await makeDispute(db, { replied: true });
  const account = await createAccount(db, { name: `${uniqueMarker()} axe`, plan: "pro", anchorOn: addDays(localDateOf(new Date(), "UTC"), -4), timeZone: "Asia/Kolkata" }, new Date());
  try {
    await scanPages(page, [
      "/bookings", `/bookings/${bookingId}`,
      "/disputes", "/disputes?status=resolved", `/disputes/${dispute.id}`, "/accounts", `/accounts/${account.id}`,
    ]);
  } finally {
    await db.$executeRaw`DELETE FROM quota_accounts WHERE id = ${account.id}`;
  }
});

test.describe("signed out", () => {
  test.use({ signInAs: null });
  test("the sign-in page passes an axe scan", async ({ page }) => {
    await page.goto("/sign-in");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
