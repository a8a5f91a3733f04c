// Live lists: the overview, jobs, running and disputes pages refresh themselves (pausable), and an
// idle tab costs one request per refresh: the refreshed page must not prefetch every link on it
// again (an idle overview once made about 63 requests every 46 s). The browser's clock is
// installed so the refreshes come when the test says, not after real waits.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Requests the page makes to the server while its clock runs `refreshes` refresh intervals. */
async function requestsOver(page: Page, seconds: number, refreshes: number): Promise<string[]> {
  const seen: string[] = [];
  const origin = new URL(page.url()).origin;
  const listener = (request: { url: () => string }) => {
    if (request.url().startsWith(origin)) seen.push(request.url());
  };
  page.on("request", listener);
  for (let i = 0; i < refreshes; i++) {
    await page.clock.runFor(seconds * 1000);
    // Let the refresh's request go out and come back before the next interval.
    await page.waitForLoadState("networkidle");
  }
  page.off("request", listener);
  return seen;
}

for (const { path, seconds } of [
  { path: "/overview", seconds: 15 },
  { path: "/jobs", seconds: 15 },
  { path: "/running", seconds: 5 },
  { path: "/disputes", seconds: 15 },
]) {
  test(`${path} refreshes itself, one request per refresh, and stops when paused`, async ({ page }) => {
    await page.clock.install();
    await page.goto(path);
    await expect(page.getByText(`refreshes every ${seconds} s`)).toBeVisible();
    await page.waitForLoadState("networkidle");
    const requests = await requestsOver(page, seconds, 3);
    expect(requests.length, requests.join("\n")).toBe(3);

    await page.getByRole("button", { name: "Pause auto-refresh" }).click();
    await expect(page.getByText("auto-refresh paused")).toBeVisible();
    expect(await requestsOver(page, seconds, 2)).toEqual([]);
  });
}
