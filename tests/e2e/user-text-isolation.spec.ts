// Text people type (customer and chef names, job keys, reasons) is shown isolated from the
// dashboard's own labels: a right-to-left override (U+202E) in a name reorders that name only,
// never the arrow, the other party or the label beside it. Measured in the browser: where each
// piece of a row's text is drawn, left to right.
import { randomBytes } from "node:crypto";
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { registerChef, registerCustomer, requestBooking, systemActor } from "../../lib/marketplace/index.ts";
import { schedule } from "../../lib/scheduler/index.ts";
import { demoPing } from "../../jobs/index.ts";

const dayMs = 86_400_000;
const rightToLeftOverride = "\u202E";

/** The left edge (px) where each `needle` is drawn inside `element`'s text. */
async function leftEdges(element: Locator, needles: string[]): Promise<number[]> {
  return element.evaluate((root, wanted) => {
    const text: Array<{ node: Text; start: number }> = [];
    let content = "";
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      text.push({ node: node as Text, start: content.length });
      content += node.textContent ?? "";
    }
    return wanted.map((needle) => {
      const at = content.indexOf(needle);
      if (at < 0) throw new Error(`"${needle}" not in "${content}"`);
      const piece = [...text].reverse().find((t) => t.start <= at)!;
      const range = document.createRange();
      range.setStart(piece.node, at - piece.start);
      range.setEnd(piece.node, at - piece.start + 1);
      return range.getBoundingClientRect().left;
    });
  }, needles);
}

test("a right-to-left override in a customer's name does not flip the arrow or the chef beside it", async ({ page, db }) => {
  const tag = randomBytes(3).toString("hex");
  const now = new Date();
  const system = { db, actor: systemActor("e2e"), now };
  const customer = await registerCustomer(system, { name: `Mallory${rightToLeftOverride} Evil ${tag}`, email: `rlo-${tag}@e2e.duly.test` });
  const chef = await registerChef(system, { name: `Chef Plain ${tag}`, email: `rlo-chef-${tag}@e2e.duly.test` });
  const booking = await requestBooking({ db, actor: { kind: "customer", customerId: customer.id }, now }, {
    chefId: chef.id, eventAt: new Date(now.getTime() + 30 * dayMs).toISOString(), timeZone: "UTC", place: `Somewhere ${tag}`, priceMinor: 10_000, currency: "EUR",
  });
  await page.goto(`/bookings?q=${encodeURIComponent(`Chef Plain ${tag}`)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Booking ${booking.id}`, exact: true }) });
  const parties = row.getByRole("cell").filter({ hasText: "→" });
  // Left to right as written: the customer's name, then the arrow, then the chef's name.
  const [customerAt, arrowAt, chefAt] = await leftEdges(parties, ["Mallory", "→", "Chef Plain"]);
  expect(customerAt).toBeLessThan(arrowAt!);
  expect(arrowAt).toBeLessThan(chefAt!);
});

test("a right-to-left override in a job's business record does not flip the label after it", async ({ page, db }) => {
  const tag = randomBytes(3).toString("hex");
  const job = await db.$transaction((tx) =>
    schedule(tx, demoPing, { runAt: new Date(Date.now() + 40 * dayMs), payload: { note: "rlo" }, subject: { type: "booking", id: `rlo-${tag}${rightToLeftOverride}-tail` } }),
  );
  try {
    await page.goto(`/jobs/${job.id}`);
    // "booking:rlo-…-tail (all its jobs)": the record (its end included), then the dashboard's label.
    const link = page.getByRole("link", { name: /all its jobs/ });
    const [recordAt, recordEndAt, labelAt] = await leftEdges(link, ["booking:", "-tail", "(all its jobs)"]);
    expect(recordAt).toBeLessThan(labelAt!);
    expect(recordEndAt).toBeLessThan(labelAt!);
  } finally {
    await db.scheduledJob.delete({ where: { id: job.id } });
  }
});
