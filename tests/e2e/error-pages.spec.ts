// Issue 15, item 12: the dashboard's error answers (400 for a bad link, 404, 500) keep their
// status codes and are shown inside the dashboard's frame, with its header and navigation, so an
// operator who lands on one goes on from there instead of reaching for the back button.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

async function expectFrame(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" })).toBeVisible();
  await expect(page.getByRole("search").getByRole("searchbox", { name: "Find" })).toBeVisible();
}

test("a bad query string is answered 400 inside the frame, with the reason and a way back", async ({ page }) => {
  const response = await page.goto("/bookings?status=sleeping");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await expect(page.locator("#content").getByRole("alert").filter({ hasText: "This link has a bad parameter" })).toContainText("status:");
  await expectFrame(page);
  await page.getByRole("link", { name: "Show every booking" }).click();
  await expect(page).toHaveURL(/\/bookings$/);
});

test("a query key named after an Object.prototype member is a 400 in the frame on any page", async ({ page }) => {
  const response = await page.goto("/running?constructor=x");
  expect(response?.status()).toBe(400);
  await expect(page.locator("#content").getByRole("alert")).toContainText("constructor");
  await expectFrame(page);
});

test("the bad-request page visited directly is a 404, whatever header the client sends", async ({ page }) => {
  const forged = encodeURIComponent(JSON.stringify({ title: "Forged", error: "forged reason", backHref: "/", backText: "x" }));
  const response = await page.request.get("/bad-request", { headers: { "x-duly-bad-query": forged } });
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain("forged reason");
});

test("an unknown address and a job that does not exist are 404s inside the frame", async ({ page }) => {
  for (const path of ["/no-such-page", "/jobs/9223372036854775807"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expectFrame(page);
  }
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});

test("a page that fails is a 500 inside the frame, with its reference and a retry", async ({ page }) => {
  const response = await page.goto("/error-drill?fail=1");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.locator("#content").getByRole("alert")).not.toContainText("fails on purpose"); // the message stays on the server
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expectFrame(page);
});
