// Disputes and accounts in a real browser against the production build: an operator resolves a
// dispute with a partial refund and sees it in the page, the ledger, the database and the audit
// log; a stale page is refused; an operator resets an account now and moves its next reset
// (page, database, audit); a viewer sees both but cannot act, and a forged call is refused.
// The demo's quota accounts are seeded (scripts/lib/demo/quotas.ts); disputes are made through
// the marketplace's use cases as the demo seed makes them (tests/e2e/marketplace-fixture.ts).
import { addDays, createAccount, consumeAllowance, cycleDate, localDateOf } from "../../lib/quotas/index.ts";
import { formatInZone } from "../../lib/time/zoned-time.ts";
import { seedQuotaDemo } from "../../scripts/lib/demo/quotas.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";
import { makeDispute, runReplyDeadline } from "./marketplace-fixture.ts";

test.beforeAll(async () => {
  const { createDb } = await import("../../lib/db/client.ts");
  const { e2eServerState } = await import("./fixtures.ts");
  const db = createDb(e2eServerState().databaseUrl, { poolSize: 1 });
  try {
    await seedQuotaDemo(db, new Date());
  } finally {
    await db.$disconnect();
  }
});

test.describe("an operator", () => {
  test.use({ displayZone: "Europe/Berlin" });

  test("resolves a dispute with a partial refund: the page, the ledger, the database and the audit log agree", async ({ page, db, signedIn }) => {
    const waiting = await makeDispute(db, { replied: false });
    const dispute = await makeDispute(db, { replied: true });

    await page.goto("/disputes");
    const table = page.getByRole("table", { name: "Open disputes" });
    const waitingRow = table.getByRole("row").filter({ hasText: `Dispute ${waiting.id}` });
    await expect(waitingRow).toContainText(waiting.customerName);
    await expect(waitingRow).toContainText(`chef ${waiting.chefName}`);
    await expect(waitingRow).toContainText("120.00 EUR");
    await expect(waitingRow).toContainText(formatInZone(waiting.replyBy, "Europe/Berlin")); // the deadline, naming its zone
    await expect(waitingRow).toContainText("marketplace.dispute.reply-deadline");
    const row = table.getByRole("row").filter({ hasText: `Dispute ${dispute.id}` });
    await expect(row).toContainText("none: the chef replied");
    await row.getByRole("link", { name: `Dispute ${dispute.id}` }).click();

    await expect(page.getByRole("heading", { name: `Dispute ${dispute.id}` })).toBeVisible();
    await page.getByLabel(/Partial refund/).check();
    await page.getByLabel("Refund to the customer (EUR)").fill("30");
    await page.getByLabel("Reason").fill("the main course was cold, dessert was fine");
    await page.getByRole("button", { name: "Review decision" }).click();
    await page.getByRole("button", { name: "Confirm: 30.00 EUR to the customer, 90.00 EUR to the chef" }).click();
    await expect(page.getByRole("status").filter({ hasText: "partly refunded" })).toContainText("30.00 EUR back to the customer, 90.00 EUR to the chef");
    const ledger = page.getByRole("table", { name: "Ledger" });
    await expect(ledger.getByRole("row").filter({ hasText: "refund" })).toContainText("30.00 EUR");
    await expect(ledger.getByRole("row").filter({ hasText: "payout" })).toContainText("90.00 EUR");
    await expect(page.getByText("This dispute is resolved")).toBeVisible();

    const stored = await db.dispute.findUniqueOrThrow({ where: { id: dispute.id }, include: { booking: true } });
    expect(stored).toMatchObject({ status: "partially_refunded", refundMinor: 30_00, resolvedBy: `operator:${signedIn!.email}` });
    expect(stored.booking.status).toBe("settled");
    const entries = await db.ledgerEntry.findMany({ where: { bookingId: dispute.bookingId }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 30_00], ["payout", 90_00]]);

    await page.goto(`/audit?record=dispute:${dispute.id}`);
    const audit = page.getByRole("row").filter({ hasText: "dispute.resolve" });
    await expect(audit).toContainText(signedIn!.email);
    await expect(audit).toContainText("the main course was cold, dessert was fine");
    await expect(audit).toContainText("partially_refunded");

    await page.goto("/disputes?status=resolved");
    await expect(page.getByRole("table", { name: "Resolved disputes" }).getByRole("row").filter({ hasText: `Dispute ${dispute.id}` })).toContainText("30.00 EUR refunded");
  });

  test("a stale page: the deadline job resolved the dispute after the page was shown, so the decision is refused and changes nothing", async ({ page, db }) => {
    const dispute = await makeDispute(db, { replied: false });
    await page.goto(`/disputes/${dispute.id}`);
    await page.getByLabel(/Release/).check();
    await page.getByLabel("Reason").fill("the chef was right");
    await page.getByRole("button", { name: "Review decision" }).click();
    const confirm = page.getByRole("button", { name: "Confirm: 0.00 EUR to the customer, 120.00 EUR to the chef" });
    await expect(confirm).toBeVisible();
    await runReplyDeadline(db, dispute); // the chef stayed silent: refunded in full by the job
    await confirm.click();
    await expect(page.getByRole("alert").filter({ hasText: "changed since your page showed it" })).toContainText(
      `dispute ${dispute.id} changed since your page showed it: it was awaiting_reply on your page and is now refunded`,
    );
    expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("refunded");
    const entries = await db.ledgerEntry.findMany({ where: { bookingId: dispute.bookingId }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 120_00]]);
    expect(await db.auditEntry.count({ where: { recordType: "dispute", recordId: String(dispute.id) } })).toBe(0);
  });

  test("resets an account now and moves its next reset: the page, the database and the audit log agree", async ({ page, db, signedIn }) => {
    const marker = uniqueMarker();
    const now = new Date();
    const anchorOn = addDays(localDateOf(now, "Asia/Tokyo"), -5);
    const account = await createAccount(db, { name: `${marker} tokyo`, plan: "pro", anchorOn, timeZone: "Asia/Tokyo" }, now);
    try {
      await consumeAllowance(db, account.id, { allowance: "questions", amount: 1500 }, now);
      expect(account.nextResetOn).toBe(cycleDate(anchorOn, 1));

      await page.goto(`/accounts?q=${encodeURIComponent(marker)}&plan=pro`);
      const row = page.getByRole("table", { name: "Accounts" }).getByRole("row").filter({ hasText: marker });
      await expect(row).toContainText("500 / 2,000 questions");
      await expect(row).toContainText("Asia/Tokyo");
      await expect(row).toContainText(anchorOn);
      await expect(row).toContainText(`${account.nextResetOn} (Asia/Tokyo)`);
      await expect(row).toContainText(formatInZone(account.nextResetAt, "Europe/Berlin"));
      await row.getByRole("link", { name: `${marker} tokyo` }).click();

      const resetForm = page.getByRole("form", { name: "Reset now" });
      await resetForm.getByLabel("Reason").fill("goodwill after the outage");
      await resetForm.getByRole("button", { name: "Reset now" }).click();
      await expect(page.getByRole("status").filter({ hasText: "has its pro allowances back" })).toContainText(`its next reset stays on ${account.nextResetOn}`);
      await expect(page.getByText("2,000 / 2,000 questions")).toBeVisible();
      await expect(page.getByRole("table", { name: "Reset log" }).getByRole("row").filter({ hasText: `operator:${signedIn!.email}` })).toBeVisible();
      let stored = await db.quotaAccount.findUniqueOrThrow({ where: { id: account.id } });
      expect(stored.questions).toBe(2000);
      expect(stored.nextResetOn.toISOString().slice(0, 10)).toBe(account.nextResetOn);

      const target = addDays(account.nextResetOn, 3);
      const moveForm = page.getByRole("form", { name: "Move the next reset" });
      await moveForm.getByLabel(/New date/).fill(target);
      await moveForm.getByLabel("Reason").fill("customer asked to align with invoicing");
      await moveForm.getByRole("button", { name: "Move the reset" }).click();
      await expect(page.getByRole("status").filter({ hasText: "next reset moved" })).toContainText(`from ${account.nextResetOn} to ${target}`);
      await expect(page.getByText(`${target} at midnight in Asia/Tokyo`)).toBeVisible();
      stored = await db.quotaAccount.findUniqueOrThrow({ where: { id: account.id } });
      expect(stored.nextResetOn.toISOString().slice(0, 10)).toBe(target);
      // Tokyo's midnight (UTC+9) is 15:00 UTC the day before, shown in the operator's zone.
      expect(stored.nextResetAt.toISOString()).toBe(`${addDays(target, -1)}T15:00:00.000Z`);
      await expect(page.getByText(formatInZone(stored.nextResetAt, "Europe/Berlin")).first()).toBeVisible();

      await page.goto(`/audit?record=quota_account:${account.id}`);
      await expect(page.getByRole("row").filter({ hasText: "quota.reset_now" })).toContainText("goodwill after the outage");
      const moved = page.getByRole("row").filter({ hasText: "quota.move_reset" });
      await expect(moved).toContainText(signedIn!.email);
      await expect(moved).toContainText("customer asked to align with invoicing");
      await expect(moved).toContainText(target);
    } finally {
      await db.$executeRaw`DELETE FROM quota_resets WHERE account_id = ${account.id}`;
      await db.$executeRaw`DELETE FROM quota_accounts WHERE id = ${account.id}`;
    }
  });

  test("the demo's accounts are listed in next-reset order with a keyset next page, and a window is one click", async ({ page }) => {
    await page.goto("/accounts?plan=business");
    const rows = page.getByRole("table", { name: "Accounts" }).getByRole("row");
    await expect(rows.nth(1)).toContainText("business");
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(page.getByRole("table", { name: "Accounts" })).toBeVisible();
    await page.getByRole("link", { name: "Next 7 days" }).click();
    await expect(page).toHaveURL(/from=.*to=/);
    await expect(page.getByRole("status")).toContainText("resetting from");
  });
});

