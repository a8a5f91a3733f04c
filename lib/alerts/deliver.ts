// alerts.deliver's work: send one notification to its destination, and mark it sent in the
// job's transaction. A destination that refuses or does not answer throws, so the engine retries
// with backoff and keeps each attempt's error; a notification with no destination left (the URL
// was cleared since) cannot succeed by retrying and ends at once (PermanentJobError).
import type { Tx } from "../db/client.ts";
import { PermanentJobError } from "../scheduler/index.ts";
import { checkWebhookUrl } from "../webhooks/url-safety.ts";
import { sendWebhook } from "../webhooks/send.ts";
import { alertOptions, type AlertOptions } from "./options.ts";
import { sendAlertEmail } from "./send-email.ts";
import { readAlertSettings } from "./settings-store.ts";

export async function deliverAlert(tx: Tx, notificationId: bigint, now: Date, options: AlertOptions = alertOptions()): Promise<void> {
  const notification = await tx.alertNotification.findUnique({ where: { id: notificationId } });
  if (!notification) throw new PermanentJobError(`alert notification ${notificationId} does not exist`);
  if (notification.sentAt) return; // a repeat of a delivery that landed: sending twice helps no one
  const settings = await readAlertSettings(tx);
  if (notification.channel === "webhook") {
    if (!settings.webhookUrl) throw new PermanentJobError("no alert webhook URL is configured any more (cleared on the alerts page)");
    // The address rule again at send time: a URL saved while private addresses were allowed is refused once they are not.
    const url = checkWebhookUrl(settings.webhookUrl, options);
    // Slack's incoming-webhook format; Mattermost, Rocket.Chat and Discord's /slack endpoints read it too.
    const result = await sendWebhook(url.toString(), { "Content-Type": "application/json", "User-Agent": "Duly-Alerts" }, JSON.stringify({ text: notification.message }), {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.sendTimeoutMs,
    });
    if (!result.ok) throw new Error(`the alert webhook at ${url.host} refused: ${result.error}`);
  } else if (notification.channel === "email") {
    if (!options.smtpUrl) throw new PermanentJobError("DULY_ALERT_SMTP_URL is not set any more");
    if (!settings.emailFrom || !settings.emailTo) throw new PermanentJobError("the alert email's From or To was cleared on the alerts page");
    const subject = notification.message.length > 120 ? `${notification.message.slice(0, 117)}…` : notification.message;
    await sendAlertEmail(options.smtpUrl, { from: settings.emailFrom, to: settings.emailTo, subject, text: notification.message }, options.sendTimeoutMs);
  } else {
    throw new PermanentJobError(`alert notification ${notificationId} has an unknown channel ${JSON.stringify(notification.channel)}`);
  }
  await tx.alertNotification.update({ where: { id: notificationId }, data: { sentAt: now } });
}
