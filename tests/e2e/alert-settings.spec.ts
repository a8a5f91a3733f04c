// The alerts page (issue 15 item 5b, decision 0036): an operator sets thresholds and
// destinations; stored URLs are never shown back (only their host), a URL the address rule refuses
// is refused beside its field, every save is in the audit log, the last alerts show their delivery
// status, and a viewer sees no settings at all. The URLs here are public documentation addresses
// (TEST-NET), never contacted: the settings row is removed afterwards so no other spec's tick
// pings them.
import { expect, test } from "./fixtures.ts";

const webhookUrl = "https://203.0.113.10/services/T000/B000/e2e-SECRET-token";
const heartbeatUrl = "https://198.51.100.7/ping/e2e-SECRET-uuid";

test.describe("alert settings", () => {
  test.describe.configure({ mode: "serial" }); // one settings row: these two take turns

  test.afterEach(async ({ db }) => {
    await db.$executeRaw`TRUNCATE alert_settings, alert_notifications`;
  });

  test("an operator sets thresholds and destinations; the URLs are never shown back; the save is audited", async ({ page, db }) => {
    await db.$executeRaw`TRUNCATE alert_settings, alert_notifications`;
    await page.goto("/alerts");
    await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
    await expect(page.getByText("These are the defaults")).toBeVisible();
    await expect(page.getByLabel("Lag (seconds)")).toHaveValue("300");

    // A URL the address rule refuses: beside the field, nothing saved. (Loopback and plain http are
    // allowed on the e2e server, DULY_WEBHOOKS_ALLOW_PRIVATE=1, for the receivers of the webhook
    // specs; their refusal is in integrations/alerts-reach-someone.) Credentials are refused always.
    await page.getByLabel("Slack-format webhook URL").fill("https://user:secret@hooks.example.test/hook");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#webhookUrl-error")).toContainText("must not carry a user name or password");
    expect(await db.alertSettings.count()).toBe(0);

    await page.getByLabel("Lag (seconds)").fill("120");
    await page.getByLabel("Dead jobs").fill(""); // off
    await page.getByLabel("Webhook endpoint failing (minutes)").fill("30");
    await page.getByLabel("Repeat a lasting alert every (minutes)").fill("90");
    await page.getByLabel("Slack-format webhook URL").fill(webhookUrl);
    await page.getByLabel("Email from").fill("duly@example.test");
    await page.getByLabel("Email to").fill("ops@example.test");
    await page.getByLabel("Heartbeat URL").fill(heartbeatUrl);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText(/Alert settings saved/);
    expect(await db.alertSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      lagSeconds: 120, deadJobs: null, webhookFailingMinutes: 30, renotifyMinutes: 90, webhookUrl, heartbeatUrl, emailFrom: "duly@example.test", emailTo: "ops@example.test",
    });

    // Reloaded: the thresholds as saved, the URLs only as "set, at this host".
    await page.reload();
    await expect(page.getByLabel("Lag (seconds)")).toHaveValue("120");
    await expect(page.getByLabel("Dead jobs")).toHaveValue("");
    await expect(page.getByLabel("Slack-format webhook URL")).toHaveValue("");
    await expect(page.getByText("Set (203.0.113.10); not shown, it is a credential.")).toBeVisible();
    expect(await page.content()).not.toContain("SECRET");

    // Saving again with the URL fields empty keeps them; "clear" removes one.
    await page.getByLabel("Clear the heartbeat URL").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText(/Alert settings saved/);
    expect(await db.alertSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ webhookUrl, heartbeatUrl: null });

    await page.goto("/audit?action=alerts.update_settings");
    const entries = page.getByRole("row").filter({ hasText: "alerts.update_settings" });
    await expect(entries).toHaveCount(2);
    expect(await page.content()).not.toContain("SECRET");
  });

  test("the last alerts show their delivery status", async ({ page, db }) => {
    const now = new Date();
    await db.alertNotification.createMany({
      data: [
        { condition: "dead_jobs", kind: "firing", channel: "webhook", message: "[Duly] ALERT: Dead jobs: 3 dead jobs (threshold 1).", createdAt: now, sentAt: now },
        { condition: "lag", kind: "firing", channel: "email", message: "[Duly] ALERT: Lag: the oldest due job is 7 min late (threshold 5 min).", createdAt: now },
      ],
    });
    await page.goto("/alerts");
    const table = page.getByRole("table", { name: "Last alerts" });
    await expect(table.getByRole("row").filter({ hasText: "Dead jobs: 3 dead jobs" })).toContainText("sent");
    await expect(table.getByRole("row").filter({ hasText: "the oldest due job is 7 min late" })).toContainText("waiting for its delivery job");
  });

  test.describe("as a viewer", () => {
    test.use({ signInAs: "viewer" });
    test("sees that only operators may see the settings", async ({ page }) => {
      await page.goto("/alerts");
      await expect(page.getByText("Only an operator may see and change the alert settings")).toBeVisible();
      await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    });
  });
});
