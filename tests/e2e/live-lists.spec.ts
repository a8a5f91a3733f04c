// Live lists: the overview, jobs, running and disputes pages refresh themselves (pausable), and an
// idle tab costs one request per refresh: the refreshed page must not prefetch every link on it
// again (an idle overview once made about 63 requests every 46 s). The browser's clock is
// installed so the refreshes come when the test says, not after real waits.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Requests the page makes to the server while its clock runs `refreshes` refresh intervals.
 * `refreshing`: each interval must bring an answer from the server, which is awaited before the
 * next interval (a refresh still in flight when the next one is due is not started twice, so on
 * a busy machine the count would depend on how fast the server answers); otherwise none is
 * expected and the page is only given time to settle.
 */
async function requestsOver(page: Page, seconds: number, refreshes: number, refreshing: boolean): Promise<string[]> {
  const seen: string[] = [];
  const origin = new URL(page.url()).origin;
  const listener = (request: { url: () => string }) => {
    if (request.url().startsWith(origin)) seen.push(request.url());
  };
  page.on("request", listener);
  for (let i = 0; i < refreshes; i++) {
    const answered = refreshing ? page.waitForResponse((response) => response.url().startsWith(origin), { timeout: 60_000 }) : undefined;
    await page.clock.runFor(seconds * 1000);
    await answered;
    // Let anything else the refresh started go out and come back before the next interval.
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
    const requests = await requestsOver(page, seconds, 3, true);
    expect(requests.length, requests.join("\n")).toBe(3);

    await page.getByRole("button", { name: "Pause auto-refresh" }).click();
    await expect(page.getByText("auto-refresh paused")).toBeVisible();
    expect(await requestsOver(page, seconds, 2, false)).toEqual([]);
  });
}
