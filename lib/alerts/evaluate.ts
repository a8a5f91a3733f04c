// alerts.evaluate's work, in the job's transaction: read the figures, judge each condition,
// move its state, and for each notice write one notification per configured destination and
// schedule its delivery. State, notifications and delivery jobs commit together: a rolled-back
// evaluation alerts nobody and the next one sees the same change again.
import type { Tx } from "../db/client.ts";
import { alertFigures } from "../scheduler/admin/index.ts";
import { scheduleAlertDeliveries } from "./alert-jobs.ts";
import { alertMessage, conditionNames, judge, nextState, type ConditionName, type ConditionState, type Notice, type ObservedFigures } from "./conditions.ts";
import { readAlertSettings, type AlertSettingsRow } from "./settings-store.ts";
import { alertOptions, type AlertOptions } from "./options.ts";

export type Channel = "webhook" | "email";

/** Where alerts go now: the webhook when its URL is set; email when the SMTP URL, From and To are. */
export function channelsOf(settings: AlertSettingsRow, options: Pick<AlertOptions, "smtpUrl">): Channel[] {
  const channels: Channel[] = [];
  if (settings.webhookUrl) channels.push("webhook");
  if (options.smtpUrl && settings.emailFrom && settings.emailTo) channels.push("email");
  return channels;
}

export interface Evaluation {
  notices: Array<{ condition: ConditionName; notice: Notice; message: string }>;
  notificationIds: string[];
}

/** The advisory lock's key: class "DULA" (alerts), object 1. */
const evaluationLockClass = 0x44554c41;

export async function evaluateAlerts(tx: Tx, now: Date, knownTypes: string[], options: AlertOptions = alertOptions()): Promise<Evaluation> {
  // One evaluation at a time, even before any condition row exists (the rows' FOR UPDATE below then
  // locks nothing, and two overlapping evaluations both notified "firing"). Later statements take
  // their snapshots after the lock, so they see the previous evaluation's states.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${evaluationLockClass}::int, 1)`;
  const settings = await readAlertSettings(tx);
  const judgements = judge(await observe(tx, now, knownTypes), settings, now);
  const previous = await statesOf(tx);
  const channels = channelsOf(settings, options);
  const evaluation: Evaluation = { notices: [], notificationIds: [] };
  for (const { condition, bad, detail } of judgements) {
    const { state, notice } = nextState(previous.get(condition), bad, now, settings.renotifyMinutes * 60_000);
    await tx.alertCondition.upsert({
      where: { condition },
      create: { condition, ...state, detail, evaluatedAt: now },
      update: { ...state, detail, evaluatedAt: now },
    });
    if (!notice) continue;
    const message = alertMessage(condition, notice, detail, state.since);
    evaluation.notices.push({ condition, notice, message });
    for (const channel of channels) {
      const row = await tx.alertNotification.create({ data: { condition, kind: notice, channel, message, createdAt: now } });
      evaluation.notificationIds.push(row.id.toString());
    }
  }
  await scheduleAlertDeliveries(tx, evaluation.notificationIds, now);
  return evaluation;
}

async function observe(tx: Tx, now: Date, knownTypes: string[]): Promise<ObservedFigures> {
  const figures = await alertFigures(tx, now, knownTypes);
  const failing = await tx.webhookEndpoint.findMany({
    where: { status: "enabled", failingSince: { not: null } },
    select: { id: true, url: true, failingSince: true },
    orderBy: { failingSince: "asc" },
  });
  return {
    lagMs: figures.oldestDue ? Math.max(0, now.getTime() - figures.oldestDue.getTime()) : 0,
    deadJobs: figures.deadJobs,
    failingEndpoints: failing.map((e) => ({ id: e.id, host: new URL(e.url).host, failingSince: e.failingSince! })),
  };
}

/** Every condition's stored state, locked: a second evaluation (there should be none: maxRunning 1) waits. */
async function statesOf(tx: Tx): Promise<Map<ConditionName, ConditionState>> {
  const rows = await tx.$queryRaw<Array<{ condition: string; firing: boolean; since: Date; last_notified_at: Date | null }>>`
    SELECT condition, firing, since, last_notified_at FROM alert_conditions ORDER BY condition FOR UPDATE`;
  const states = new Map<ConditionName, ConditionState>();
  for (const row of rows) {
    if ((conditionNames as readonly string[]).includes(row.condition)) {
      states.set(row.condition as ConditionName, { firing: row.firing, since: row.since, lastNotifiedAt: row.last_notified_at });
    }
  }
  return states;
}
