// The agenda's quota resets, read by a browser: an account due in the window is counted on its
// local date and listed; one due after the window is not. A fixed instant (the e2e server
// travels in time), the test's own accounts, removed afterwards.
import { createAccount } from "../../lib/quotas/index.ts";
import { expect, test, uniqueMarker } from "./fixtures.ts";

test("the agenda lists upcoming quota resets per local day and the accounts, beside the jobs", async ({ page, db }) => {
  const marker = uniqueMarker();
  const asOf = "2031-03-10T09:00:00.000Z";
  const opened = new Date("2031-02-20T12:00:00Z");
  const soon = await createAccount(db, { name: `${marker} berlin`, plan: "pro", anchorOn: "2031-01-12", timeZone: "Europe/Berlin" }, opened);
  const later = await createAccount(db, { name: `${marker} later`, plan: "free", anchorOn: "2031-02-28", timeZone: "UTC" }, opened);
  try {
    expect(soon.nextResetOn).toBe("2031-03-12");
    await page.goto(`/agenda?now=${asOf}`);
    await expect(page.getByRole("heading", { name: "Quota resets in the next 7 days" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Quota resets per day" }).getByRole("row", { name: /2031-03-12/ })).toBeVisible();
    const accounts = page.getByRole("table", { name: "Accounts to reset" });
    const row = accounts.getByRole("row", { name: new RegExp(`${marker} berlin`) });
    await expect(row).toContainText("pro");
    await expect(row).toContainText("Europe/Berlin");
    await expect(row).toContainText("2031-03-11 23:00"); // Berlin's midnight of Mar 12, in UTC
    await expect(page.getByText(`${marker} later`)).toHaveCount(0);
  } finally {
    await db.$executeRaw`DELETE FROM quota_accounts WHERE id IN (${soon.id}, ${later.id})`;
  }
});
