// A preset link (one click: "Dead", "Late", "Awaiting the chef") and the filter form agree: the
// form shows what the link applied, so the next Apply keeps it instead of silently dropping it.
// Presets are client-side navigations, where an uncontrolled field keeps its old value unless
// the form is rendered anew for the new query.
import { expect, test } from "./fixtures.ts";

test.describe("a list's preset links and its filter form", () => {
  test("the jobs list's Status select shows the status a preset applied, and Apply keeps it", async ({ page }) => {
    await page.goto("/jobs");
    const status = page.getByRole("combobox", { name: "Status" });
    // The plain list opens on pending work (tests/e2e/dense-lists.spec.ts).
    await expect(status).toHaveValue("pending");
    await page.getByRole("link", { name: "Dead", exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=dead/);
    await expect(status).toHaveValue("dead");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]status=dead/);

    await page.getByRole("link", { name: "Late", exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=pending/);
    await expect(status).toHaveValue("pending");
    await expect(page.getByLabel(/^Until/)).not.toHaveValue("");
  });

  test("the bookings list's Status select shows the status a preset applied, and Apply keeps it", async ({ page }) => {
    await page.goto("/bookings");
    const status = page.getByRole("combobox", { name: "Status" });
    await page.getByRole("link", { name: "Awaiting the chef", exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=requested/);
    await expect(status).toHaveValue("requested");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]status=requested/);
  });
});
