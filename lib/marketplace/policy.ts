// The lifecycle's durations, in one place. Defaults are the marketplace's rules (24 h to accept,
// 12 h to pay, complete 3 h after the event, pay out 48 h after completion, 24 h to reply to a
// dispute); each can be overridden per environment (lib/settings.ts: DULY_ACCEPT_WITHIN, ...),
// e.g. shorter in a demo. Use cases read the policy they are given, so tests pass their own.
import { parseSetting } from "../settings.ts";

export interface LifecyclePolicy {
  acceptWithinMs: number;
  payWithinMs: number;
  /** The event closes at its own time: no setting. Completion follows this long after. */
  completeAfterMs: number;
  payoutAfterMs: number;
  disputeReplyWithinMs: number;
  /** A chef's time to answer a request to move an agreed event (never past the event itself). */
  moveAnswerWithinMs: number;
  minNoticeMs: number;
  fullRefundNoticeMs: number;
  /** 0..100: what a customer's late cancellation of a paid booking refunds; the rest goes to the chef. */
  lateCancelRefundPercent: number;
}

const hour = 3_600_000;

export const defaultPolicy: LifecyclePolicy = Object.freeze({
  acceptWithinMs: 24 * hour,
  payWithinMs: 12 * hour,
  completeAfterMs: 3 * hour,
  payoutAfterMs: 48 * hour,
  disputeReplyWithinMs: 24 * hour,
  moveAnswerWithinMs: 24 * hour,
  minNoticeMs: 48 * hour,
  fullRefundNoticeMs: 7 * 24 * hour,
  lateCancelRefundPercent: 50,
});

/** The policy this environment sets (unset variables keep the defaults). Throws SettingsError naming a bad one. */
export function policyFromEnv(env: Record<string, string | undefined> = process.env): LifecyclePolicy {
  return Object.freeze({
    acceptWithinMs: parseSetting("DULY_ACCEPT_WITHIN", env),
    payWithinMs: parseSetting("DULY_PAY_WITHIN", env),
    completeAfterMs: parseSetting("DULY_COMPLETE_AFTER", env),
    payoutAfterMs: parseSetting("DULY_PAYOUT_AFTER", env),
    disputeReplyWithinMs: parseSetting("DULY_DISPUTE_REPLY_WITHIN", env),
    moveAnswerWithinMs: parseSetting("DULY_MOVE_ANSWER_WITHIN", env),
    minNoticeMs: parseSetting("DULY_MIN_NOTICE", env),
    fullRefundNoticeMs: parseSetting("DULY_FULL_REFUND_NOTICE", env),
    lateCancelRefundPercent: parseSetting("DULY_LATE_CANCEL_REFUND_PERCENT", env),
  });
}

let cached: LifecyclePolicy | undefined;

/** The process's policy, read from the environment once. */
export function lifecyclePolicy(): LifecyclePolicy {
  cached ??= policyFromEnv();
  return cached;
}

/**
 * What a cancellation of a paid booking refunds, in minor units (the rest is paid to the chef).
 * `eventAt` is the event time both sides agreed to (bookings.agreed_event_at: the
 * chef's acceptance, an accepted move, an operator's move), so a time one side chose alone never
 * changes what the chef is owed.
 */
export function cancellationRefundMinor(
  policy: LifecyclePolicy,
  { priceMinor, eventAt, now, byCustomer }: { priceMinor: number; eventAt: Date; now: Date; byCustomer: boolean },
): number {
  if (!byCustomer) return priceMinor; // a chef or an operator cancelling: the customer gets everything back
  if (eventAt.getTime() - now.getTime() >= policy.fullRefundNoticeMs) return priceMinor;
  return Math.floor((priceMinor * policy.lateCancelRefundPercent) / 100);
}
