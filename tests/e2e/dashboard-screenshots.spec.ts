// The screenshots in docs/dashboard.md, taken from the production build with rows this spec makes:
// `DULY_SCREENSHOTS=1 npx playwright test tests/e2e/dashboard-screenshots.spec.ts` rewrites
// docs/screenshots/*.png. Skipped otherwise (a test run must not rewrite the docs).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import { recordEvent } from "../../lib/events/record-event.ts";
import { createCatalogue, schedule, tick } from "../../lib/scheduler/index.ts";
import { createEndpoint } from "../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../lib/webhooks/options.ts";
import { demoPing, deliverWebhookJob } from "../../jobs/index.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";

const out = (name: string) => path.join(import.meta.dirname, "..", "..", "docs", "screenshots", `${name}.png`);

async function shoot(page: Page, name: string): Promise<void> {
  await expect(page.locator("h1").first()).toBeVisible();
  await page.screenshot({ path: out(name), fullPage: false });
}

test.skip(process.env.DULY_SCREENSHOTS !== "1", "writes docs/screenshots only when DULY_SCREENSHOTS=1");
test.use({ viewport: { width: 1440, height: 900 } });

test("the new views, for docs/dashboard.md", async ({ page, db }) => {
  test.setTimeout(180_000);
  const marker = uniqueMarker();
  const ids: bigint[] = [];
  const notes = ["send the chef the guest list", "email the customer their receipt", "sync the menu to the venue"];
  for (const [i, note] of notes.entries()) {
    const job = await db.$transaction((tx) => schedule(tx, demoPing, { runAt: new Date(Date.now() - (i + 1) * 600_000), payload: { note }, subject: { type: "booking", id: `${i + 1}` } }));
    ids.push(job.id);
  }
  // One running (a tick holds it), two dead (to retry in bulk).
  await db.$executeRaw`UPDATE scheduled_jobs SET status = 'running', attempts = 1, locked_by = ${`t_${marker}`}, lease_expires_at = now() + interval '8 minutes' WHERE id = ${ids[0]!}`;
  await db.$executeRaw`INSERT INTO job_runs (job_id, attempt, tick_id, started_at) VALUES (${ids[0]!}, 1, ${`t_${marker}`}, now() - interval '75 seconds')`;
  await db.$executeRaw`
    UPDATE scheduled_jobs SET status = 'dead', attempts = 5, max_attempts = 5, finished_at = now(),
           last_error = 'the receiving service answered 503 Service Unavailable'
     WHERE id = ANY(${ids.slice(1).map((id) => id)}::bigint[])`;

  // A webhook endpoint whose receiver answers 503.
  setWebhookOptions({ allowPrivate: true });
  const receiver = createServer((request, response) => request.resume().on("end", () => response.writeHead(503).end("down for maintenance")));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const owner = `customer:${900_000_000 + Math.floor(Math.random() * 90_000_000)}`;
  const endpoint = (await createEndpoint(db, owner, { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/duly`, eventTypes: ["*"] }, new Date())).endpoint;
  try {
    await db.$transaction((tx) =>
      recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: owner, audience: [owner], at: new Date() }),
    );
    await tick({ db, catalogue: createCatalogue([deliverWebhookJob]), now: new Date(Date.now() + 1_000), budgetMs: 20_000, concurrency: 1 });

    await page.goto("/running");
    await shoot(page, "running-now");
    await page.goto("/history");
    // The charts are drawn in the browser once their script has loaded (decision 0041).
    await expect(page.locator(".history-chart .recharts-surface").first()).toBeVisible();
    await shoot(page, "history");
    await page.goto("/search?q=booking:1");
    await shoot(page, "search");
    await page.goto("/webhooks");
    await page.getByRole("region", { name: `Endpoint ${endpoint.id}` }).scrollIntoViewIfNeeded();
    await shoot(page, "webhooks");

    await page.goto("/jobs?status=dead&type=demo.ping");
    await page.getByLabel(/Everything matching the filter/).check();
    await page.getByLabel("Change").selectOption("retry");
    await page.getByLabel("Reason", { exact: true }).fill("the provider is back up");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText(/jobs? will change\./)).toBeVisible();
    await page.getByRole("button", { name: /^Confirm/ }).scrollIntoViewIfNeeded();
    await shoot(page, "bulk-retry");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/jobs");
    await shoot(page, "phone-navigation");
  } finally {
    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    await db.$executeRaw`DELETE FROM scheduled_jobs WHERE id = ANY(${ids}::bigint[])`;
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
