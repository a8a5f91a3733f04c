// An axe scan of every dashboard page, signed in (and the sign-in page signed out): no serious
// or critical violation. Pages are scanned with rows on them, so tables and forms are checked.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { dayMs, expect, test } from "./fixtures.ts";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("every signed-in page passes an axe scan, with no console error", async ({ page, scheduleDemoPing }) => {
  test.setTimeout(150_000); // seven pages, each scanned in full
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  const job = await scheduleDemoPing({ runAt: new Date(Date.now() + dayMs), subject: { type: "booking", id: 9100 } });
  for (const path of ["/overview", "/jobs", `/jobs/${job.id}`, "/job-types", "/recurring", "/audit", "/agenda"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  expect(consoleErrors).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ signInAs: null });
  test("the sign-in page passes an axe scan", async ({ page }) => {
    await page.goto("/sign-in");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