test.describe("a viewer", () => {
  test.use({ signInAs: "viewer" });

  test("sees a dispute and an account but cannot act, and forged calls are refused and change nothing", async ({ page, db }) => {
    const dispute = await makeDispute(db, { replied: true });
    await page.goto(`/disputes/${dispute.id}`);
    await expect(page.getByText("signed in as a viewer")).toBeVisible();
    await expect(page.getByRole("button", { name: "Review decision" })).toBeDisabled();
    await page.evaluate(() => document.querySelectorAll("[disabled]").forEach((element) => element.removeAttribute("disabled")));
    await page.getByLabel(/Full refund/).check();
    await page.getByLabel("Reason").fill("forged by a viewer");
    await page.getByRole("button", { name: "Review decision" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "only an operator may do this" })).toBeVisible();
    expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("awaiting_operator");
    expect(await db.ledgerEntry.count({ where: { bookingId: dispute.bookingId } })).toBe(1);

    const openedAt = new Date();
    const account = await createAccount(db, { name: `${uniqueMarker()} viewer`, plan: "free", anchorOn: addDays(localDateOf(openedAt, "UTC"), -3), timeZone: "UTC" }, openedAt);
    try {
      await consumeAllowance(db, account.id, { allowance: "pages", amount: 20 }, openedAt);
      await page.goto(`/accounts/${account.id}`);
      await expect(page.getByRole("button", { name: "Reset now" })).toBeDisabled();
      await page.evaluate(() => document.querySelectorAll("[disabled]").forEach((element) => element.removeAttribute("disabled")));
      const resetForm = page.getByRole("form", { name: "Reset now" });
      await resetForm.getByLabel("Reason").fill("forged by a viewer");
      await resetForm.getByRole("button", { name: "Reset now" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "only an operator may do this" })).toBeVisible();
      expect((await db.quotaAccount.findUniqueOrThrow({ where: { id: account.id } })).pages).toBe(30);
      expect(await db.quotaReset.count({ where: { accountId: account.id } })).toBe(0);
      expect(await db.auditEntry.count({ where: { recordType: "quota_account", recordId: account.id.toString() } })).toBe(0);
    } finally {
      await db.$executeRaw`DELETE FROM quota_accounts WHERE id = ${account.id}`;
    }
  });
});

test.describe("signed out", () => {
  test.use({ signInAs: null });

  test("the dispute and account pages send a signed-out visitor to sign in", async ({ page }) => {
    for (const path of ["/disputes", "/disputes?status=resolved", "/disputes/1", "/accounts", "/accounts?plan=pro", "/accounts/1"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/sign-in/);
    }
  });
});
