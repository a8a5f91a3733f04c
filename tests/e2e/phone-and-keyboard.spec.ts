// "Readable at 1280 px and usable on a phone, keyboard-operable" (issue 8), checked rather than
// hoped for: at a phone's width no page scrolls sideways as a whole (wide tables scroll inside
// their own box) and the navigation stays reachable; with the keyboard alone an operator signs
// in and cancels a job.
import type { Page } from "@playwright/test";
import { dayMs, expect, test } from "./fixtures.ts";
import { createSignedInOperator } from "../helpers/operators.ts";
import { e2eAuthSecret } from "../../scripts/lib/e2e-state.ts";

/**
 * How far the document is wider than the viewport (0 when nothing scrolls sideways), and the
 * outermost elements that stick out (so a failure says what to fix).
 */
async function pageOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (element.getBoundingClientRect().right <= width + 1) continue;
      // Inside a box that fits and scrolls sideways itself: the intended way to show it.
      let contained = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible" && parent.getBoundingClientRect().right <= width + 1) contained = true;
      }
      if (!contained && culprits.length < 3) {
        culprits.push(`${element.tagName.toLowerCase()}.${element.className} (${(element.textContent ?? "").trim().slice(0, 40)})`);
      }
    }
    return { overflow: root.scrollWidth - width, culprits };
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("no page scrolls sideways and every section is reachable from the navigation", async ({ page, scheduleDemoPing }) => {
    test.setTimeout(90_000);
    const job = await scheduleDemoPing({ runAt: new Date(Date.now() + dayMs), subject: { type: "booking", id: 9200 } });
    const paths = ["/overview", "/jobs", `/jobs/${job.id}`, "/running", "/history", "/bookings", "/disputes", "/accounts", "/job-types", "/recurring", "/webhooks", "/alerts", "/audit", "/agenda", "/search?q=e2e", "/no-such-page"];
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      const { overflow, culprits } = await pageOverflow(page);
      if (overflow > 1) wide.push(`${path}: ${overflow}px wider than the screen: ${culprits.join("; ")}`);
    }
    expect(wide).toEqual([]);

    // The main lists read top to bottom: no sideways scroll inside their own box either.
    const scrolled: string[] = [];
    for (const path of ["/jobs", "/bookings", "/disputes", "/running"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      for (const list of await page.locator("#content table.phone-list").all()) {
        const sideways = await list.evaluate((table) => {
          const box = table.closest(".table-wrap") ?? table;
          return box.scrollWidth - box.clientWidth;
        });
        if (sideways > 1) scrolled.push(`${path}: ${sideways}px to scroll sideways`);
      }
    }
    expect(scrolled).toEqual([]);

    // Every section is in sight as the page opens: the navigation wraps, it does not scroll
    // sideways (a scroll nothing hints at hid half the sections).
    await page.goto("/overview");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    const links = await nav.getByRole("link").all();
    expect(links.length).toBeGreaterThanOrEqual(12);
    for (const link of links) {
      const box = await link.boundingBox();
      expect(box, await link.innerText()).not.toBeNull();
      expect(box!.x, await link.innerText()).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, await link.innerText()).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height, await link.innerText()).toBeLessThanOrEqual(844);
    }
    const search = page.getByRole("search").getByRole("searchbox", { name: "Find" });
    await expect(search).toBeInViewport();
  });
});

test.describe("with the keyboard alone", () => {
  test.use({ signInAs: null });

  test("an operator signs in and cancels a job without touching the mouse", async ({ page, db, scheduleDemoPing }) => {
    const operator = await createSignedInOperator(db, { role: "operator", secret: e2eAuthSecret, label: "e2e-keyboard" });
    try {
      const job = await scheduleDemoPing({ runAt: new Date(Date.now() + 2 * dayMs), subject: { type: "booking", id: 9201 } });
      await page.goto("/sign-in");
      await tabUntilFocused(page, page.getByLabel("Email"));
      await page.keyboard.type(operator.email);
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Password")).toBeFocused();
      await page.keyboard.type(operator.password);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

      await page.goto(`/jobs/${job.id}`);
      await tabUntilFocused(page, page.getByLabel("Reason for cancelling"));
      await page.keyboard.type("customer phoned: no longer needed");
      await tabUntilFocused(page, page.getByRole("button", { name: "Cancel job" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Cancelled" })).toBeVisible();
      expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
        status: "cancelled",
        cancelReason: "customer phoned: no longer needed",
      });
    } finally {
      await db.authUser.delete({ where: { id: operator.id } });
    }
  });
});

/** Presses Tab until `target` has focus (at most 60 times): proves it is in the tab order. */
async function tabUntilFocused(page: Page, target: ReturnType<Page["locator"]>): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "not reachable with Tab within 60 presses").toBeFocused();
}
