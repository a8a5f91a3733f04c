// The dashboard's alerts page: the thresholds and destinations (URLs shown only as "set, at this
// host"), each condition's state, and the last notifications with their delivery status (read
// from their alerts.deliver jobs); and the operator's save, which checks the URLs against the
// webhooks' address rule and writes the change with its audit entry in one transaction.
import type { Db } from "../db/client.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { jobsOfSubjects } from "../scheduler/admin/index.ts";
import { isDulyError } from "../errors.ts";
import { FieldRefusal } from "../validation/field-refusal.ts";
import { checkWebhookUrl, requirePublicHost } from "../webhooks/url-safety.ts";
import { notificationSubjectType } from "../alerts/alert-jobs.ts";
import { conditionNames, type ConditionName } from "../alerts/conditions.ts";
import { alertOptions, type AlertOptions } from "../alerts/options.ts";
import { readAlertSettings, saveAlertSettings, viewOf, type AlertSettingsInput, type AlertSettingsView, type UrlChange } from "../alerts/settings-store.ts";

export interface ConditionView {
  condition: ConditionName;
  firing: boolean;
  since: Date;
  detail: string;
  evaluatedAt: Date;
}

export interface NotificationView {
  id: string;
  condition: string;
  kind: string;
  channel: string;
  message: string;
  createdAt: Date;
  sentAt: Date | null;
  /** "sent", "sending" (attempt n of m, the last error), "failed" (its job is dead or cancelled). */
  delivery: { state: "sent" | "sending" | "failed"; attempts: number; maxAttempts: number; lastError: string | null };
}

export interface AlertsOverview {
  settings: AlertSettingsView;
  smtpConfigured: boolean;
  heartbeatFromEnvironment: string | null;
  conditions: ConditionView[];
  notifications: NotificationView[];
}

export async function alertsOverview(db: Db, options: AlertOptions = alertOptions(), last = 20): Promise<AlertsOverview> {
  const [settings, conditions, notifications] = await Promise.all([
    readAlertSettings(db),
    db.alertCondition.findMany({ orderBy: { condition: "asc" } }),
    db.alertNotification.findMany({ orderBy: { id: "desc" }, take: last }),
  ]);
  const jobs = await jobsOfSubjects(db, notifications.map((n) => ({ type: notificationSubjectType, id: n.id.toString() })), { runs: true });
  const jobOf = new Map(jobs.map((job) => [job.subjectId, job]));
  return {
    settings: viewOf(settings),
    smtpConfigured: options.smtpUrl !== undefined,
    heartbeatFromEnvironment: options.heartbeatUrl ? new URL(options.heartbeatUrl).host : null,
    conditions: conditions
      .filter((c): c is typeof c & { condition: ConditionName } => (conditionNames as readonly string[]).includes(c.condition))
      .map(({ condition, firing, since, detail, evaluatedAt }) => ({ condition, firing, since, detail, evaluatedAt })),
    notifications: notifications.map((n) => {
      const job = jobOf.get(n.id.toString());
      const lastError = job?.runs.findLast((run) => run.error !== null)?.error ?? null;
      const state = n.sentAt ? "sent" : job && (job.status === "dead" || job.status === "cancelled") ? "failed" : "sending";
      return {
        id: n.id.toString(), condition: n.condition, kind: n.kind, channel: n.channel, message: n.message, createdAt: n.createdAt, sentAt: n.sentAt,
        delivery: { state, attempts: job?.attempts ?? 0, maxAttempts: job?.maxAttempts ?? 0, lastError },
      };
    }),
  };
}

/** A URL an operator typed: the webhooks' address rule (https and public, unless DULY_WEBHOOKS_ALLOW_PRIVATE=1), resolved now. */
async function checkedChange(field: string, change: UrlChange, options: AlertOptions): Promise<UrlChange> {
  if (change.kind !== "set") return change;
  try {
    const url = checkWebhookUrl(change.url, options);
    await requirePublicHost(url, options);
    return { kind: "set", url: url.toString() };
  } catch (error) {
    if (isDulyError(error)) throw new FieldRefusal(field, error.message.replace(/^url: /, ""));
    throw error;
  }
}

export async function saveAlertSettingsAsOperator(db: Db, operator: AuditActor, input: AlertSettingsInput, now: Date, options: AlertOptions = alertOptions()): Promise<void> {
  const checked = { ...input, webhookUrl: await checkedChange("webhookUrl", input.webhookUrl, options), heartbeatUrl: await checkedChange("heartbeatUrl", input.heartbeatUrl, options) };
  await db.$transaction(async (tx) => {
    await saveAlertSettings(tx, operator, checked, now);
  });
}
