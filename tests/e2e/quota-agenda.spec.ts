// The agenda's quota resets, read by a browser: an account due in the window is counted on its
// local date and listed; one due after the window is not. A fixed instant (the e2e server
// travels in time), the test's own accounts, removed afterwards. The instant is in the past on
// purpose: every other account in the database (the demo's, seeded by other specs) resets after
// today, so none of them falls in this window; a future window would hold every one of them,
// overdue, ahead of ours in the list.
import { createAccount } from "../../lib/quotas/index.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";

test("the agenda lists upcoming quota resets per local day and the accounts, beside the jobs", async ({ page, db }) => {
  const marker = uniqueMarker();
  const asOf = "2020-03-10T09:00:00.000Z";
  const opened = new Date("2020-02-20T12:00:00Z");
  const soon = await createAccount(db, { name: `${marker} berlin`, plan: "pro", anchorOn: "2020-01-12", timeZone: "Europe/Berlin" }, opened);
  const later = await createAccount(db, { name: `${marker} later`, plan: "free", anchorOn: "2020-02-28", timeZone: "UTC" }, opened);
  try {
    expect(soon.nextResetOn).toBe("2020-03-12");
    expect(later.nextResetOn).toBe("2020-03-28");
    await page.goto(`/agenda?now=${asOf}`);
    await expect(page.getByRole("heading", { name: "Quota resets in the next 7 days" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Quota resets per day" }).getByRole("row", { name: /2020-03-12/ })).toBeVisible();
    const accounts = page.getByRole("table", { name: "Accounts to reset" });
    const row = accounts.getByRole("row", { name: new RegExp(`${marker} berlin`) });
    await expect(row).toContainText("pro");
    await expect(row).toContainText("Europe/Berlin");
    await expect(row).toContainText("2020-03-11 23:00"); // Berlin's midnight of Mar 12, in UTC
    await expect(page.getByText(`${marker} later`)).toHaveCount(0);
  } finally {
    await db.$executeRaw`DELETE FROM quota_accounts WHERE id IN (${soon.id}, ${later.id})`;
  }
});
