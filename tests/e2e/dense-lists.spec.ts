// Dense lists (issue 15, item 10): at 1440 px every list shows one line per row, even with long
// job type names, names and business records in the data (50 jobs were 3,834 px tall because type
// names and times wrapped; 50 accounts 5,805 px), and the jobs list opens on the work ahead
// (pending, soonest first) rather than on whatever ran last, while an explicit filter still wins.
import type { Page } from "@playwright/test";
import { z } from "zod";
import { createAccount, localDateOf } from "../../lib/quotas/index.ts";
import { cancel, defineJob, schedule } from "../../lib/scheduler/index.ts";
import { cronAuth, dayMs, expect, test, uniqueMarker } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";

test.use({ viewport: { width: 1440, height: 900 } });

/** Every list row on the page taller than two lines of text, with what it says (so a failure names it). */
async function tallRows(page: Page): Promise<string[]> {
  return page.locator("#content").evaluate((content) => {
    const tall: string[] = [];
    for (const row of Array.from(content.querySelectorAll<HTMLTableRowElement>("table.data-table tbody tr"))) {
      const cell = row.querySelector("td, th");
      if (!cell) continue;
      const style = getComputedStyle(cell);
      const fontSize = parseFloat(style.fontSize);
      const lineHeight = style.lineHeight === "normal" ? fontSize * 1.2 : parseFloat(style.lineHeight);
      // The row's content: its height less the cell's padding (a one-line row with a button is
      // still one line; a wrapped type name or time adds a line of text).
      const height = row.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      if (height >= 2 * lineHeight) tall.push(`${Math.round(height)} px (line ${Math.round(lineHeight)} px): ${(row.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 90)}`);
    }
    return tall;
  });
}

test("every list has one line per row at 1440 px, long names included", async ({ page, db }) => {
  test.setTimeout(120_000);
  const marker = uniqueMarker();
  // A job type with a long (legal, 84-character) name, a long business record and a long key.
  const longType = defineJob({
    name: `marketplace.booking.remind-the-customer-about-the-upcoming-event-${marker}`,
    payload: z.object({}),
    handler: async () => {},
  });
  const now = new Date();
  const jobIds: bigint[] = [];
  for (let i = 0; i < 3; i++) {
    const job = await db.$transaction((tx) =>
      schedule(tx, longType, {
        runAt: new Date(now.getTime() + (i + 1) * 60_000),
        payload: {},
        subject: { type: "booking", id: `9${i}00000000000000000${i}` },
        key: `${marker}-a-rather-long-idempotency-key-that-an-integrator-chose-${i}`,
      }),
    );
    jobIds.push(job.id);
  }
  const account = await createAccount(
    db,
    { name: `${marker} Wunderbar Catering und Veranstaltungsservice GmbH & Co. KG (Niederlassung Süd)`, plan: "pro", anchorOn: localDateOf(now, "UTC"), timeZone: "America/Argentina/Buenos_Aires" },
    now,
  );
  await makeDispute(db, { replied: false, customerName: "Maximiliane Theodora von Habsburg-Lothringen-Esterházy", chefName: "Jean-Baptiste Alexandre de la Rochefoucauld-Montmorency" });
  try {
    const pages = ["/jobs", "/jobs?status=any", "/accounts", "/bookings", "/disputes", "/disputes?status=resolved", "/audit", "/job-types", "/recurring", "/running", "/agenda", "/history", "/webhooks", "/overview"];
    const tall: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      for (const row of await tallRows(page)) tall.push(`${path}: ${row}`);
    }
    expect(tall).toEqual([]);
    // The long data is on the pages measured (not filtered away).
    await page.goto(`/jobs?type=${longType.name}`);
    await expect(page.getByRole("table", { name: "Jobs" }).locator("tbody tr")).toHaveCount(3);
    expect(await tallRows(page)).toEqual([]);
    await page.goto(`/accounts?q=${marker}`);
    await expect(page.getByText(marker).first()).toBeAttached();
    expect(await tallRows(page)).toEqual([]);
  } finally {
    await db.scheduledJob.deleteMany({ where: { id: { in: jobIds } } });
    await db.quotaAccount.delete({ where: { id: account.id } });
  }
});

test("the jobs list opens on pending work, soonest first; an explicit filter still applies", async ({ page, db }) => {
  const marker = uniqueMarker();
  const type = defineJob({ name: `e2e.default-filter-${marker}`, payload: z.object({}), handler: async () => {} });
  const now = new Date();
  const cancelled = await db.$transaction((tx) => schedule(tx, type, { runAt: new Date(now.getTime() - 30 * dayMs), payload: {} }));
  await db.$transaction((tx) => cancel(tx, cancelled.id, { actor: "e2e", reason: "last month's", now }));
  const pending = await db.$transaction((tx) => schedule(tx, type, { runAt: new Date(now.getTime() + dayMs), payload: {} }));
  try {
    await page.goto("/jobs");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("pending");
    const table = page.getByRole("table", { name: "Jobs" });
    await expect(table).toBeVisible();
    const rows = await table.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => ({ status: tr.querySelector(".badge:not(.badge-paused)")?.textContent ?? "", at: tr.querySelector("time")?.getAttribute("datetime") ?? "" })),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === "pending")).toBe(true);
    const times = rows.map((row) => row.at);
    expect(times).toEqual([...times].sort());
    await expect(page.getByRole("link", { name: `Job ${cancelled.id}`, exact: true })).toHaveCount(0);

    // The same type, every status: both; and an explicit status is kept.
    await page.goto(`/jobs?type=${type.name}`);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
    await expect(page.getByRole("link", { name: `Job ${cancelled.id}`, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `Job ${pending.id}`, exact: true })).toBeVisible();
    await page.goto(`/jobs?type=${type.name}&status=cancelled`);
    await expect(page.getByRole("link", { name: `Job ${cancelled.id}`, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `Job ${pending.id}`, exact: true })).toHaveCount(0);
    // Clear means every job, not the default again.
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/jobs\?status=any$/);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
  } finally {
    await db.scheduledJob.deleteMany({ where: { id: { in: [cancelled.id, pending.id] } } });
  }
});

test.describe("the overview's figures at 1440 px", () => {
  // A long zone name makes the longest time the figures show ("2027-03-11 19:00:00
  // America/Argentina/Buenos_Aires (-03:00) (2 s ago)"); the page must not scroll sideways for it.
  test.use({ displayZone: "America/Argentina/Buenos_Aires" });

  test("fit the page: the last tick's time wraps inside its card instead of pushing the page wider", async ({ page, request }) => {
    // A recorded tick, so the "Last tick" card shows its time.
    expect((await request.get("/api/cron/tick?mode=drain&budgetMs=1000", { headers: cronAuth })).status()).toBe(200);
    await page.goto("/overview");
    await expect(page.getByRole("heading", { name: "Last tick" })).toBeVisible();
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wider = Array.from(document.querySelectorAll<HTMLElement>("#content *"))
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? "").trim().slice(0, 60)}`);
      return { scrollWidth: document.documentElement.scrollWidth, width, wider: wider.slice(0, 5) };
    });
    expect(overflow.wider).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
  });
});
