// Disputes for e2e tests, made in the e2e server's database through the marketplace's own use
// cases and ticks (as the demo seed makes its disputes), at instants before the real now: a
// paid booking whose event closed three days ago, disputed an hour after it, replied or not.
import { randomBytes } from "node:crypto";
import type { Db } from "../../lib/db/client.ts";
import { createCatalogue, tick } from "../../lib/scheduler/index.ts";
import { marketplaceJobs } from "../../jobs/marketplace/index.ts";
import {
  acceptBooking, openDispute, payBooking, registerChef, registerCustomer, replyToDispute, requestBooking, systemActor,
} from "../../lib/marketplace/index.ts";

const hour = 3_600_000;
const catalogue = createCatalogue(marketplaceJobs);

export interface MadeDispute {
  id: number;
  bookingId: number;
  replyBy: Date;
  customerName: string;
  chefName: string;
}

export async function makeDispute(
  db: Db,
  {
    replied, priceMinor = 120_00, currency = "EUR", customerName, chefName,
  }: { replied: boolean; priceMinor?: number; currency?: string; customerName?: string; chefName?: string },
): Promise<MadeDispute> {
  const tag = randomBytes(3).toString("hex");
  const eventAt = new Date(Date.now() - 3 * 24 * hour);
  const start = new Date(eventAt.getTime() - 7 * 24 * hour);
  const system = { db, actor: systemActor("e2e"), now: start };
  const customer = await registerCustomer(system, { name: customerName ? `${customerName} ${tag}` : `Customer ${tag}`, email: `customer-${tag}@e2e.duly.test` });
  const chef = await registerChef(system, { name: chefName ? `${chefName} ${tag}` : `Chef ${tag}`, email: `chef-${tag}@e2e.duly.test` });
  const asCustomer = { db, actor: { kind: "customer", customerId: customer.id } as const, now: start };
  const asChef = { db, actor: { kind: "chef", chefId: chef.id } as const };
  const booking = await requestBooking(asCustomer, { chefId: chef.id, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: `Lyon ${tag}`, priceMinor, currency });
  await acceptBooking({ ...asChef, now: new Date(start.getTime() + hour) }, { bookingId: booking.id });
  await payBooking({ ...asCustomer, now: new Date(start.getTime() + 2 * hour) }, { bookingId: booking.id, amountMinor: priceMinor, currency });
  // Its close-event job, at the event's instant (only the marketplace's job types run).
  const summary = await tick({ db, catalogue, now: eventAt, budgetMs: 20_000, concurrency: 1 });
  if (summary.errors.length > 0) throw new Error(`tick: ${summary.errors.join("; ")}`);
  const openedAt = new Date(eventAt.getTime() + hour);
  const dispute = await openDispute({ ...asCustomer, now: openedAt }, { bookingId: booking.id, reason: "The main course arrived cold." });
  if (replied) await replyToDispute({ ...asChef, now: new Date(openedAt.getTime() + hour) }, { disputeId: dispute.id, reply: "The kitchen opened late." });
  return { id: dispute.id, bookingId: booking.id, replyBy: new Date(dispute.replyBy), customerName: customer.name, chefName: chef.name };
}

/** Runs the dispute's reply deadline as a tick would (the chef stayed silent: refunded in full). */
export async function runReplyDeadline(db: Db, dispute: MadeDispute): Promise<void> {
  const summary = await tick({ db, catalogue, now: dispute.replyBy, budgetMs: 20_000, concurrency: 1 });
  if (summary.errors.length > 0) throw new Error(`tick: ${summary.errors.join("; ")}`);
}
