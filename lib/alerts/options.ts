// The alerts' settings from the environment (lib/settings.ts), read once, and a seam for tests.
// Alert and heartbeat URLs follow the webhooks' address rule (DULY_WEBHOOKS_ALLOW_PRIVATE,
// decision 0029): an operator pastes them into a page, so they must not reach inward either.
import { parseSetting } from "../settings.ts";

export interface AlertOptions {
  allowPrivate: boolean;
  /** How long a webhook destination has to answer an alert. */
  sendTimeoutMs: number;
  /** The heartbeat's bound: a ping never holds the tick's answer longer. */
  heartbeatTimeoutMs: number;
  smtpUrl: string | undefined;
  /** From the environment: wins over the page's, and is pinged even when the database is down. */
  heartbeatUrl: string | undefined;
}

let chosen: AlertOptions | undefined;

export function alertOptions(): AlertOptions {
  chosen ??= {
    allowPrivate: parseSetting("DULY_WEBHOOKS_ALLOW_PRIVATE") === "1",
    sendTimeoutMs: parseSetting("DULY_WEBHOOK_TIMEOUT"),
    heartbeatTimeoutMs: parseSetting("DULY_ALERT_HEARTBEAT_TIMEOUT"),
    smtpUrl: parseSetting("DULY_ALERT_SMTP_URL"),
    heartbeatUrl: parseSetting("DULY_ALERT_HEARTBEAT_URL"),
  };
  return chosen;
}

/** Tests: replace some options (undefined: back to the environment's). */
export function setAlertOptions(options: Partial<AlertOptions> | undefined): void {
  chosen = options === undefined ? undefined : { ...alertOptions(), ...options };
}
