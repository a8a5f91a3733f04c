// The webhooks' settings (lib/settings.ts), read once, and a seam for tests to choose them.
import { parseSetting } from "../settings.ts";

export interface WebhookOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  disableAfterMs: number;
  /** How long a batch waits for a receiver before sending its delivery again on its own (attempt-deliveries.ts). */
  batchAnswerMs: number;
}

/** A batch's wait for an answer: a second (decision 0035). */
export const defaultBatchAnswerMs = 1_000;

let chosen: WebhookOptions | undefined;

export function webhookOptions(): WebhookOptions {
  chosen ??= {
    allowPrivate: parseSetting("DULY_WEBHOOKS_ALLOW_PRIVATE") === "1",
    timeoutMs: parseSetting("DULY_WEBHOOK_TIMEOUT"),
    disableAfterMs: parseSetting("DULY_WEBHOOK_DISABLE_AFTER"),
    batchAnswerMs: defaultBatchAnswerMs,
  };
  return chosen;
}

/** Tests: replace some options (undefined: back to the environment's). */
export function setWebhookOptions(options: Partial<WebhookOptions> | undefined): void {
  chosen = options === undefined ? undefined : { ...webhookOptions(), ...options };
}

/** The endpoint's backoff after n consecutive failures: 10 s doubling, at most an hour. */
export function endpointBackoffMs(consecutiveFailures: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.min(20, Math.max(0, consecutiveFailures - 1)));
}
