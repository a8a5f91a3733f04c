// The alerts' thresholds and destinations: one row (alert_settings, id 1), defaults until an
// operator saves the page. The webhook and heartbeat URLs are credentials (whoever has them can
// post to the channel, or silence the heartbeat), so what leaves this module for a page is only
// whether each is set and its host, never the URL.
import { z } from "zod";
import type { DbOrTx, Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import type { Thresholds } from "./conditions.ts";

export interface AlertSettingsRow extends Thresholds {
  renotifyMinutes: number;
  webhookUrl: string | null;
  heartbeatUrl: string | null;
  emailFrom: string | null;
  emailTo: string | null;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Before any operator saved: lag over 5 minutes, any dead job, an endpoint failing 15 minutes; hourly reminders. */
export const defaultAlertSettings: AlertSettingsRow = {
  lagSeconds: 300,
  deadJobs: 1,
  webhookFailingMinutes: 15,
  renotifyMinutes: 60,
  webhookUrl: null,
  heartbeatUrl: null,
  emailFrom: null,
  emailTo: null,
  updatedAt: null,
  updatedBy: null,
};

export async function readAlertSettings(db: DbOrTx): Promise<AlertSettingsRow> {
  const row = await db.alertSettings.findUnique({ where: { id: 1 } });
  if (!row) return defaultAlertSettings;
  const { id: _id, ...rest } = row;
  return rest;
}

/** What a page may show: the URLs reduced to "set, at this host". */
export interface AlertSettingsView extends Omit<AlertSettingsRow, "webhookUrl" | "heartbeatUrl"> {
  webhookHost: string | null;
  heartbeatHost: string | null;
}

export function viewOf(row: AlertSettingsRow): AlertSettingsView {
  const { webhookUrl, heartbeatUrl, ...rest } = row;
  return { ...rest, webhookHost: hostOf(webhookUrl), heartbeatHost: hostOf(heartbeatUrl) };
}

function hostOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).host;
  } catch {
    return "(unreadable URL)";
  }
}

/** A URL field: unchanged when left empty, removed when "clear" is ticked, replaced otherwise. */
export type UrlChange = { kind: "keep" } | { kind: "clear" } | { kind: "set"; url: string };

export const thresholdsInput = z.object({
  lagSeconds: z.number().int().min(1).max(7 * 86_400).nullable(),
  deadJobs: z.number().int().min(1).max(1_000_000).nullable(),
  webhookFailingMinutes: z.number().int().min(1).max(7 * 1_440).nullable(),
  renotifyMinutes: z.number().int().min(1).max(7 * 1_440),
  emailFrom: z.email().max(320).nullable(),
  emailTo: z.email().max(320).nullable(),
});
export type AlertSettingsInput = z.output<typeof thresholdsInput> & {
  webhookUrl: UrlChange;
  heartbeatUrl: UrlChange;
  /** The settings' updatedAt the page showed (null: the defaults); when given, a save over a newer version is refused. */
  seenUpdatedAt?: Date | null;
};

function applied(change: UrlChange, current: string | null): string | null {
  return change.kind === "keep" ? current : change.kind === "clear" ? null : change.url;
}

/** Saves the settings with their audit entry (the URLs in it only as hosts), in the caller's transaction. */
export async function saveAlertSettings(tx: Tx, actor: AuditActor, input: AlertSettingsInput, now: Date): Promise<AlertSettingsRow> {
  // The row locked (or created) first: two operators saving at once write one after the other.
  await tx.$executeRaw`
    INSERT INTO alert_settings (id, lag_seconds, dead_jobs, webhook_failing_minutes, renotify_minutes, updated_at, updated_by)
    VALUES (1, ${defaultAlertSettings.lagSeconds}, ${defaultAlertSettings.deadJobs}, ${defaultAlertSettings.webhookFailingMinutes},
            ${defaultAlertSettings.renotifyMinutes}, ${now}, 'defaults')
    ON CONFLICT (id) DO NOTHING`;
  await tx.$queryRaw`SELECT id FROM alert_settings WHERE id = 1 FOR UPDATE`;
  const before = await readAlertSettings(tx);
  const { webhookUrl, heartbeatUrl, seenUpdatedAt, ...fields } = input;
  // The row inserted just above (never saved before) is the defaults the page showed.
  const version = before.updatedBy === "defaults" ? null : before.updatedAt;
  if (seenUpdatedAt !== undefined && (seenUpdatedAt?.getTime() ?? null) !== (version?.getTime() ?? null)) {
    throw new DulyError(
      ErrorCode.StaleRecord,
      `the alert settings changed since your page showed it (saved by ${before.updatedBy} at ${version?.toISOString()}). Nothing was changed; reload the page to see them as they are now.`,
    );
  }
  const after: AlertSettingsRow = {
    ...fields,
    webhookUrl: applied(webhookUrl, before.webhookUrl),
    heartbeatUrl: applied(heartbeatUrl, before.heartbeatUrl),
    updatedAt: now,
    updatedBy: actor.email,
  };
  const { updatedAt, updatedBy, ...data } = after;
  await tx.alertSettings.update({ where: { id: 1 }, data: { ...data, updatedAt: updatedAt!, updatedBy: updatedBy! } });
  const { updatedAt: _a, updatedBy: _b, ...shownBefore } = viewOf(before);
  const { updatedAt: _c, updatedBy: _d, ...shownAfter } = viewOf(after);
  await recordAudit(tx, { actor, action: "alerts.update_settings", recordType: "alert_settings", recordId: "1", from: shownBefore, to: shownAfter });
  return after;
}
