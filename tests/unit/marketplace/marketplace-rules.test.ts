// The marketplace's rules as data: the transition tables, the policy and its environment
// overrides, the job declarations and the catalogue that gives them handlers.
import { describe, expect, it } from "vitest";
import {
  auctionTransitions, bookingTransitions, cancellationRefundMinor, defaultPolicy, disputeTransitions, edgesOf, holdingStatuses,
  marketplaceDeclarations, movableStatuses, policyFromEnv, subjectOf, terminalBookingStatuses, bookingStatusSchema, ledgerKey,
  acceptDeadline, disputeReplyDeadline,
} from "../../../lib/marketplace/index.ts";
import { catalogue } from "../../../jobs/index.ts";
import { SettingsError } from "../../../lib/settings.ts";

const hour = 3_600_000;

describe("booking transitions", () => {
  const edges = edgesOf(bookingTransitions).map(([from, to]) => `${from}->${to}`).sort();

  it("are exactly the lifecycle of docs/marketplace.md", () => {
    expect(edges).toEqual([
      "accepted->cancelled", "accepted->paid", "closed->completed", "closed->disputed", "completed->disputed", "completed->paid_out",
      "disputed->paid_out", "disputed->refunded", "disputed->settled", "paid->cancelled", "paid->closed", "requested->accepted",
      "requested->cancelled", "requested->declined", "requested->expired",
    ]);
  });

  it("never leave a terminal status, and every non-terminal status has a way out", () => {
    for (const [from] of edgesOf(bookingTransitions)) expect(terminalBookingStatuses).not.toContain(from);
    const nonTerminal = bookingStatusSchema.options.filter((s) => !(terminalBookingStatuses as readonly string[]).includes(s));
    for (const status of nonTerminal) expect(edges.some((e) => e.startsWith(`${status}->`))).toBe(true);
  });

  it("reach every status from requested", () => {
    const reached = new Set(["requested"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, to] of edgesOf(bookingTransitions)) {
        if (reached.has(from) && !reached.has(to)) {
          reached.add(to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...bookingStatusSchema.options].sort());
  });

  it("no money moves out before it came in: payouts and refunds only leave holding statuses", () => {
    const moneyOut = ["payOut", "refund", "settle", "release"] as const;
    for (const name of moneyOut) for (const from of bookingTransitions[name].from) expect(holdingStatuses).toContain(from);
    expect(movableStatuses).toEqual(["requested", "accepted", "paid"]);
  });

  it("disputes and auctions: only open records change", () => {
    expect(edgesOf(disputeTransitions).map(([f, t]) => `${f}->${t}`).sort()).toEqual([
      "awaiting_operator->partially_refunded", "awaiting_operator->refunded", "awaiting_operator->released",
      "awaiting_reply->awaiting_operator", "awaiting_reply->partially_refunded", "awaiting_reply->refunded", "awaiting_reply->released",
    ]);
    expect(edgesOf(auctionTransitions)).toEqual([["open", "awarded"], ["open", "expired"]]);
  });
});

describe("policy", () => {
  it("defaults to the marketplace's rules", () => {
    expect(policyFromEnv({})).toEqual(defaultPolicy);
    expect(defaultPolicy).toMatchObject({
      acceptWithinMs: 24 * hour, payWithinMs: 12 * hour, completeAfterMs: 3 * hour, payoutAfterMs: 48 * hour, disputeReplyWithinMs: 24 * hour,
    });
  });

  it("is overridable per environment, and a bad value names its variable", () => {
    expect(policyFromEnv({ DULY_ACCEPT_WITHIN: "90m", DULY_PAYOUT_AFTER: "2d", DULY_LATE_CANCEL_REFUND_PERCENT: "25" })).toMatchObject({
      acceptWithinMs: 90 * 60_000, payoutAfterMs: 48 * hour, lateCancelRefundPercent: 25, payWithinMs: 12 * hour,
    });
    expect(() => policyFromEnv({ DULY_PAY_WITHIN: "12 hours" })).toThrow(SettingsError);
    expect(() => policyFromEnv({ DULY_PAY_WITHIN: "12 hours" })).toThrow(/DULY_PAY_WITHIN/);
    expect(() => policyFromEnv({ DULY_DISPUTE_REPLY_WITHIN: "0s" })).toThrow(/DULY_DISPUTE_REPLY_WITHIN/);
    expect(() => policyFromEnv({ DULY_DISPUTE_REPLY_WITHIN: "999999d" })).toThrow(/DULY_DISPUTE_REPLY_WITHIN/);
  });

  it("refunds a cancelled paid booking per notice and party; never more than the price", () => {
    const eventAt = new Date("2027-01-10T18:00:00Z");
    const days = (n: number) => new Date(eventAt.getTime() - n * 24 * hour);
    const refund = (now: Date, byCustomer = true, priceMinor = 101) => cancellationRefundMinor(defaultPolicy, { priceMinor, eventAt, now, byCustomer });
    expect(refund(days(7))).toBe(101);
    expect(refund(new Date(days(7).getTime() + 1))).toBe(50); // rounded down: the chef keeps the odd cent
    expect(refund(days(1), false)).toBe(101);
    for (const percent of [0, 33, 100]) {
      const r = cancellationRefundMinor({ ...defaultPolicy, lateCancelRefundPercent: percent }, { priceMinor: 999, eventAt, now: days(1), byCustomer: true });
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(999);
    }
  });
});

describe("job declarations and the catalogue", () => {
  it("the catalogue holds every declaration, unchanged, with money-moving types alone", () => {
    for (const declaration of marketplaceDeclarations) {
      const definition = catalogue.get(declaration.name);
      expect(definition, declaration.name).toBeDefined();
      expect(definition).toMatchObject({
        name: declaration.name, version: declaration.version, payload: declaration.payload, retry: declaration.retry,
        leaseMs: declaration.leaseMs, isolation: declaration.isolation, businessTime: declaration.businessTime,
      });
    }
    const alone = marketplaceDeclarations.filter((d) => d.isolation === "alone").map((d) => d.name).sort();
    expect(alone).toEqual(["marketplace.booking.payout", "marketplace.dispute.reply-deadline"]);
    expect(catalogue.get("demo.ping")).toBeDefined();
  });

  it("every marketplace deadline is bound to its business time (run early, it waits; decision 0020), and says which", () => {
    for (const declaration of marketplaceDeclarations) {
      expect(declaration.businessTime?.instant, declaration.name).toMatch(/^the /);
      expect(catalogue.get(declaration.name)!.businessTime, declaration.name).toBe(declaration.businessTime);
    }
    // Nothing else in the catalogue is: its other types act whenever they run.
    const bound = catalogue.all().filter((d) => d.businessTime).map((d) => d.name).sort();
    expect(bound).toEqual(marketplaceDeclarations.map((d) => d.name).sort());
  });

  it("keys and subjects come from helpers: one job per record per type", () => {
    expect(acceptDeadline.key({ bookingId: 42 })).toBe("marketplace.booking.accept-deadline:booking:42");
    expect(acceptDeadline.subject({ bookingId: 42 })).toEqual(subjectOf.booking(42));
    expect(disputeReplyDeadline.key({ disputeId: 7 })).toBe("marketplace.dispute.reply-deadline:dispute:7");
    const keys = marketplaceDeclarations.map((d) => d.key({ bookingId: 1, disputeId: 1, auctionId: 1 }));
    expect(new Set(keys).size).toBe(keys.length);
    expect([ledgerKey.charge(42), ledgerKey.payout(42), ledgerKey.refund(42)]).toEqual(["charge:booking:42", "payout:booking:42", "refund:booking:42"]);
  });
});
