// An axe scan of every dashboard page, signed in (and the sign-in page signed out): no serious
// or critical violation. Pages are scanned with rows on them, so tables and forms are checked.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { addDays, createAccount, localDateOf } from "../../lib/quotas/index.ts";
import { dayMs, expect, test, uniqueMarker } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("every signed-in page passes an axe scan, with no console error", async ({ page, db, scheduleDemoPing }) => {
  test.setTimeout(240_000); // twelve pages, each scanned in full
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  const job = await scheduleDemoPing({ runAt: new Date(Date.now() + dayMs), subject: { type: "booking", id: 9100 } });
  const dispute = await makeDispute(db, { replied: true });
  const account = await createAccount(db, { name: `${uniqueMarker()} axe`, plan: "pro", anchorOn: addDays(localDateOf(new Date(), "UTC"), -4), timeZone: "Asia/Kolkata" }, new Date());
  for (const path of [
    "/overview", "/jobs", `/jobs/${job.id}`, "/job-types", "/recurring", "/audit", "/agenda",
    "/disputes", "/disputes?status=resolved", `/disputes/${dispute.id}`, "/accounts", `/accounts/${account.id}`,
  ]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await db.$executeRaw`DELETE FROM quota_accounts WHERE id = ${account.id}`;
  expect(consoleErrors).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ signInAs: null });
  test("the sign-in page passes an axe scan", async ({ page }) => {
    await page.goto("/sign-in");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
