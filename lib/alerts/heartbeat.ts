// The heartbeat: a tick that stops cannot report itself, so every tick tells an outside service
// it ran (healthchecks.io's convention, which Cronitor, Better Stack and Uptime Kuma's push
// monitors follow too: the URL on success, the URL + "/fail" on a failure), and that service
// alerts on the silence. The ping is bounded by DULY_ALERT_HEARTBEAT_TIMEOUT and never throws:
// a dead monitoring service must not fail, or hold up, the tick it reports on; it is logged.
import type { DbOrTx } from "../db/client.ts";
import type { TickSummary } from "../scheduler/index.ts";
import { sendWebhook } from "../webhooks/send.ts";
import { checkWebhookUrl } from "../webhooks/url-safety.ts";
import { alertOptions, type AlertOptions } from "./options.ts";

export interface HeartbeatResult {
  /** Null: no heartbeat URL is configured. */
  url: string | null;
  ok: boolean;
  error: string | null;
}

/** The URL to ping for this tick: the configured one, with "/fail" when the tick failed. */
export function heartbeatTarget(url: string, failed: boolean): string {
  if (!failed) return url;
  const target = new URL(url);
  target.pathname = `${target.pathname.replace(/\/+$/, "")}/fail`;
  return target.toString();
}

/** Pings the heartbeat for a finished tick; "ok" pings success, "degraded" and "unavailable" ping /fail. */
export async function pingTickHeartbeat(db: DbOrTx, summary: TickSummary, options: AlertOptions = alertOptions()): Promise<HeartbeatResult> {
  let url: string | null = options.heartbeatUrl ?? null;
  try {
    // Without a database the stored URL cannot be read: only the environment's is pinged (with
    // /fail), and otherwise the silence itself is what the monitoring service notices.
    if (!url && summary.status !== "unavailable") {
      url = (await db.alertSettings.findUnique({ where: { id: 1 }, select: { heartbeatUrl: true } }))?.heartbeatUrl ?? null;
    }
    if (!url) return { url: null, ok: true, error: null };
    const target = heartbeatTarget(checkWebhookUrl(url, options).toString(), summary.status !== "ok");
    const line = `status=${summary.status} claimed=${summary.claimed} succeeded=${summary.succeeded} failed=${summary.failed} dead=${summary.dead} lagMs=${summary.lagMs}`;
    const result = await sendWebhook(target, { "Content-Type": "text/plain", "User-Agent": "Duly-Heartbeat" }, line, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.heartbeatTimeoutMs,
    });
    if (!result.ok) console.error(`[duly] heartbeat ping to ${new URL(target).host} failed: ${result.error}`);
    return { url: target, ok: result.ok, error: result.error };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error("[duly] heartbeat ping failed:", message);
    return { url, ok: false, error: message };
  }
}
