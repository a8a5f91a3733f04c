// Demo data for `npm start`: a believable marketplace around the moment it starts. A month of
// history is replayed through the real use cases and real ticks of the marketplace's job types
// at the instants things happened (so the ledger, job runs and statuses are what production
// would have), then the present is left with real deadlines: requests waiting for chefs, unpaid
// acceptances, events over the next 90 days, two open disputes, an auction closing soon.
// Seeds once: a database that already has chefs is left alone.
import type { Db } from "../../../lib/db/client.ts";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import { dueJobCount } from "../../../lib/scheduler/admin/index.ts";
import {
  acceptBooking, cancelBooking, declineBooking, openDispute, payBooking, placeBid, postAuction, replyToDispute, requestBooking,
  resolveDispute, type Actor,
} from "../../../lib/marketplace/index.ts";
import { marketplaceJobs } from "../../../jobs/marketplace/index.ts";
import { minorDigits } from "../../../lib/money/currencies.ts";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const firstNames = ["Amélie", "Bruno", "Chiara", "Dmitri", "Esther", "Farid", "Greta", "Hiro", "Inès", "Jonas", "Kemi", "Lucía", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sami", "Tove", "Umar", "Vera", "Wen", "Ximena", "Yusuf", "Zoë"];
const lastNames = ["Moreau", "Rossi", "Schmidt", "Okafor", "Tanaka", "Haddad", "Lindqvist", "Costa", "Novak", "Dubois", "Mensah", "García", "Kowalski", "Nguyen", "Fischer", "Silva"];
// Each place prices in its own currency, so the dashboard shows amounts with 2, 3 and 0 decimals
// (the open dispute that waits for an operator is in KWD: a partial refund typed as printed).
const places = [
  ["Paris, Rue de Rivoli 12", "Europe/Paris", "EUR"], ["Lyon, Quai Saint-Antoine 3", "Europe/Paris", "EUR"], ["Berlin, Torstraße 88", "Europe/Berlin", "EUR"],
  ["Lisbon, Rua Augusta 40", "Europe/Lisbon", "EUR"], ["London, 14 Hackney Road", "Europe/London", "GBP"], ["Barcelona, Carrer de Blai 9", "Europe/Madrid", "EUR"],
  ["Kuwait City, Arabian Gulf Street 5", "Asia/Kuwait", "KWD"], ["Amsterdam, Prinsengracht 263", "Europe/Amsterdam", "EUR"],
  ["Tokyo, Nakameguro 1-4-2", "Asia/Tokyo", "JPY"], ["Milan, Via Tortona 27", "Europe/Rome", "EUR"],
] as const;
/** Rough rates from euros, for believable prices. */
const perEuro = { EUR: 1, GBP: 0.85, KWD: 0.331, JPY: 162 } as const;

/** A price of `euros` in `currency`'s minor units, with that currency's own digits (ISO 4217's: JPY 0, GBP 2, KWD 3). */
function demoPrice(euros: number, currency: keyof typeof perEuro): number {
  return Math.round(euros * perEuro[currency] * 10 ** minorDigits(currency));
}

export interface MarketplaceDemo {
  chefs: number;
  customers: number;
  bookings: number;
  /** A customer and a chef of the demo, for printing an API key and a curl example (the API's hook). */
  sampleCustomerId: number;
  sampleChefId: number;
  sampleBookingId: number;
}

type Action = { at: Date; what: string; run: () => Promise<unknown> };

export async function seedMarketplace(db: Db, now: Date): Promise<MarketplaceDemo | null> {
  if ((await db.chef.count()) > 0) return null;
  const catalogue = createCatalogue(marketplaceJobs);
  const t = (ms: number) => new Date(now.getTime() + ms);
  const historyStart = t(-35 * day);

  // People in two statements (registering 70 one by one is 3 s of the seed).
  await db.chef.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      name: `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`, email: `chef${i + 1}@chefs.duly.test`, createdAt: historyStart,
    })),
  });
  await db.customer.createMany({
    data: Array.from({ length: 40 }, (_, i) => ({
      name: `${firstNames[(i * 5 + 3) % firstNames.length]} ${lastNames[(i * 3 + 1) % lastNames.length]}`, email: `customer${i + 1}@example.com`, createdAt: historyStart,
    })),
  });
  const chefs = (await db.chef.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((c) => c.id);
  const customers = (await db.customer.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((c) => c.id);

  const actions: Action[] = [];
  let n = 0;
  const customer = (i: number): Actor => ({ kind: "customer", customerId: customers[i % customers.length]! });
  const chef = (i: number): Actor => ({ kind: "chef", chefId: chefs[i % chefs.length]! });
  const operator: Actor = { kind: "operator", email: "ops@duly.test" };
  const bookingIds = new Map<number, number>(); // story -> booking id

  /**
   * One booking's story: requested at `requestAt` for an event at `eventAt`, then the steps it
   * takes (each at an instant); deadlines in between are left to the ticks.
   */
  function story(
    requestAt: Date,
    eventAt: Date,
    steps: Array<{ at: Date; step: "accept" | "decline" | "pay" | "cancel" | "dispute" | "reply" | "partial" | "release" }>,
  ) {
    const index = n++;
    const [place, timeZone, currency] = places[index % places.length]!;
    const priceMinor = demoPrice(80 + ((index * 37) % 12) * 25, currency);
    const who = customer(index);
    const cook = chef(index * 7);
    const bookingId = () => bookingIds.get(index)!;
    actions.push({
      at: requestAt, what: "request",
      run: async () => {
        const b = await requestBooking({ db, actor: who, now: requestAt }, { chefId: (cook as { chefId: number }).chefId, eventAt: eventAt.toISOString(), timeZone, place, priceMinor, currency });
        bookingIds.set(index, b.id);
      },
    });
    for (const { at, step } of steps) {
      const ctx = (actor: Actor) => ({ db, actor, now: at });
      actions.push({
        at, what: step,
        run: async () => {
          const bookingId0 = bookingId();
          switch (step) {
            case "accept": return acceptBooking(ctx(cook), { bookingId: bookingId0 });
            case "decline": return declineBooking(ctx(cook), { bookingId: bookingId0, reason: "fully booked that weekend" });
            case "pay": return payBooking(ctx(who), { bookingId: bookingId0, amountMinor: priceMinor, currency, paymentKey: `pi_demo_${bookingId0}` });
            case "cancel": return cancelBooking(ctx(who), { bookingId: bookingId0, reason: "the party was called off" });
            case "dispute": return openDispute(ctx(who), { bookingId: bookingId0, reason: "The main course arrived cold and an hour late." });
            case "reply": {
              const dispute = await db.dispute.findFirstOrThrow({ where: { bookingId: bookingId0 } });
              return replyToDispute(ctx(cook), { disputeId: dispute.id, reply: "The venue's kitchen was not available until 20:00, as I told the host." });
            }
            case "partial":
            case "release": {
              const dispute = await db.dispute.findFirstOrThrow({ where: { bookingId: bookingId0 } });
              return step === "partial"
                ? resolveDispute(ctx(operator), { disputeId: dispute.id, outcome: "partial", refundMinor: Math.floor(priceMinor / 4) })
                : resolveDispute(ctx(operator), { disputeId: dispute.id, outcome: "release" });
            }
          }
        },
      });
    }
  }

  // The past: bookings that ran their whole course.
  for (let i = 0; i < 6; i++) {
    const r = t(-34 * day + i * 2 * hour);
    const e = t(-20 * day + i * day);
    story(r, e, [{ at: new Date(r.getTime() + 3 * hour), step: "accept" }, { at: new Date(r.getTime() + 5 * hour), step: "pay" }]); // paid_out
  }
  { const r = t(-30 * day); const e = t(-14 * day); // silent chef: refunded
    story(r, e, [{ at: t(-30 * day + hour), step: "accept" }, { at: t(-30 * day + 2 * hour), step: "pay" }, { at: t(-14 * day + 5 * hour), step: "dispute" }]); }
  { const r = t(-29 * day); const e = t(-12 * day); // reply, operator partial: settled
    story(r, e, [{ at: t(-29 * day + hour), step: "accept" }, { at: t(-29 * day + 3 * hour), step: "pay" }, { at: t(-12 * day + 4 * hour), step: "dispute" },
      { at: t(-12 * day + 10 * hour), step: "reply" }, { at: t(-10 * day), step: "partial" }]); }
  { const r = t(-28 * day); const e = t(-11 * day); // reply, released to the chef
    story(r, e, [{ at: t(-28 * day + hour), step: "accept" }, { at: t(-28 * day + 3 * hour), step: "pay" }, { at: t(-11 * day + 4 * hour), step: "dispute" },
      { at: t(-11 * day + 6 * hour), step: "reply" }, { at: t(-9 * day), step: "release" }]); }
  { const r = t(-27 * day); const e = t(-5 * day); // cancelled late after payment: half refunded
    story(r, e, [{ at: t(-27 * day + hour), step: "accept" }, { at: t(-27 * day + 2 * hour), step: "pay" }, { at: t(-7 * day), step: "cancel" }]); }
  story(t(-25 * day), t(-3 * day), [{ at: t(-25 * day + hour), step: "accept" }]); // never paid: cancelled
  story(t(-24 * day), t(10 * day), []); // never answered: expired
  story(t(-20 * day), t(20 * day), [{ at: t(-20 * day + 2 * hour), step: "decline" }]); // declined
  story(t(-6 * day), t(-26 * hour), [{ at: t(-6 * day + hour), step: "accept" }, { at: t(-6 * day + 2 * hour), step: "pay" }]); // completed: payout in ~1 day
  story(t(-6 * day), t(-90 * minute), [{ at: t(-6 * day + hour), step: "accept" }, { at: t(-6 * day + 2 * hour), step: "pay" }]); // closed: completes in 90 min
  // The two open disputes: one waiting for the chef's reply, one for an operator.
  story(t(-9 * day), t(-2 * day), [{ at: t(-9 * day + hour), step: "accept" }, { at: t(-9 * day + 2 * hour), step: "pay" }, { at: t(-6 * hour), step: "dispute" }]);
  story(t(-9 * day), t(-3 * day), [{ at: t(-9 * day + hour), step: "accept" }, { at: t(-9 * day + 2 * hour), step: "pay" }, { at: t(-30 * hour), step: "dispute" },
    { at: t(-20 * hour), step: "reply" }]);

  // The present and future: events over the next 90 days.
  for (let i = 0; i < 24; i++) {
    const e = t(2 * day + Math.round((i * 88 * day) / 24) + (i % 3) * 3 * hour);
    const r = t(-20 * day + i * 10 * hour);
    story(r, e, [{ at: new Date(r.getTime() + 2 * hour), step: "accept" }, { at: new Date(r.getTime() + 6 * hour), step: "pay" }]); // paid
  }
  for (let i = 0; i < 5; i++) story(t(-(20 - i * 4) * hour), t((12 + i * 9) * day), []); // requested: answers due within a day
  for (let i = 0; i < 4; i++) story(t(-20 * hour), t((20 + i * 11) * day), [{ at: t(-(10 - i * 2) * hour), step: "accept" }]); // accepted: payment due within hours

  // Auctions: one awarded in the past, one that expired, one closing soon with bids.
  const auction = (postedAt: Date, closesAt: Date, eventAt: Date, bids: Array<[number, number, Date]>, who: number) => {
    actions.push({
      at: postedAt, what: "auction",
      run: async () => {
        const a = await postAuction({ db, actor: customer(who), now: postedAt }, {
          closesAt: closesAt.toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Bordeaux, Place de la Bourse 1", currency: "EUR", maxPriceMinor: 400_00,
        });
        for (const [chefIndex, price, at] of bids) {
          actions.push({ at, what: "bid", run: () => placeBid({ db, actor: chef(chefIndex), now: at }, { auctionId: a.id, priceMinor: price }) });
        }
        actions.sort((x, y) => x.at.getTime() - y.at.getTime());
      },
    });
  };
  auction(t(-22 * day), t(-20 * day), t(15 * day), [[3, 310_00, t(-21 * day)], [8, 285_00, t(-21 * day + 5 * hour)]], 11);
  auction(t(-8 * day), t(-6 * day), t(30 * day), [], 12);
  auction(t(-2 * day), t(3 * hour), t(21 * day), [[2, 350_00, t(-40 * hour)], [5, 330_00, t(-20 * hour)], [9, 342_00, t(-2 * hour)]], 13);

  // Replay: ticks at each action's instant (deadlines in between run at their own instants,
  // since a tick runs everything due by then), then one at `now`.
  actions.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i]!;
    await tickOrThrow(db, catalogue, action.at);
    try {
      await action.run();
    } catch (error) {
      throw new Error(`demo seed: ${action.what} at ${action.at.toISOString()} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await tickOrThrow(db, catalogue, now);

  const sample = await db.booking.findFirstOrThrow({ where: { status: "paid" }, orderBy: { eventAt: "asc" } });
  return {
    chefs: chefs.length, customers: customers.length, bookings: await db.booking.count(),
    sampleCustomerId: sample.customerId, sampleChefId: sample.chefId, sampleBookingId: sample.id,
  };
}

async function tickOrThrow(db: Db, catalogue: ReturnType<typeof createCatalogue>, now: Date): Promise<void> {
  // Most actions have nothing due before them: skip the tick (the replay takes a third of the time).
  if ((await dueJobCount(db, now, 1)) === 0) return;
  const summary = await tick({ db, catalogue, now, budgetMs: 30_000, concurrency: 1 });
  if (summary.errors.length > 0 || summary.failed > 0) throw new Error(`demo seed: tick at ${now.toISOString()}: ${summary.errors.join("; ") || `${summary.failed} failed`}`);
}
