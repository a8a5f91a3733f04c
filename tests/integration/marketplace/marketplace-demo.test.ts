// npm start's marketplace demo (scripts/lib/demo/marketplace.ts): every booking status, prices in
// EUR, GBP, KWD and JPY, two open disputes, an auction closing soon, ledger history, a next week full of real deadlines, the
// invariants holding, and a second seed doing nothing.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { seedMarketplace } from "../../../scripts/lib/demo/marketplace.ts";
import { bookingStatusSchema } from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const now = new Date("2027-10-04T07:30:00Z");

describe("marketplace demo data", () => {
  it("seeds a believable marketplace once", { timeout: 120_000 }, async () => {
    const { db } = database;
    const demo = await seedMarketplace(db, now);
    expect(demo).toMatchObject({ chefs: 30, customers: 40 });
    const statuses = new Set((await db.booking.findMany({ select: { status: true } })).map((b) => b.status));
    expect([...statuses].sort()).toEqual([...bookingStatusSchema.options].sort());
    expect(await db.dispute.count({ where: { status: { in: ["awaiting_reply", "awaiting_operator"] } } })).toBe(2);
    // Prices in currencies with 2, 3 and 0 decimals; the dispute waiting for an operator is in KWD.
    expect([...new Set((await db.booking.findMany({ select: { currency: true } })).map((b) => b.currency))].sort()).toEqual(["EUR", "GBP", "JPY", "KWD"]);
    expect((await db.dispute.findFirstOrThrow({ where: { status: "awaiting_operator" }, include: { booking: true } })).booking.currency).toBe("KWD");
    const soon = await db.auction.findMany({ where: { status: "open" }, include: { bids: true } });
    expect(soon).toHaveLength(1);
    expect(soon[0]!.closesAt.getTime() - now.getTime()).toBeLessThan(day);
    expect(soon[0]!.bids.length).toBeGreaterThanOrEqual(2);
    expect(await db.ledgerEntry.groupBy({ by: ["kind"], _count: true, orderBy: { kind: "asc" } })).toEqual([
      { kind: "charge", _count: expect.any(Number) }, { kind: "payout", _count: expect.any(Number) }, { kind: "refund", _count: expect.any(Number) },
    ]);
    const upcoming = await db.booking.findMany({ where: { eventAt: { gt: now } }, select: { eventAt: true } });
    expect(Math.max(...upcoming.map((b) => b.eventAt.getTime())) - now.getTime()).toBeGreaterThan(80 * day);
    const nextWeek = await db.scheduledJob.groupBy({
      by: ["jobType"], where: { status: "pending", runAt: { gte: now, lt: at(now, 7 * day) } }, _count: true,
    });
    expect(nextWeek.map((g) => g.jobType).sort()).toEqual([
      "marketplace.auction.close", "marketplace.booking.accept-deadline", "marketplace.booking.close-event", "marketplace.booking.complete",
      "marketplace.booking.payment-deadline", "marketplace.booking.payout", "marketplace.dispute.reply-deadline",
    ]);
    expect(await db.scheduledJob.count({ where: { status: "pending", runAt: { lt: now } } })).toBe(0);
    await expectInvariants(db);
    expect(await seedMarketplace(db, at(now, day))).toBeNull();
  });
});
