// A partial refund typed the way the page prints amounts, in a real browser against the production
// build, in a currency with three decimals (KWD: the page prints 2,000.000 KWD). The review shows
// the split before anything moves; the confirmation moves exactly that; an ambiguous entry
// ("1,234": one thousand two hundred and thirty-four, or 1.234 with a decimal comma?) is refused
// with how to type each, and nothing moves.
import { expect, test } from "./fixtures.ts";
import { makeDispute } from "./marketplace-fixture.ts";
import type { Db } from "../../lib/db/client.ts";

// Each test takes several server round trips (review, edit, review, confirm): on a loaded machine
// more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const ledgerOf = async (db: Db, bookingId: number) =>
  (await db.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.amountMinor, e.currency]);

test("an operator types a KWD amount as the page shows it: the review shows the split, nothing moves until the confirmation, which refunds exactly that", async ({ page, db }) => {
  const dispute = await makeDispute(db, { replied: true, priceMinor: 2_000_000, currency: "KWD" });
  await page.goto(`/disputes/${dispute.id}`);
  await expect(page.getByText("Outcome (the booking holds 2,000.000 KWD)")).toBeVisible();
  await page.getByLabel(/Partial refund/).check();
  await page.getByLabel("Refund to the customer (KWD)").fill("1,234.500");
  await page.getByLabel("Reason").fill("the dessert never came");
  await page.getByRole("button", { name: "Review decision" }).click();

  const review = page.getByRole("form", { name: "Confirm: Partial refund" });
  await expect(review).toContainText("1,234.500 KWD back to the customer, 765.500 KWD to the chef, of the 2,000.000 KWD the booking holds.");
  expect(await ledgerOf(db, dispute.bookingId)).toEqual([["charge", 2_000_000, "KWD"]]); // nothing moved yet
  expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("awaiting_operator");

  // Changing the amount hides the confirmation until it is reviewed again.
  await page.getByLabel("Refund to the customer (KWD)").fill("1,234.50");
  await expect(review).toBeHidden();
  await page.getByLabel("Refund to the customer (KWD)").fill("1,234.500");
  await page.getByRole("button", { name: "Review decision" }).click();
  await review.getByRole("button", { name: "Confirm: 1,234.500 KWD to the customer, 765.500 KWD to the chef" }).click();

  await expect(page.getByRole("status").filter({ hasText: "partly refunded" })).toContainText("1,234.500 KWD back to the customer, 765.500 KWD to the chef");
  expect(await ledgerOf(db, dispute.bookingId)).toEqual([["charge", 2_000_000, "KWD"], ["refund", 1_234_500, "KWD"], ["payout", 765_500, "KWD"]]);
  const ledger = page.getByRole("table", { name: "Ledger" });
  await expect(ledger.getByRole("row").filter({ hasText: "refund" })).toContainText("1,234.500 KWD");
  await expect(ledger.getByRole("row").filter({ hasText: "payout" })).toContainText("765.500 KWD");
});

test("an IQD amount is printed and typed with ISO 4217's three decimals (ICU shows none): typed as printed, it refunds exactly that", async ({ page, db }) => {
  // 2,000,000 fils: 2,000.000 IQD. With ICU's digits the page printed "2,000,000 IQD" and refused "1,234.500".
  const dispute = await makeDispute(db, { replied: true, priceMinor: 2_000_000, currency: "IQD" });
  await page.goto(`/disputes/${dispute.id}`);
  await expect(page.getByText("Outcome (the booking holds 2,000.000 IQD)")).toBeVisible();
  await page.getByLabel(/Partial refund/).check();
  await page.getByLabel("Refund to the customer (IQD)").fill("1,234.500");
  await page.getByLabel("Reason").fill("half the courses never came");
  await page.getByRole("button", { name: "Review decision" }).click();
  const review = page.getByRole("form", { name: "Confirm: Partial refund" });
  await expect(review).toContainText("1,234.500 IQD back to the customer, 765.500 IQD to the chef, of the 2,000.000 IQD the booking holds.");
  await review.getByRole("button", { name: "Confirm: 1,234.500 IQD to the customer, 765.500 IQD to the chef" }).click();
  await expect(page.getByRole("status").filter({ hasText: "partly refunded" })).toContainText("1,234.500 IQD back to the customer");
  expect(await ledgerOf(db, dispute.bookingId)).toEqual([["charge", 2_000_000, "IQD"], ["refund", 1_234_500, "IQD"], ["payout", 765_500, "IQD"]]);
});

test("an ambiguous KWD amount is refused with how to type it, and nothing moves", async ({ page, db }) => {
  const dispute = await makeDispute(db, { replied: true, priceMinor: 2_000_000, currency: "KWD" });
  await page.goto(`/disputes/${dispute.id}`);
  await page.getByLabel(/Partial refund/).check();
  const amount = page.getByLabel("Refund to the customer (KWD)");
  await page.getByLabel("Reason").fill("typed as the page groups thousands");
  for (const [typed, told] of [
    ["1,234", "for 1,234.000 KWD type 1,234.000 or 1234; for 1.234 KWD type 1.234"],
    ["1,234.5", "type 1,234.500 or 1234.5"],
  ] as const) {
    await amount.fill(typed);
    await page.getByRole("button", { name: "Review decision" }).click();
    await expect(page.locator("#refund-amount-error")).toContainText(told);
    await expect(amount).toHaveAttribute("aria-describedby", /refund-amount-error/);
    await expect(page.getByRole("button", { name: /^Confirm/ })).toHaveCount(0);
  }
  expect(await ledgerOf(db, dispute.bookingId)).toEqual([["charge", 2_000_000, "KWD"]]);
  expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("awaiting_operator");
});
